CREATE TABLE "crawl_block_hashes" (
	"crawl_id" uuid NOT NULL,
	"hash" bigint NOT NULL,
	CONSTRAINT "crawl_block_hashes_crawl_id_hash_pk" PRIMARY KEY("crawl_id","hash")
);
--> statement-breakpoint
CREATE TABLE "crawl_page_hashes" (
	"crawl_id" uuid NOT NULL,
	"hash" bigint NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "crawl_page_hashes_crawl_id_hash_pk" PRIMARY KEY("crawl_id","hash")
);
--> statement-breakpoint
ALTER TABLE "crawl_block_hashes" ADD CONSTRAINT "crawl_block_hashes_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_page_hashes" ADD CONSTRAINT "crawl_page_hashes_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;