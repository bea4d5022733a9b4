CREATE TABLE "crawl_extractions" (
	"crawl_id" uuid NOT NULL,
	"url_key" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crawl_extractions_crawl_id_url_key_pk" PRIMARY KEY("crawl_id","url_key")
);
--> statement-breakpoint
ALTER TABLE "crawl_results" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "crawl_results" ADD COLUMN "extraction_tokens" integer;--> statement-breakpoint
ALTER TABLE "crawls" ADD COLUMN "extraction_method" text;--> statement-breakpoint
ALTER TABLE "crawls" ADD COLUMN "extraction_schema" jsonb;--> statement-breakpoint
ALTER TABLE "crawls" ADD COLUMN "extraction_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_extractions" ADD CONSTRAINT "crawl_extractions_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;