CREATE TABLE "geocode_cache" (
	"address_key" text PRIMARY KEY NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travel_cache" (
	"pair_key" text PRIMARY KEY NOT NULL,
	"seconds" integer NOT NULL,
	"meters" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "cluster_by_area" boolean DEFAULT false NOT NULL;