CREATE TABLE "geocoder_turns" (
	"geocoder" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The cache's key changed form (geocoder.ts normaliseAddress: the parts joined by "|", punctuation dropped):
-- answers under the old keys would never be read again.
DELETE FROM "geocode_cache";
