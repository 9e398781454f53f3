-- Issue 43: problems visitors report through the form on the accessibility statement (/accessibility). Read by
-- the server's administrators on Server settings; e-mailed to them when the server sends mail.
CREATE TABLE "accessibility_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"page" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "accessibility_reports_created_at" ON "accessibility_reports" ("created_at" DESC);
