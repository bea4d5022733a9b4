CREATE TABLE "host_pacing" (
	"host" text PRIMARY KEY NOT NULL,
	"next_start_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_slots" (
	"host" text NOT NULL,
	"slot" integer NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "host_slots_host_slot_pk" PRIMARY KEY("host","slot")
);
