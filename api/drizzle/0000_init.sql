CREATE TYPE "public"."crawl_origin" AS ENUM('web', 'api');--> statement-breakpoint
CREATE TYPE "public"."crawl_status" AS ENUM('running', 'succeeded', 'failed', 'aborted', 'timed_out', 'error');--> statement-breakpoint
CREATE TYPE "public"."engine_type" AS ENUM('cheerio', 'playwright', 'auto');--> statement-breakpoint
CREATE TYPE "public"."frontier_state" AS ENUM('pending', 'claimed', 'done');--> statement-breakpoint
CREATE TYPE "public"."log_level" AS ENUM('info', 'debug', 'warn', 'error');--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"project_id" uuid,
	"user_id" uuid,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "crawl_frontier" (
	"crawl_id" uuid NOT NULL,
	"url_key" text NOT NULL,
	"url" text NOT NULL,
	"depth" integer NOT NULL,
	"state" "frontier_state" DEFAULT 'pending' NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "crawl_frontier_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "crawl_frontier_crawl_id_url_key_pk" PRIMARY KEY("crawl_id","url_key")
);
--> statement-breakpoint
CREATE TABLE "crawl_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "crawl_logs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"crawl_id" uuid NOT NULL,
	"level" "log_level" NOT NULL,
	"message" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"crawl_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"markdown" text NOT NULL,
	"duplicates_removed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"parent_id" uuid,
	"status" "crawl_status" DEFAULT 'running' NOT NULL,
	"start_urls" text[] NOT NULL,
	"max_results" integer NOT NULL,
	"max_depth" integer NOT NULL,
	"use_sitemap" boolean NOT NULL,
	"entire_website" boolean NOT NULL,
	"include_links" boolean NOT NULL,
	"exclude_non_main_tags" boolean NOT NULL,
	"deduplicate_content" boolean NOT NULL,
	"engine_type" "engine_type" NOT NULL,
	"use_static_ips" boolean NOT NULL,
	"timeout" bigint NOT NULL,
	"extraction" text,
	"origin" "crawl_origin" NOT NULL,
	"number_of_results" integer DEFAULT 0 NOT NULL,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"duration_in_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"title" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"usage_used" integer DEFAULT 0 NOT NULL,
	"max_usage" integer DEFAULT 10000 NOT NULL,
	"stripe_subscription_status" text,
	"price_lookup_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text,
	"roles" text[] DEFAULT '{user}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_frontier" ADD CONSTRAINT "crawl_frontier_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_logs" ADD CONSTRAINT "crawl_logs_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_results" ADD CONSTRAINT "crawl_results_crawl_id_crawls_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawls" ADD CONSTRAINT "crawls_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawls" ADD CONSTRAINT "crawls_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_team_idx" ON "api_tokens" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "crawl_frontier_pending_idx" ON "crawl_frontier" USING btree ("crawl_id","depth","seq") WHERE "crawl_frontier"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "crawl_logs_crawl_seq_idx" ON "crawl_logs" USING btree ("crawl_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "crawl_results_position_key" ON "crawl_results" USING btree ("crawl_id","position");--> statement-breakpoint
CREATE INDEX "crawls_team_project_created_idx" ON "crawls" USING btree ("team_id","project_id","created_at");--> statement-breakpoint
CREATE INDEX "crawls_running_idx" ON "crawls" USING btree ("status") WHERE "crawls"."status" = 'running';--> statement-breakpoint
CREATE INDEX "projects_team_idx" ON "projects" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));