-- Issue 44 "Waitlist" (decision 085): buyers waiting for a time to open at a property on an agent-zone date (all
-- day or part of it). When a time opens, the first buyer in line is offered it: a slot_holds row tied to their
-- entry holds it for 15 minutes (the same EXCLUDE constraint as every hold, so one time is offered to one buyer).
-- One e-mail stands in one line once while in line (showing_waitlist_one_place).
CREATE TABLE "showing_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"property_id" integer NOT NULL,
	"date" date NOT NULL,
	"part" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"token" text NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"client_phone" text NOT NULL,
	"buyer_type" text NOT NULL,
	"sms_consent" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offer_starts_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"booking_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "showing_waitlist_token_unique" UNIQUE("token"),
	CONSTRAINT "showing_waitlist_part" CHECK ("showing_waitlist"."part" in ('any', 'morning', 'afternoon', 'evening')),
	CONSTRAINT "showing_waitlist_status" CHECK ("showing_waitlist"."status" in ('waiting', 'offered', 'booked', 'lapsed', 'left', 'removed', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "showing_waitlist" ADD CONSTRAINT "showing_waitlist_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showing_waitlist" ADD CONSTRAINT "showing_waitlist_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showing_waitlist" ADD CONSTRAINT "showing_waitlist_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "showing_waitlist_agent_id_status_index" ON "showing_waitlist" USING btree ("agent_id","status");--> statement-breakpoint
CREATE INDEX "showing_waitlist_property_id_date_index" ON "showing_waitlist" USING btree ("property_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "showing_waitlist_one_place" ON "showing_waitlist" USING btree ("property_id","date",lower("client_email")) WHERE "showing_waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
ALTER TABLE "slot_holds" ADD COLUMN "waitlist_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_waitlist_entry_id_showing_waitlist_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."showing_waitlist"("id") ON DELETE cascade ON UPDATE no action;
