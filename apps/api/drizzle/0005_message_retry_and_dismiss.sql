ALTER TABLE "notification_jobs" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD COLUMN "dismissed_at" timestamp with time zone;