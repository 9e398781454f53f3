ALTER TABLE "organizations" ADD COLUMN "color" text DEFAULT '#3B82F6' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "extra_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "members_one_team_per_user" ON "members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "members_organization_id_index" ON "members" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_extra_seats" CHECK ("organizations"."extra_seats" >= 0);