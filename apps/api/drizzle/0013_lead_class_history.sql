-- Stored lead classes (issue 13). Existing leads get their class histories from the backfill (TypeScript: the
-- one lead classifier), which the server runs at start for every lead whose class_version is not the domain's
-- LEAD_CLASS_RULES_VERSION, and `npm run admin -- lead-classes` runs on demand.
CREATE TABLE "lead_class_history" (
	"lead_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"class" text NOT NULL,
	CONSTRAINT "lead_class_history_lead_id_kind_valid_from_pk" PRIMARY KEY("lead_id","kind","valid_from"),
	CONSTRAINT "lead_class_history_kind_check" CHECK ("lead_class_history"."kind" in ('dated', 'current')),
	CONSTRAINT "lead_class_history_class_check" CHECK ("lead_class_history"."class" in ('hot', 'potential', 'cold'))
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "class_version" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "classified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_class_history" ADD CONSTRAINT "lead_class_history_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_class_history" ADD CONSTRAINT "lead_class_history_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_class_history_agent_id_kind_valid_from_index" ON "lead_class_history" USING btree ("agent_id","kind","valid_from");--> statement-breakpoint
CREATE INDEX "leads_class_version_index" ON "leads" USING btree ("class_version");
