-- Issue 41 (decision 070): SSO for Enterprise teams through OpenID Connect. One row per team that set it up: its
-- provider's issuer and client, the client secret sealed like the other secrets (modules/integrations/crypto.ts),
-- and the team's e-mail domain — one team per domain. Removing the row (or the team) removes SSO, not members.
CREATE TABLE "team_sso" (
	"organization_id" text PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"email_domain" text NOT NULL,
	"updated_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_sso_email_domain_lower" CHECK ("email_domain" = lower("email_domain"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "team_sso_email_domain_unique" ON "team_sso" ("email_domain");
