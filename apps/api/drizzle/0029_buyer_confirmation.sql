-- Issue 33: the buyer confirmed a showing themselves — by replying Y to a text ('text') or from their manage page
-- ('page'). Re-confirmation, the dashboard's marks and the no-show rates by confirmation state read these.
ALTER TABLE "bookings" ADD COLUMN "buyer_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buyer_confirmed_via" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_buyer_confirmed_via" CHECK ("buyer_confirmed_via" is null or ("buyer_confirmed_via" in ('text', 'page') and "buyer_confirmed_at" is not null));
