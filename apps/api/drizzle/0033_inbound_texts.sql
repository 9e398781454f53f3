-- Issue 33, the inbound side: the provider's inbound texts (idempotent by MessageSid), the "which showing?"
-- question waiting for a number, the consent ledger, and the consent a booking was made with (decision 055).
ALTER TABLE "bookings" ADD COLUMN "sms_consent_version" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "sms_inbound_messages" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"from_phone" text NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"action" text NOT NULL,
	"agent_id" uuid REFERENCES "agents"("id") ON DELETE cascade,
	"booking_id" uuid REFERENCES "bookings"("id") ON DELETE set null,
	"reply" text,
	"agent_reply" text,
	"agent_replied_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "sms_inbound_messages_agent_id_received_at_index" ON "sms_inbound_messages" ("agent_id", "received_at");--> statement-breakpoint
CREATE TABLE "sms_pending_questions" (
	"phone" text NOT NULL,
	"agent_id" uuid NOT NULL REFERENCES "agents"("id") ON DELETE cascade,
	"action" text NOT NULL,
	"booking_ids" jsonb NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_pending_questions_pk" PRIMARY KEY ("phone", "agent_id")
);--> statement-breakpoint
CREATE TABLE "sms_consent_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"agent_id" uuid REFERENCES "agents"("id") ON DELETE cascade,
	"booking_id" uuid REFERENCES "bookings"("id") ON DELETE set null,
	"event" text NOT NULL,
	"wording_version" text,
	"ip" text,
	"user_agent" text,
	"page" text,
	"message_sid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_consent_ledger_event" CHECK ("event" in ('consent', 'opt_out', 'opt_in'))
);--> statement-breakpoint
CREATE INDEX "sms_consent_ledger_agent_id_created_at_index" ON "sms_consent_ledger" ("agent_id", "created_at");--> statement-breakpoint
CREATE INDEX "sms_consent_ledger_phone_index" ON "sms_consent_ledger" ("phone");
