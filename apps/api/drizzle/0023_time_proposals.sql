-- Issue 29, decision 042: Optimise proposes a pending showing's new time to its buyer instead of moving it.
CREATE TABLE "time_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"token" text NOT NULL,
	"date" text NOT NULL,
	"from_starts_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"moved_booking_id" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_proposals_token_unique" UNIQUE("token"),
	CONSTRAINT "time_proposals_status_check" CHECK ("status" in ('proposed', 'accepted', 'kept', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "time_proposals" ADD CONSTRAINT "time_proposals_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_proposals" ADD CONSTRAINT "time_proposals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_proposals" ADD CONSTRAINT "time_proposals_moved_booking_id_bookings_id_fk" FOREIGN KEY ("moved_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_proposals_agent_date_idx" ON "time_proposals" USING btree ("agent_id","date");--> statement-breakpoint
CREATE INDEX "time_proposals_booking_idx" ON "time_proposals" USING btree ("booking_id");
