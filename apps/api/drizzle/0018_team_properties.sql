ALTER TABLE "properties" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_team_id_organizations_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_team_id_index" ON "properties" USING btree ("team_id");