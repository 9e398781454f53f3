-- Issue 45 "The showing network": a listing in "Find homes to show" unless its agent opts it out, and the buyer's
-- agent's own account on the showings they asked for from their dashboard.
ALTER TABLE "properties" ADD COLUMN "network_listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "buyer_agent_account_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_buyer_agent_account_id_agents_id_fk" FOREIGN KEY ("buyer_agent_account_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_buyer_agent_account_id_index" ON "bookings" USING btree ("buyer_agent_account_id","starts_at") WHERE "buyer_agent_account_id" IS NOT NULL;
