CREATE TABLE "rate_limit_counters" (
	"rule" text NOT NULL,
	"client_ip" text NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_rule_client_ip_pk" PRIMARY KEY("rule","client_ip")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_idx" ON "rate_limit_counters" USING btree ("reset_at");