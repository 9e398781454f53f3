-- Issue 26, decision 037: the public profile shows the agent's e-mail and phone only where the agent chose
-- to (Settings → Branding). The spec's public profile shows both, so both start shown.
ALTER TABLE "agents" ADD COLUMN "show_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "show_phone" boolean DEFAULT true NOT NULL;
