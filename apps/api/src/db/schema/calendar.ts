// Calendar sync (issue 14): integrations, their calendars, pulled busy times, pushed events.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { agentRef, agents, bookings } from './core';
import { timestamps } from './columns';

/**
 * One connected calendar account of an agent: a Google or Microsoft grant (tokens AES-256-GCM encrypted,
 * core/crypto.ts) or an ICS subscription (its URL encrypted too: such URLs carry secrets).
 */
export const calendarIntegrations = pgTable(
  'calendar_integrations',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: agentRef(),
    provider: text().$type<'google' | 'microsoft' | 'ics'>().notNull(),
    accountEmail: text(),
    label: text(),
    status: text().$type<'connected' | 'syncing' | 'needs_reconnect' | 'error'>().notNull(),
    accessTokenEnc: text(),
    refreshTokenEnc: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    icsUrlEnc: text(),
    lastSyncedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Consecutive failed syncs (outages): the next periodic sync waits longer each time. */
    failures: integer().notNull().default(0),
    nextSyncAt: timestamp({ withTimezone: true }),
    /** When the agent was told (e-mail) that this integration needs reconnecting; null again on reconnect. */
    reconnectNotifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.agentId),
    check('calendar_integrations_provider', sql`${t.provider} in ('google', 'microsoft', 'ics')`),
    check(
      'calendar_integrations_status',
      sql`${t.status} in ('connected', 'syncing', 'needs_reconnect', 'error')`,
    ),
  ],
);

/** The calendars an account holds, with the agent's choices: blocks availability, receives new showings. */
export const calendarCalendars = pgTable(
  'calendar_calendars',
  {
    id: uuid().primaryKey().defaultRandom(),
    integrationId: uuid()
      .notNull()
      .references(() => calendarIntegrations.id, { onDelete: 'cascade' }),
    agentId: agentRef(),
    externalId: text().notNull(),
    name: text().notNull(),
    primary: boolean().notNull().default(false),
    writable: boolean().notNull().default(true),
    busy: boolean().notNull().default(true),
    target: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('calendar_calendars_external').on(t.integrationId, t.externalId),
    // At most one calendar per agent receives new showings.
    uniqueIndex('calendar_calendars_one_target')
      .on(t.agentId)
      .where(sql`${t.target}`),
  ],
);

/** Busy times pulled from the agent's calendars over the booking window (replaced on every sync). */
export const calendarBusy = pgTable(
  'calendar_busy',
  {
    id: serial().primaryKey(),
    agentId: agentRef(),
    integrationId: uuid()
      .notNull()
      .references(() => calendarIntegrations.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.agentId, t.startsAt), index().on(t.integrationId)],
);

/** An OAuth authorization in progress: state (stored hashed) bound to one agent, single use, 10 minutes. */
export const calendarOauthStates = pgTable('calendar_oauth_states', {
  stateHash: text().primaryKey(),
  agentId: agentRef(),
  provider: text().notNull(),
  codeVerifierEnc: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The agent's calendar choices that are not per calendar. */
export const calendarSyncSettings = pgTable('calendar_sync_settings', {
  agentId: uuid()
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  pushEnabled: boolean().notNull().default(true),
  /** The private ICS feed: sha256 of its secret (lookup) and the secret encrypted (shown to the agent). */
  feedTokenHash: text().unique(),
  feedTokenEnc: text(),
});

/** Booking ↔ provider event: every push looks here first, so a retried job never makes a second event. */
export const calendarEvents = pgTable('calendar_events', {
  bookingId: uuid()
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  agentId: agentRef(),
  integrationId: uuid()
    .notNull()
    .references(() => calendarIntegrations.id, { onDelete: 'cascade' }),
  calendarExternalId: text().notNull(),
  eventId: text().notNull(),
  ...timestamps,
});
