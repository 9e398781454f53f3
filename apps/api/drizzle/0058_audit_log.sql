-- Issue 46 "Audit log" (decision 092): who changed what, when and from where — append-only in the database.
-- No foreign keys: an entry outlives the row, the account and the team it describes. Row triggers on the audited
-- tables write it (audit_row()); the app names the actor and IP per connection (GUCs keyturn.actor, keyturn.ip:
-- db/audit-context.ts) and writes sign-in, sign-out and password events itself. Secrets are masked; a buyer's or
-- seller's personal data is recorded as changed WITHOUT its values (a buyer's deletion leaves no trace here).
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"agent_id" uuid,
	"team_id" text,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_label" text,
	"ip" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_log_actor_kind" CHECK ("audit_log"."actor_kind" in ('agent', 'buyer', 'seller', 'buyer_agent', 'operator', 'system'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_agent_at_index" ON "audit_log" USING btree ("agent_id", "at" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_team_at_index" ON "audit_log" USING btree ("team_id", "at" DESC);--> statement-breakpoint
-- Append-only: an entry is never changed or removed (SQLSTATE KTA01), not even by TRUNCATE.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'KTA01';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- One column's value as the log keeps it: a secret becomes "••••", a person's data {"masked":"personal"}.
CREATE FUNCTION "audit_value"(tbl text, col text, val jsonb, secret_row boolean) RETURNS jsonb
  LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF val IS NULL OR jsonb_typeof(val) = 'null' THEN
    RETURN 'null'::jsonb;
  END IF;
  -- Server settings: the setting's name and its secret flag are not secrets; a secret setting's value is.
  IF tbl = 'server_settings' THEN
    IF col = 'value' AND secret_row THEN RETURN '"••••"'::jsonb; END IF;
    IF col IN ('key', 'secret') THEN RETURN val; END IF;
  END IF;
  IF jsonb_typeof(val) <> 'boolean'
     AND col ~ '(password|secret|token|hash|key|cipher|credential|sealed|_enc$|otp|backup_codes)' THEN
    RETURN '"••••"'::jsonb;
  END IF;
  -- A buyer's or seller's personal data (contacts, free text about people). The agent's own profile, the team
  -- and the listing (its address included) are the account's data, not a person's.
  IF tbl NOT IN ('agents', 'organizations', 'properties', 'server_settings', 'agent_settings', 'team_sso')
     AND (col ~ '^(client_|buyer_)'
          OR col ~ '(^|_)(name|email|phone|recipient|message|body|notes?|reason|address|user_agent|ip|page)$'
          OR col IN ('custom_purpose', 'income_range', 'budget_min', 'budget_max', 'buyer', 'prefill',
                     'instructions', 'label'))
  THEN
    RETURN '{"masked":"personal"}'::jsonb;
  END IF;
  RETURN val;
END;
$$;--> statement-breakpoint
-- The row trigger of every audited table. TG_ARGV: the columns naming the row (entity_id, joined with ':').
CREATE FUNCTION "audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) END;
  cur jsonb := coalesce(new_row, old_row);
  -- Bookkeeping: a change of only these writes nothing (timestamps, counters, sync cursors, geocoding).
  ignored text[] := ARRAY['created_at', 'updated_at', 'last_seen_at', 'last_used_at', 'reminder_at',
    'reminders_sent', 'escalate_at', 'unconfirmed_alert_at', 'subscription_event_at', 'high_water_mark',
    'last_sync_at', 'lat', 'lng', 'version'];
  secret_row boolean := coalesce((old_row->>'secret')::boolean, false) OR coalesce((new_row->>'secret')::boolean, false);
  changes jsonb := '{}'::jsonb;
  col text;
  before jsonb;
  after jsonb;
  actor_raw text := nullif(current_setting('keyturn.actor', true), '');
  actor jsonb;
  v_agent text;
  v_team text;
  v_entity text;
  i int;
BEGIN
  FOR col IN SELECT jsonb_object_keys(cur) LOOP
    CONTINUE WHEN col = ANY(ignored);
    before := CASE WHEN old_row IS NULL THEN NULL ELSE old_row->col END;
    after := CASE WHEN new_row IS NULL THEN NULL ELSE new_row->col END;
    CONTINUE WHEN before IS NOT DISTINCT FROM after;
    CONTINUE WHEN TG_OP <> 'UPDATE' AND coalesce(before, after) = 'null'::jsonb;
    changes := changes || jsonb_build_object(col, jsonb_build_object(
      'before', CASE WHEN old_row IS NULL THEN 'null'::jsonb ELSE audit_value(TG_TABLE_NAME, col, before, secret_row) END,
      'after', CASE WHEN new_row IS NULL THEN 'null'::jsonb ELSE audit_value(TG_TABLE_NAME, col, after, secret_row) END));
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  -- Whose account the row belongs to, and the team.
  v_agent := CASE WHEN TG_TABLE_NAME = 'agents' THEN cur->>'id' ELSE cur->>'agent_id' END;
  IF v_agent IS NULL AND cur ? 'property_id' AND cur->>'property_id' IS NOT NULL THEN
    SELECT p.agent_id::text INTO v_agent FROM properties p WHERE p.id = (cur->>'property_id')::integer;
  END IF;
  IF v_agent IS NULL AND cur ? 'booking_id' AND cur->>'booking_id' IS NOT NULL THEN
    SELECT b.agent_id::text INTO v_agent FROM bookings b WHERE b.id = (cur->>'booking_id')::uuid;
  END IF;
  IF v_agent IS NULL AND cur ? 'user_id' AND cur->>'user_id' IS NOT NULL THEN
    SELECT a.id::text INTO v_agent FROM agents a WHERE a.user_id = cur->>'user_id';
  END IF;
  v_team := coalesce(cur->>'team_id', cur->>'organization_id',
    CASE WHEN TG_TABLE_NAME = 'organizations' THEN cur->>'id' END);
  IF TG_NARGS > 0 THEN
    v_entity := cur->>TG_ARGV[0];
    FOR i IN 1 .. TG_NARGS - 1 LOOP
      v_entity := v_entity || ':' || coalesce(cur->>TG_ARGV[i], '');
    END LOOP;
  END IF;
  -- The actor the app set for this connection ({"k","i","l"}); none: a job or the database itself.
  BEGIN
    actor := actor_raw::jsonb;
  EXCEPTION WHEN others THEN
    actor := NULL;
  END;
  INSERT INTO audit_log (agent_id, team_id, actor_kind, actor_id, actor_label, ip, action, entity_type,
                         entity_id, changes)
  VALUES (v_agent::uuid, v_team,
          CASE WHEN actor->>'k' IN ('agent', 'buyer', 'seller', 'buyer_agent', 'operator', 'system')
               THEN actor->>'k' ELSE 'system' END,
          actor->>'i', actor->>'l', nullif(current_setting('keyturn.ip', true), ''),
          CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'changed' ELSE 'deleted' END,
          TG_TABLE_NAME, v_entity, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_audit" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');--> statement-breakpoint
CREATE TRIGGER "open_houses_audit" AFTER INSERT OR UPDATE OR DELETE ON "open_houses"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');--> statement-breakpoint
CREATE TRIGGER "properties_audit" AFTER INSERT OR UPDATE OR DELETE ON "properties"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');--> statement-breakpoint
CREATE TRIGGER "property_showing_rules_audit" AFTER INSERT OR UPDATE OR DELETE ON "property_showing_rules"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('property_id');--> statement-breakpoint
CREATE TRIGGER "property_contacts_audit" AFTER INSERT OR UPDATE OR DELETE ON "property_contacts"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');--> statement-breakpoint
CREATE TRIGGER "property_access_audit" AFTER INSERT OR UPDATE OR DELETE ON "property_access"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('property_id');--> statement-breakpoint
CREATE TRIGGER "access_releases_audit" AFTER INSERT OR UPDATE OR DELETE ON "access_releases"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');--> statement-breakpoint
CREATE TRIGGER "seller_approval_requests_audit" AFTER INSERT OR UPDATE OR DELETE ON "seller_approval_requests"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');--> statement-breakpoint
CREATE TRIGGER "availability_days_audit" AFTER INSERT OR UPDATE OR DELETE ON "availability_days"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('agent_id', 'day_of_week');--> statement-breakpoint
CREATE TRIGGER "availability_overrides_audit" AFTER INSERT OR UPDATE OR DELETE ON "availability_overrides"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('agent_id', 'date');--> statement-breakpoint
CREATE TRIGGER "availability_settings_audit" AFTER INSERT OR UPDATE OR DELETE ON "availability_settings"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('agent_id');--> statement-breakpoint
CREATE TRIGGER "agents_audit" AFTER INSERT OR UPDATE OR DELETE ON "agents"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');--> statement-breakpoint
CREATE TRIGGER "agent_settings_audit" AFTER INSERT OR UPDATE OR DELETE ON "agent_settings"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('agent_id', 'area');--> statement-breakpoint
CREATE TRIGGER "booking_links_audit" AFTER INSERT OR UPDATE OR DELETE ON "booking_links"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');--> statement-breakpoint
CREATE TRIGGER "calendar_sync_settings_audit" AFTER INSERT OR UPDATE OR DELETE ON "calendar_sync_settings"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('agent_id');--> statement-breakpoint
CREATE TRIGGER "organizations_audit" AFTER INSERT OR UPDATE OR DELETE ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');--> statement-breakpoint
CREATE TRIGGER "members_audit" AFTER INSERT OR UPDATE OR DELETE ON "members"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');--> statement-breakpoint
CREATE TRIGGER "invitations_audit" AFTER INSERT OR UPDATE OR DELETE ON "invitations"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');--> statement-breakpoint
CREATE TRIGGER "team_sso_audit" AFTER INSERT OR UPDATE OR DELETE ON "team_sso"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('organization_id');--> statement-breakpoint
CREATE TRIGGER "billing_accounts_audit" AFTER INSERT OR UPDATE OR DELETE ON "billing_accounts"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('agent_id');--> statement-breakpoint
CREATE TRIGGER "server_settings_audit" AFTER INSERT OR UPDATE OR DELETE ON "server_settings"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('key');--> statement-breakpoint
CREATE TRIGGER "sms_consent_ledger_audit" AFTER INSERT OR UPDATE OR DELETE ON "sms_consent_ledger"
  FOR EACH ROW EXECUTE FUNCTION "audit_row"('id');
