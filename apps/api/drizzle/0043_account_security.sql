-- Issue 41 (decision 067): two-factor sign-in (better-auth's twoFactor plugin: an authenticator app and
-- recovery codes) and one-use e-mail verification links.
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "two_factors_user_id_index" ON "two_factors" ("user_id");
--> statement-breakpoint
CREATE INDEX "two_factors_secret_index" ON "two_factors" ("secret");
--> statement-breakpoint
-- A verification link (a signed token better-auth does not remember) is used once: its hash is kept here until
-- the link would have expired anyway.
CREATE TABLE "used_auth_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
