-- Issue 32 §1: a property's showing rules change the slots its page offers, so a change to them bumps its agent's
-- schedule version (decision 035) and kept date answers refresh — the agent's edits and a seller's block alike.
CREATE FUNCTION "schedule_versions_bump_property"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "schedule_versions" v SET "version" = v."version" + 1
      FROM "properties" p WHERE p."id" = OLD."property_id" AND v."agent_id" = p."agent_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."property_id" IS DISTINCT FROM OLD."property_id") THEN
    UPDATE "schedule_versions" v SET "version" = v."version" + 1
      FROM "properties" p WHERE p."id" = NEW."property_id" AND v."agent_id" = p."agent_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "property_showing_rules_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "property_showing_rules"
  FOR EACH ROW EXECUTE FUNCTION "schedule_versions_bump_property"();
--> statement-breakpoint
-- Issue 32 §5: a buyer's agent booking for their client. The client stays in client_*; the agent is all
-- of name, brokerage, licence number and phone, or none of them (e-mail optional).
ALTER TABLE "bookings" ADD COLUMN "buyer_agent_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buyer_agent_brokerage" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buyer_agent_licence" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buyer_agent_phone" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buyer_agent_email" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_buyer_agent_whole" CHECK (
  ("buyer_agent_name" IS NULL AND "buyer_agent_brokerage" IS NULL AND "buyer_agent_licence" IS NULL
   AND "buyer_agent_phone" IS NULL AND "buyer_agent_email" IS NULL)
  OR ("buyer_agent_name" IS NOT NULL AND "buyer_agent_brokerage" IS NOT NULL AND "buyer_agent_licence" IS NOT NULL
      AND "buyer_agent_phone" IS NOT NULL));
