-- Issue 44 "Held times" (decision 084): a time a buyer chose is held for them for the agent's hold minutes
-- (default 5) while they fill in the form. Two holds of one agent never overlap (the EXCLUDE constraint, as
-- bookings_no_overlap); holds and other buyers' bookings are kept apart under the agent-row lock every buyer
-- write takes. An expired hold blocks nothing and is swept away. A hold changes the agent's public slots, so it
-- bumps their schedule version (decision 035). client_key (a hash of the client's address) keeps one client to
-- a few live holds per agent, so nobody can hold an agent's whole day from one place.
CREATE TABLE "slot_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"property_id" integer,
	"token" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_holds_token_unique" UNIQUE("token"),
	CONSTRAINT "slot_holds_time_order" CHECK ("slot_holds"."ends_at" > "slot_holds"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_holds_agent_id_starts_at_index" ON "slot_holds" USING btree ("agent_id","starts_at");--> statement-breakpoint
CREATE INDEX "slot_holds_expires_at_index" ON "slot_holds" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_no_overlap"
  EXCLUDE USING gist ("agent_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);--> statement-breakpoint
CREATE TRIGGER "slot_holds_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "slot_holds"
  FOR EACH ROW EXECUTE FUNCTION "schedule_versions_bump"();--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "hold_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD CONSTRAINT "availability_settings_hold_minutes" CHECK ("availability_settings"."hold_minutes" between 1 and 15);
