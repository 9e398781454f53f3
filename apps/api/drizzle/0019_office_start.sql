ALTER TABLE "availability_settings" ADD COLUMN "office_address" jsonb;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "office_lat" double precision;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "office_lng" double precision;