-- Issue 32 §3 and §4: a property's access details (sealed with the calendar tokens' key: one AES-256-GCM value
-- holding every field), the log of every release of them, and the notes the agent writes for the seller's
-- report. Decision 054.
CREATE TABLE "property_access" (
	"property_id" integer PRIMARY KEY NOT NULL REFERENCES "properties"("id") ON DELETE cascade,
	"sealed" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "access_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE cascade,
	"recipient" text NOT NULL,
	"role" text NOT NULL,
	"channel" text NOT NULL,
	"access_version" integer NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_releases_role" CHECK ("role" in ('buyer', 'buyer_agent')),
	CONSTRAINT "access_releases_channel" CHECK ("channel" in ('email', 'sms', 'page')),
	CONSTRAINT "access_releases_once" UNIQUE ("booking_id", "role", "channel")
);--> statement-breakpoint
CREATE TABLE "property_seller_notes" (
	"property_id" integer PRIMARY KEY NOT NULL REFERENCES "properties"("id") ON DELETE cascade,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
