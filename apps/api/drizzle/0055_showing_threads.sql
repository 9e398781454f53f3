-- Issue 45: a conversation per showing. One row per message of a booking's thread, between the listing agent
-- (agent_id, kept for scoping), the buyer's agent or the buyer, and — where the listing agent allows it on the
-- property (properties.sellers_in_thread) — the property's seller contacts. Kept with the booking (cascade).
CREATE TABLE "showing_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"author_name" text NOT NULL,
	"seller_contact_id" uuid,
	"body" text NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"status_code" text,
	"via" text DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "showing_messages_author_role" CHECK ("showing_messages"."author_role" in ('agent', 'buyer', 'buyer_agent', 'seller')),
	CONSTRAINT "showing_messages_kind" CHECK ("showing_messages"."kind" in ('message', 'status')),
	CONSTRAINT "showing_messages_via" CHECK ("showing_messages"."via" in ('web', 'text', 'email')),
	CONSTRAINT "showing_messages_body" CHECK (char_length("showing_messages"."body") between 1 and 2000),
	CONSTRAINT "showing_messages_status" CHECK (("showing_messages"."kind" = 'status') = ("showing_messages"."status_code" is not null))
);
--> statement-breakpoint
ALTER TABLE "showing_messages" ADD CONSTRAINT "showing_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showing_messages" ADD CONSTRAINT "showing_messages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showing_messages" ADD CONSTRAINT "showing_messages_seller_contact_id_property_contacts_id_fk" FOREIGN KEY ("seller_contact_id") REFERENCES "public"."property_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "showing_messages_booking_id_created_at_index" ON "showing_messages" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "showing_messages_agent_id_created_at_index" ON "showing_messages" USING btree ("agent_id","created_at");--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "sellers_in_thread" boolean DEFAULT false NOT NULL;
