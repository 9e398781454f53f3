CREATE TABLE "schedule_versions" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_versions" ADD CONSTRAINT "schedule_versions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 18, decision 035: every change that can change an agent's public slots adds one to the agent's version,
-- in the same transaction as the change. A server serves a kept answer only while the database holds the
-- version it was computed at. Every agent has a row (made with the agent); on an agent's deletion the row goes
-- first and the bumps of the cascaded deletes find nothing to update.
INSERT INTO "schedule_versions" ("agent_id") SELECT "id" FROM "agents" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "schedule_versions_new_agent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "schedule_versions" ("agent_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "agents_schedule_version_row" AFTER INSERT ON "agents"
  FOR EACH ROW EXECUTE FUNCTION "schedule_versions_new_agent"();
--> statement-breakpoint
CREATE FUNCTION "schedule_versions_bump_agent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "schedule_versions" SET "version" = "version" + 1 WHERE "agent_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "agents_schedule_version" AFTER UPDATE ON "agents" FOR EACH ROW
  WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone" OR OLD."plan" IS DISTINCT FROM NEW."plan")
  EXECUTE FUNCTION "schedule_versions_bump_agent"();
--> statement-breakpoint
-- The rows of a table with an agent_id: the old row's agent and, when it moved, the new row's.
CREATE FUNCTION "schedule_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "schedule_versions" SET "version" = "version" + 1 WHERE "agent_id" = OLD."agent_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."agent_id" IS DISTINCT FROM OLD."agent_id") THEN
    UPDATE "schedule_versions" SET "version" = "version" + 1 WHERE "agent_id" = NEW."agent_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "availability_days_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "availability_days"
  FOR EACH ROW EXECUTE FUNCTION "schedule_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "availability_overrides_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "availability_overrides"
  FOR EACH ROW EXECUTE FUNCTION "schedule_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "availability_settings_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "availability_settings"
  FOR EACH ROW EXECUTE FUNCTION "schedule_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "agent_settings_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "agent_settings"
  FOR EACH ROW EXECUTE FUNCTION "schedule_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "calendar_busy_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "calendar_busy"
  FOR EACH ROW EXECUTE FUNCTION "schedule_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "properties_schedule_version" AFTER INSERT OR DELETE ON "properties"
  FOR EACH ROW EXECUTE FUNCTION "schedule_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "properties_schedule_version_update" AFTER UPDATE ON "properties" FOR EACH ROW
  WHEN ((OLD."agent_id", OLD."public_id", OLD."is_public", OLD."deleted_at", OLD."lat", OLD."lng", OLD."city", OLD."zip_code")
        IS DISTINCT FROM
        (NEW."agent_id", NEW."public_id", NEW."is_public", NEW."deleted_at", NEW."lat", NEW."lng", NEW."city", NEW."zip_code"))
  EXECUTE FUNCTION "schedule_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "bookings_schedule_version" AFTER INSERT OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "schedule_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "bookings_schedule_version_update" AFTER UPDATE ON "bookings" FOR EACH ROW
  WHEN ((OLD."agent_id", OLD."status", OLD."starts_at", OLD."ends_at", OLD."property_id")
        IS DISTINCT FROM
        (NEW."agent_id", NEW."status", NEW."starts_at", NEW."ends_at", NEW."property_id"))
  EXECUTE FUNCTION "schedule_versions_bump"();
