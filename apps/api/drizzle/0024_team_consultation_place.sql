-- Issue 29: where a team's consultations happen — at the team's office (its address) or by phone or video.
-- Existing teams meet by phone or video until they give an office address.
ALTER TABLE "organizations" ADD COLUMN "consultation_place" text DEFAULT 'remote' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "office_address" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_consultation_place" CHECK ("organizations"."consultation_place" = 'remote' or ("organizations"."consultation_place" = 'office' and "organizations"."office_address" is not null));
