-- Issue 33: when the agent was alerted that the buyer of a showing had not confirmed 2 hours before it (decision
-- 056). The dashboard marks the showing "Not confirmed" while this is set and buyer_confirmed_at is not.
ALTER TABLE "bookings" ADD COLUMN "unconfirmed_alert_at" timestamp with time zone;
