CREATE TABLE "user_search_history" (
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_search_history_user_id_query_pk" PRIMARY KEY("user_id","query")
);
--> statement-breakpoint
ALTER TABLE "user_search_history" ADD CONSTRAINT "user_search_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_search_history_recent_idx" ON "user_search_history" USING btree ("user_id","searched_at");--> statement-breakpoint
-- hand-written: full-text search over crawl results (drizzle cannot declare a tsvector column; see schema.ts).
-- Title weighs A, markdown B; only the first 100000 characters of markdown are indexed, which keeps every
-- vector far below PostgreSQL's 1 MB tsvector limit.
ALTER TABLE "crawl_results" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
	setweight(to_tsvector('english'::regconfig, left("markdown", 100000)), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "crawl_results_search_idx" ON "crawl_results" USING gin ("search_vector");
