CREATE TABLE "agent_settings" (
	"agent_id" uuid NOT NULL,
	"area" text NOT NULL,
	"settings" jsonb,
	"acknowledged_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settings_agent_id_area_pk" PRIMARY KEY("agent_id","area")
);
--> statement-breakpoint
ALTER TABLE "agent_settings" ADD CONSTRAINT "agent_settings_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;