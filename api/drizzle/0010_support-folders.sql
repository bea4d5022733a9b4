-- hand-written: folders start here, so a parent_id stored before names no folder; cleared so the foreign key holds.
UPDATE "crawls" SET "parent_id" = NULL WHERE "parent_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "crawl_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_result_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid,
	"crawl_id" uuid,
	"crawl_result_id" uuid,
	"url" text NOT NULL,
	"problem_type" text NOT NULL,
	"description" text NOT NULL,
	"duplicates_removed_count" integer DEFAULT 0 NOT NULL,
	"deduplicate_content" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"support_request_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid,
	"user_id" uuid,
	"email" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crawl_folders" ADD CONSTRAINT "crawl_folders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_folders" ADD CONSTRAINT "crawl_folders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_result_reports" ADD CONSTRAINT "crawl_result_reports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_result_reports" ADD CONSTRAINT "crawl_result_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_result_reports" ADD CONSTRAINT "crawl_result_reports_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_result_reports" ADD CONSTRAINT "crawl_result_reports_crawl_result_id_crawl_results_id_fk" FOREIGN KEY ("crawl_result_id") REFERENCES "public"."crawl_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_support_request_id_support_requests_id_fk" FOREIGN KEY ("support_request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crawl_folders_project_idx" ON "crawl_folders" USING btree ("team_id","project_id","name");--> statement-breakpoint
CREATE INDEX "crawl_result_reports_created_idx" ON "crawl_result_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_attachments_request_idx" ON "support_attachments" USING btree ("support_request_id");--> statement-breakpoint
CREATE INDEX "support_requests_created_idx" ON "support_requests" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "crawls" ADD CONSTRAINT "crawls_parent_id_crawl_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."crawl_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crawls_parent_idx" ON "crawls" USING btree ("parent_id") WHERE "crawls"."parent_id" is not null;