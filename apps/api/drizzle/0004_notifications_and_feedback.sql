CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"source" text DEFAULT 'buyer' NOT NULL,
	"rating" smallint NOT NULL,
	"interest_level" text NOT NULL,
	"price_opinion" text,
	"liked" text,
	"disliked" text,
	"second_showing" boolean,
	"comments" text,
	"agent_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_bookingId_unique" UNIQUE("booking_id"),
	CONSTRAINT "feedback_rating_range" CHECK ("feedback"."rating" between 1 and 5),
	CONSTRAINT "feedback_interest_level" CHECK ("feedback"."interest_level" in ('very_interested', 'somewhat_interested', 'not_interested')),
	CONSTRAINT "feedback_price_opinion" CHECK ("feedback"."price_opinion" is null or "feedback"."price_opinion" in ('too_high', 'fair', 'good_value'))
);
--> statement-breakpoint
CREATE TABLE "notification_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"event" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"message_id" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"booking_id" uuid,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"audience" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"scheduled_for" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"transport" text,
	"provider_ref" text,
	"file_name" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_messages_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "notification_messages_channel" CHECK ("notification_messages"."channel" in ('email', 'sms')),
	CONSTRAINT "notification_messages_status" CHECK ("notification_messages"."status" in ('sending', 'sent', 'retrying', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD CONSTRAINT "notification_jobs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD CONSTRAINT "notification_jobs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_agent_id_created_at_index" ON "feedback" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_jobs_booking_id_index" ON "notification_jobs" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "notification_messages_agent_id_created_at_index" ON "notification_messages" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_messages_booking_id_index" ON "notification_messages" USING btree ("booking_id");