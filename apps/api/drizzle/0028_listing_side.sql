-- Issue 32, the listing side: each property's showing rules (a missing row = the agent's settings) and its
-- sellers, occupants, tenants and co-listing agents. Shapes: packages/domain/src/listing/showingRules.ts.
CREATE TABLE "property_showing_rules" (
	"property_id" integer PRIMARY KEY NOT NULL REFERENCES "properties"("id") ON DELETE cascade,
	"approval" text,
	"instructions" text,
	"min_notice_minutes" integer,
	"suggested_notice_minutes" integer,
	"no_same_day" boolean DEFAULT false NOT NULL,
	"windows" jsonb,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_per_day" integer,
	"gap_minutes" integer,
	"access_release_minutes" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_showing_rules_approval" CHECK ("approval" is null or "approval" in ('instant', 'agent', 'seller', 'agent_then_seller', 'instructions'))
);--> statement-breakpoint
CREATE TABLE "property_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" integer NOT NULL REFERENCES "properties"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"role" text NOT NULL,
	"gets" jsonb DEFAULT '{"approvals":false,"notices":false,"feedback":false,"weeklyReport":false}'::jsonb NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"sms_consent_at" timestamp with time zone,
	"report_token" text NOT NULL UNIQUE DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
	"report_revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_contacts_role" CHECK ("role" in ('seller', 'occupant', 'tenant', 'co_listing_agent')),
	CONSTRAINT "property_contacts_channel" CHECK ("channel" in ('email', 'sms', 'both')),
	CONSTRAINT "property_contacts_reachable" CHECK ("email" is not null or "phone" is not null)
);--> statement-breakpoint
CREATE INDEX "property_contacts_property_id_index" ON "property_contacts" ("property_id");
