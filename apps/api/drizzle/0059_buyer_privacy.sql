-- Issue 46 "Buyers' own data" (decision 091): a buyer's deletion request to one agent and its legal clock (due one
-- calendar month after it was received), the agent's retention setting, and the consent ledger keeping only what
-- proves a consent once the buyer's details are deleted (a sha256 of the number, never the number).
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"email" text,
	"source" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "privacy_requests_source" CHECK ("privacy_requests"."source" in ('buyer', 'agent', 'retention')),
	CONSTRAINT "privacy_requests_status" CHECK ("privacy_requests"."status" in ('open', 'completed')),
	CONSTRAINT "privacy_requests_completed" CHECK (("privacy_requests"."status" = 'completed') = ("privacy_requests"."completed_at" is not null)),
	CONSTRAINT "privacy_requests_no_email_after" CHECK ("privacy_requests"."status" = 'open' or "privacy_requests"."email" is null)
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_one_open" ON "privacy_requests" USING btree ("agent_id","email_hash") WHERE "privacy_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "privacy_requests_agent_id_status_due_at_index" ON "privacy_requests" USING btree ("agent_id","status","due_at");--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"retention_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_settings_retention" CHECK ("privacy_settings"."retention_months" is null or "privacy_settings"."retention_months" between 6 and 120)
);
--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_consent_ledger" ADD COLUMN "phone_hash" text;--> statement-breakpoint
ALTER TABLE "sms_consent_ledger" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_consent_ledger" ADD CONSTRAINT "sms_consent_ledger_phone_or_hash" CHECK ("sms_consent_ledger"."phone" is not null or "sms_consent_ledger"."phone_hash" is not null);
