-- Issue 43 (decision 096): the language of a property's seller or occupant. Every e-mail and text to that contact
-- follows it; learned from the language of the seller's approval page when they answer, or set by the agent on the
-- contact. NULL: the agent's default language.
ALTER TABLE "property_contacts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "property_contacts" ADD CONSTRAINT "property_contacts_language_check" CHECK ("property_contacts"."language" in ('en', 'es'));
