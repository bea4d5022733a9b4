CREATE TYPE "public"."event_type" AS ENUM('CRAWL_EVENT', 'CRAWL_RESULT_CREATED_EVENT', 'CRAWL_LOG_CREATED_EVENT', 'SUBSCRIPTION_CHANGED_EVENT');--> statement-breakpoint
CREATE TABLE "crawl_batches" (
	"batch_id" text PRIMARY KEY NOT NULL,
	"crawl_id" uuid NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" uuid NOT NULL,
	"crawl_id" uuid,
	"type" "event_type" NOT NULL,
	"ref_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crawl_frontier" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "crawl_frontier" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crawl_batches" ADD CONSTRAINT "crawl_batches_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crawl_batches_crawl_idx" ON "crawl_batches" USING btree ("crawl_id");--> statement-breakpoint
CREATE INDEX "events_crawl_idx" ON "events" USING btree ("crawl_id","id");--> statement-breakpoint
CREATE INDEX "events_team_idx" ON "events" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "crawl_frontier_claimed_idx" ON "crawl_frontier" USING btree ("crawl_id","claimed_at") WHERE "crawl_frontier"."state" = 'claimed';