-- Issue 30, decision 048: what the server's administrator sets in Server settings. One row per setting; a
-- secret's value is AES-256-GCM sealed with the calendar tokens' key (modules/integrations/crypto.ts).
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"secret" boolean DEFAULT false NOT NULL,
	"updated_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
