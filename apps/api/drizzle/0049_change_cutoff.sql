-- Issue 44 "Cut-offs": how long before a showing its buyer may still cancel or reschedule it (manage link,
-- reschedule flow, text reply). The agent's hours (0: until the start, as before this migration) and a
-- property's own (null: the agent's). The agent can always act from the dashboard.
ALTER TABLE "availability_settings" ADD COLUMN "buyer_change_cutoff_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD CONSTRAINT "availability_settings_change_cutoff" CHECK ("availability_settings"."buyer_change_cutoff_hours" between 0 and 168);--> statement-breakpoint
ALTER TABLE "property_showing_rules" ADD COLUMN "change_cutoff_hours" integer;--> statement-breakpoint
ALTER TABLE "property_showing_rules" ADD CONSTRAINT "property_showing_rules_change_cutoff" CHECK ("property_showing_rules"."change_cutoff_hours" is null or "property_showing_rules"."change_cutoff_hours" between 0 and 168);
