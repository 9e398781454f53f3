-- Issue 43 (decision 096): the buyer's side in English and Spanish. The language a booking was made in (every
-- later e-mail and text to that buyer follows it; the bookings made before spoke English), and the agent's
-- default language for a buyer whose browser asks for neither.
ALTER TABLE "agents" ADD COLUMN "default_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_default_language_check" CHECK ("agents"."default_language" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_locale_check" CHECK ("bookings"."locale" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "showing_waitlist" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "showing_waitlist" ADD CONSTRAINT "showing_waitlist_locale_check" CHECK ("showing_waitlist"."locale" in ('en', 'es'));
