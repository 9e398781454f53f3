ALTER TABLE "availability_settings" ADD COLUMN "office_address" jsonb;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "office_lat" double precision;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "office_lng" double precision;--> statement-breakpoint
CREATE TABLE "tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"token" text NOT NULL,
	"date" text NOT NULL,
	"stops" jsonb NOT NULL,
	"buyer" jsonb,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tours_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tour_id" uuid;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE set null ON UPDATE no action;