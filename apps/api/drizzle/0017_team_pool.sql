ALTER TABLE "booking_links" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "in_pool" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_links" ADD CONSTRAINT "booking_links_team_id_organizations_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;