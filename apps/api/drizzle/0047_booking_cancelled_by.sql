-- Issue 39: who ended a showing — the buyer (their manage link or a text) or the agent (dashboard, MLS import,
-- leaving). Read by the agent's booking details and by a seller's spent approval link. Rows cancelled before
-- this migration keep null: who did it was not recorded.
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by" CHECK ("bookings"."cancelled_by" is null or "bookings"."cancelled_by" in ('buyer', 'agent'));
