-- hand-written: full-text indexing leaves the commit path (issue #14). search_vector stops being a generated
-- column, which made every stored page pay for to_tsvector inside its crawl's commit; it becomes a plain
-- column that the API's search indexer (api/src/search/indexer.ts) fills in the background. Null means "not
-- indexed yet": search computes those rows' vectors on the fly, so no stored page is ever missed. DROP
-- EXPRESSION keeps every existing row's vector, so nothing is indexed twice.
ALTER TABLE "crawl_results" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
CREATE INDEX "crawl_results_unindexed_idx" ON "crawl_results" USING btree ("created_at") WHERE "search_vector" IS NULL;
