-- Issue 45 "Cross-agent tours": a buyer's agent's day of homes listed by other agents. The tour keeps its homes in
-- visiting order (a stop whose request could not be sent keeps its note); each stop's request is a booking of the
-- listing's agent carrying network_tour_id (a move copies it to the new row), so the tour reads each stop's
-- current answer from the bookings themselves.
CREATE TABLE "network_tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_agent_id" uuid NOT NULL,
	"date" text NOT NULL,
	"client_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_tours" ADD CONSTRAINT "network_tours_buyer_agent_id_agents_id_fk" FOREIGN KEY ("buyer_agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_tours_buyer_agent_id_created_at_index" ON "network_tours" USING btree ("buyer_agent_id","created_at");--> statement-breakpoint
CREATE TABLE "network_tour_stops" (
	"tour_id" uuid NOT NULL,
	"property_id" integer NOT NULL,
	"position" integer NOT NULL,
	"note" text,
	CONSTRAINT "network_tour_stops_tour_id_property_id_pk" PRIMARY KEY("tour_id","property_id")
);
--> statement-breakpoint
ALTER TABLE "network_tour_stops" ADD CONSTRAINT "network_tour_stops_tour_id_network_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."network_tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_tour_stops" ADD CONSTRAINT "network_tour_stops_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "network_tour_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_network_tour_id_network_tours_id_fk" FOREIGN KEY ("network_tour_id") REFERENCES "public"."network_tours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_network_tour_id_index" ON "bookings" USING btree ("network_tour_id") WHERE "network_tour_id" IS NOT NULL;
