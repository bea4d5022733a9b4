CREATE TABLE "billing_defaults" (
	"id" text PRIMARY KEY NOT NULL,
	"max_usage" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ALTER COLUMN "max_usage" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "teams" ALTER COLUMN "max_usage" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "usage_period_start" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
-- hand-written: the old 10 000 default was never a team's choice; null takes the server's TRAWL_MAX_USAGE,
-- and existing teams count their monthly period from when they were created.
UPDATE "teams" SET "max_usage" = NULL, "usage_period_start" = "created_at";
