-- Issue 44 "Open houses with capacity" (decision 086): a property open for a window of a date, taken in 30-minute
-- groups of at most groups_per_slot parties. A registration is a booking with open_house_id (so it gets the
-- booking's confirmation, reminders and feedback request); registrations share their time, so bookings_no_overlap
-- now leaves them out. Two live open houses of an agent never overlap (open_houses_no_overlap), and no private
-- showing overlaps a live open house: two triggers refuse either write with the overlap's SQLSTATE 23P01 (every
-- write path already answers that with 409), under the agent-row lock every write takes.
CREATE TABLE "open_houses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"property_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"groups_per_slot" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_houses_time_order" CHECK ("open_houses"."ends_at" > "open_houses"."starts_at"),
	CONSTRAINT "open_houses_groups" CHECK ("open_houses"."groups_per_slot" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "open_houses" ADD CONSTRAINT "open_houses_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_houses" ADD CONSTRAINT "open_houses_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_houses_property_id_starts_at_index" ON "open_houses" USING btree ("property_id","starts_at");--> statement-breakpoint
ALTER TABLE "open_houses" ADD CONSTRAINT "open_houses_no_overlap"
  EXCLUDE USING gist ("agent_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("cancelled_at" IS NULL);--> statement-breakpoint
CREATE TRIGGER "open_houses_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "open_houses"
  FOR EACH ROW EXECUTE FUNCTION "schedule_versions_bump"();--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "open_house_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_open_house_id_open_houses_id_fk" FOREIGN KEY ("open_house_id") REFERENCES "public"."open_houses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_open_house_id_index" ON "bookings" USING btree ("open_house_id", "starts_at") WHERE "open_house_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("agent_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed') AND "open_house_id" IS NULL);--> statement-breakpoint
CREATE FUNCTION "bookings_outside_open_houses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('pending', 'confirmed') AND NEW.open_house_id IS NULL AND EXISTS (
    SELECT 1 FROM open_houses o
    WHERE o.agent_id = NEW.agent_id AND o.cancelled_at IS NULL
      AND tstzrange(o.starts_at, o.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
  ) THEN
    RAISE EXCEPTION 'the showing overlaps an open house of its agent'
      USING ERRCODE = '23P01', CONSTRAINT = 'bookings_no_overlap';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_outside_open_houses" BEFORE INSERT OR UPDATE OF "status", "starts_at", "ends_at", "agent_id", "open_house_id" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_outside_open_houses"();--> statement-breakpoint
CREATE FUNCTION "open_houses_clear_of_showings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.cancelled_at IS NULL AND EXISTS (
    SELECT 1 FROM bookings b
    WHERE b.agent_id = NEW.agent_id AND b.status IN ('pending', 'confirmed') AND b.open_house_id IS NULL
      AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(NEW.starts_at, NEW.ends_at, '[)')
  ) THEN
    RAISE EXCEPTION 'the open house overlaps a showing of its agent'
      USING ERRCODE = '23P01', CONSTRAINT = 'open_houses_clear_of_showings';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "open_houses_clear_of_showings" BEFORE INSERT OR UPDATE ON "open_houses"
  FOR EACH ROW EXECUTE FUNCTION "open_houses_clear_of_showings"();
