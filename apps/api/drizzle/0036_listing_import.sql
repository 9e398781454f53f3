-- Issue 34 §2: listings imported from the MLS (RESO Web API) or a CSV file. A property says where it came from;
-- an MLS listing is keyed by its ListingKey per agent (a sync updates it in place), a CSV row by its MLS number
-- or its normalised address. An MLS status off the market (Pending, Closed, Withdrawn, …) hides the listing from
-- booking (`status_hidden_at`) and, while it has future showings, asks the agent what to do with them.
ALTER TABLE "properties" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "mls_listing_key" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "mls_number" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "mls_status" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "mls_media_urls" jsonb;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "remarks" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "status_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "showings_decision_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_source" CHECK ("source" in ('manual', 'mls', 'csv'));--> statement-breakpoint
CREATE UNIQUE INDEX "properties_agent_mls_listing_key" ON "properties" ("agent_id", "mls_listing_key") WHERE "mls_listing_key" IS NOT NULL AND "deleted_at" IS NULL;--> statement-breakpoint
CREATE TABLE "mls_connections" (
	"agent_id" uuid PRIMARY KEY NOT NULL REFERENCES "agents"("id") ON DELETE CASCADE,
	"mls_agent_id" text NOT NULL,
	"high_water_mark" timestamp with time zone,
	"status" text DEFAULT 'idle' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_result" jsonb,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mls_connections_status" CHECK ("status" in ('idle', 'syncing'))
);
