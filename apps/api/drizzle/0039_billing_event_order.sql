-- Issue 39 item 18: Stripe's events are applied in the order Stripe made them, not the order they arrive. The
-- account keeps the `created` time of the last subscription event it applied; an older one (an `updated` sent
-- before a `deleted` but delivered after it) is recorded and changes nothing.
ALTER TABLE "billing_accounts" ADD COLUMN "subscription_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_events" ADD COLUMN "outcome" text;
