CREATE TYPE "public"."change_status" AS ENUM('new', 'changed', 'unchanged', 'removed');--> statement-breakpoint
ALTER TABLE "crawl_results" ADD COLUMN "url_key" text;--> statement-breakpoint
ALTER TABLE "crawl_results" ADD COLUMN "change_status" "change_status";--> statement-breakpoint
ALTER TABLE "crawl_results" ADD COLUMN "diff" text;--> statement-breakpoint
ALTER TABLE "crawl_results" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "crawl_results" ADD COLUMN "last_modified" text;--> statement-breakpoint
ALTER TABLE "crawl_results" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "crawl_results" ADD COLUMN "links" text[];--> statement-breakpoint
ALTER TABLE "crawls" ADD COLUMN "compare_with" uuid;--> statement-breakpoint
ALTER TABLE "crawls" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "crawls" ADD CONSTRAINT "crawls_compare_with_crawls_id_fk" FOREIGN KEY ("compare_with") REFERENCES "public"."crawls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crawl_results_url_key_idx" ON "crawl_results" USING btree ("crawl_id","url_key");