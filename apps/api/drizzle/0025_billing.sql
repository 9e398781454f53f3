-- Issue 30, decision 047: subscriptions with Stripe. One billing row per paying agent (the owner of a team pays
-- for the team: the team's plan is its owners'), the Stripe events applied so far (each once, by id), and the
-- listings a drop to Basic hid from booking (until the agent chooses which stay).
CREATE TABLE "billing_accounts" (
	"agent_id" uuid PRIMARY KEY NOT NULL REFERENCES "agents"("id") ON DELETE cascade,
	"customer_id" text UNIQUE,
	"subscription_id" text UNIQUE,
	"status" text DEFAULT 'none' NOT NULL,
	"plan" text,
	"interval" text,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"waitlist_discount" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_status" CHECK ("status" in ('none', 'trialing', 'active', 'past_due', 'canceled')),
	CONSTRAINT "billing_accounts_plan" CHECK ("plan" is null or "plan" in ('pro', 'enterprise')),
	CONSTRAINT "billing_accounts_interval" CHECK ("interval" is null or "interval" in ('monthly', 'yearly'))
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "plan_hidden_at" timestamp with time zone;
