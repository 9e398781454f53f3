-- Issue 32 §2, decision 053: the seller in the loop. One approval request per booking waiting for a seller's or
-- occupant's answer (who answered, when, the reminder/escalation/expiry times and what was sent), and its signed
-- single-purpose links: one row per contact × action; the link's token is the row's id and an HMAC of it under
-- the server's key (nothing secret is stored), each used once.
CREATE TABLE "seller_approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL REFERENCES "agents"("id") ON DELETE cascade,
	"booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE cascade,
	"property_id" integer NOT NULL REFERENCES "properties"("id") ON DELETE cascade,
	"status" text DEFAULT 'open' NOT NULL,
	"answered_by_contact_id" uuid REFERENCES "property_contacts"("id") ON DELETE set null,
	"answered_by_name" text,
	"answered_at" timestamp with time zone,
	"decline_reason" text,
	"proposal_id" uuid REFERENCES "time_proposals"("id") ON DELETE set null,
	"reminder_at" timestamp with time zone,
	"escalate_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"escalated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_approval_requests_status" CHECK ("status" in ('open', 'approved', 'declined', 'proposed', 'expired', 'withdrawn'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "seller_approval_requests_open_booking" ON "seller_approval_requests" ("booking_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "seller_approval_requests_booking_index" ON "seller_approval_requests" ("booking_id");--> statement-breakpoint
CREATE TABLE "seller_approval_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL REFERENCES "seller_approval_requests"("id") ON DELETE cascade,
	"contact_id" uuid NOT NULL REFERENCES "property_contacts"("id") ON DELETE cascade,
	"action" text NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "seller_approval_links_action" CHECK ("action" in ('approve', 'decline', 'propose', 'block')),
	CONSTRAINT "seller_approval_links_one" UNIQUE ("request_id", "contact_id", "action")
);
