-- Issue 44 "Daily caps for the agent": at most N showings a day across all the agent's listings (null: no
-- limit, as before this migration). Buyers' bookings are refused past it under the agent's lock; the agent's own
-- are not. A change bumps the agent's schedule version (availability_settings' trigger, migration 0020).
ALTER TABLE "availability_settings" ADD COLUMN "max_showings_per_day" integer;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD CONSTRAINT "availability_settings_daily_cap" CHECK ("availability_settings"."max_showings_per_day" is null or "availability_settings"."max_showings_per_day" between 1 and 50);
