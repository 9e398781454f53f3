// Billing (issue 30, decision 047): the Stripe customer and subscription of a paying agent (a team's owner pays
// for the team) and the Stripe events applied so far, each once.
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BillingInterval, BillingStatus } from '@keyturn/domain/billing';
import { agents } from './core';

export const billingAccounts = pgTable('billing_accounts', {
  agentId: uuid()
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  customerId: text().unique(),
  subscriptionId: text().unique(),
  status: text().$type<BillingStatus>().notNull().default('none'),
  plan: text().$type<'pro' | 'enterprise'>(),
  interval: text().$type<BillingInterval>(),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  trialEnd: timestamp({ withTimezone: true }),
  /** After a failed payment: the paid plan stays until then, Basic's limits after. */
  graceUntil: timestamp({ withTimezone: true }),
  /** On the waiting list when the customer was made: the lifetime discount's coupon goes on Checkout. */
  waitlistDiscount: boolean().notNull().default(false),
  /** Stripe's `created` of the last subscription event applied: an older one arriving later changes nothing. */
  subscriptionEventAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const billingEvents = pgTable('billing_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  /** What became of it: applied, or why not (duplicate is never stored: the id is already there). */
  outcome: text(),
  appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
