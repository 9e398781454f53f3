-- Double booking is impossible by construction: two active bookings (pending or confirmed) of one agent can
-- never overlap in time. The service maps a violation (SQLSTATE 23P01) to HTTP 409 SLOT_TAKEN.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("agent_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
