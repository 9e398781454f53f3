CREATE TABLE "agent_previous_usernames" (
	"username" text PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_previous_usernames" ADD CONSTRAINT "agent_previous_usernames_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_previous_usernames_agent_idx" ON "agent_previous_usernames" USING btree ("agent_id");