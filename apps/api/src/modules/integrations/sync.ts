// Calendar sync's own logic: tokens (encrypted, refreshed before expiry), pulling busy times, pushing
// showings, and what a failure does to an integration. Used by the HTTP routes (modules/integrations) and the
// calendar jobs (integrations/jobs.ts).
import { and, eq, sql } from 'drizzle-orm';
import { BOOKING_WINDOW_DAYS } from '@keyturn/domain/constants';
import type { OAuthProvider } from '@keyturn/domain/schemas/integrations';
import type { CalendarConfig, OAuthApp } from '../../config';
import type { Db, DbTransaction } from '../../db/client';
import {
  agents,
  bookings,
  calendarBusy,
  calendarCalendars,
  calendarEvents,
  calendarIntegrations,
  calendarSyncSettings,
  properties,
} from '../../db/schema';
import type { Mailer } from '../../adapters/mail';
import type { OutboundPolicy } from '../../http/outbound-url';
import { bookingLinks } from '../core/mail/links';
import { busyFromIcs, fetchIcs } from './ics';
import type { SecretBox } from '../core/crypto';
import { GrantRevokedError, ProviderUnavailableError, refreshTokens } from '../../adapters/oauth';
import {
  calendarApiFor,
  type CalendarApi,
  type OwnEvents,
  type RemoteCalendar,
  type ShowingEvent,
} from './providers';

export type IntegrationRow = typeof calendarIntegrations.$inferSelect;

export type CalendarDeps = {
  db: Db;
  calendar: CalendarConfig;
  box: SecretBox;
  publicUrl: string;
  /** Whether ICS subscriptions may be fetched from private hosts (ALLOW_PRIVATE_OUTBOUND_HOSTS). */
  outbound: OutboundPolicy;
  now: () => Date;
  /** Tells the agent once that an integration needs reconnecting; absent: the dashboard notice only. */
  mailer?: Mailer;
  mailFrom?: string;
  /**
   * The OAuth app in force for a provider, read at each use (Server settings, decision 048); absent: the
   * configuration's (`calendar`).
   */
  apps?: (provider: OAuthProvider) => Promise<OAuthApp | null>;
};

/** A token this close to expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 2 * 60_000;
const DAY_MS = 86_400_000;

export function appOf(calendar: CalendarConfig, provider: OAuthProvider): OAuthApp | null {
  return calendar[provider];
}

/** The OAuth app in force (Server settings, else the configuration); null = not switched on. */
export function oauthAppOf(
  deps: Pick<CalendarDeps, 'apps' | 'calendar'>,
  provider: OAuthProvider,
): Promise<OAuthApp | null> {
  return deps.apps ? deps.apps(provider) : Promise.resolve(appOf(deps.calendar, provider));
}

/** The span pulled: from a day ago (a showing under way) to past the booking window, with zone slack. */
export function syncWindow(now: Date): { from: Date; to: Date } {
  return {
    from: new Date(now.getTime() - DAY_MS),
    to: new Date(now.getTime() + (BOOKING_WINDOW_DAYS + 2) * DAY_MS),
  };
}

/** The provider API of an OAuth integration, with tokens refreshed before expiry and after a 401. */
export async function apiOf(deps: CalendarDeps, row: IntegrationRow): Promise<CalendarApi> {
  const provider = row.provider as OAuthProvider;
  const app = await oauthAppOf(deps, provider);
  if (!app) throw new Error(`${provider} is not configured on this installation`);
  let access = row.accessTokenEnc ? deps.box.open(row.accessTokenEnc) : null;
  let expiresAt = row.accessTokenExpiresAt;
  const refresh = async () => {
    // The newest refresh token (another process may have rotated it).
    const [fresh] = await deps.db
      .select()
      .from(calendarIntegrations)
      .where(eq(calendarIntegrations.id, row.id));
    const refreshToken = fresh?.refreshTokenEnc ? deps.box.open(fresh.refreshTokenEnc) : null;
    if (!refreshToken) throw new GrantRevokedError('No refresh token is stored for this calendar');
    const tokens = await refreshTokens(app, refreshToken);
    access = tokens.accessToken;
    expiresAt = tokens.expiresAt;
    await deps.db
      .update(calendarIntegrations)
      .set({
        accessTokenEnc: deps.box.seal(tokens.accessToken),
        refreshTokenEnc: tokens.refreshToken ? deps.box.seal(tokens.refreshToken) : fresh?.refreshTokenEnc,
        accessTokenExpiresAt: tokens.expiresAt,
      })
      .where(eq(calendarIntegrations.id, row.id));
    return tokens.accessToken;
  };
  return calendarApiFor(provider, app.apiUrl, {
    current: async () =>
      access && expiresAt && expiresAt.getTime() - REFRESH_MARGIN_MS > Date.now() ? access : refresh(),
    refreshed: refresh,
  });
}

/** Stores the account's calendars; new ones: the primary blocks availability and (if none yet) receives showings. */
export async function saveCalendars(db: Db, row: IntegrationRow, remote: RemoteCalendar[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [hasTarget] = await tx
      .select({ id: calendarCalendars.id })
      .from(calendarCalendars)
      .where(and(eq(calendarCalendars.agentId, row.agentId), eq(calendarCalendars.target, true)));
    let targetTaken = Boolean(hasTarget);
    for (const c of remote) {
      const makeTarget = !targetTaken && c.primary && c.writable;
      if (makeTarget) targetTaken = true;
      await tx
        .insert(calendarCalendars)
        .values({
          integrationId: row.id,
          agentId: row.agentId,
          externalId: c.externalId,
          name: c.name,
          primary: c.primary,
          writable: c.writable,
          busy: c.primary,
          target: makeTarget,
        })
        .onConflictDoUpdate({
          target: [calendarCalendars.integrationId, calendarCalendars.externalId],
          set: { name: c.name, primary: c.primary, writable: c.writable },
        });
    }
    const keep = remote.map((c) => c.externalId);
    await tx.delete(calendarCalendars).where(
      and(
        eq(calendarCalendars.integrationId, row.id),
        keep.length
          ? sql`${calendarCalendars.externalId} not in (${sql.join(
              keep.map((k) => sql`${k}`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
  });
}

/** The events this integration pushed (booking ↔ event mapping), by calendar, at their bookings' times. */
async function ownEventsOf(db: Db, integrationId: string): Promise<OwnEvents> {
  const rows = await db
    .select({
      calendarId: calendarEvents.calendarExternalId,
      eventId: calendarEvents.eventId,
      start: bookings.startsAt,
      end: bookings.endsAt,
    })
    .from(calendarEvents)
    .innerJoin(bookings, eq(bookings.id, calendarEvents.bookingId))
    .where(eq(calendarEvents.integrationId, integrationId));
  const own: OwnEvents = new Map();
  for (const r of rows) {
    const list = own.get(r.calendarId) ?? [];
    list.push({ eventId: r.eventId, start: r.start, end: r.end });
    own.set(r.calendarId, list);
  }
  return own;
}

export type SyncOutcome = 'synced' | 'needs_reconnect' | 'failed' | 'skipped';

/**
 * Pulls one integration's busy times over the booking window and replaces the stored ones. A refused grant
 * marks it needs_reconnect (busy times kept, agent told once); any other failure marks it `error` with a
 * later next try (backoff) and keeps the last busy times. Never throws for a provider's failure.
 */
export async function syncIntegration(deps: CalendarDeps, integrationId: string): Promise<SyncOutcome> {
  const [row] = await deps.db
    .select()
    .from(calendarIntegrations)
    .where(eq(calendarIntegrations.id, integrationId));
  if (!row) return 'skipped';
  if (row.status === 'needs_reconnect') return 'skipped';
  const now = deps.now();
  const { from, to } = syncWindow(now);
  try {
    let spans: { start: Date; end: Date }[];
    if (row.provider === 'ics') {
      if (!row.icsUrlEnc) throw new Error('The subscription has no address');
      spans = busyFromIcs(await fetchIcs(deps.box.open(row.icsUrlEnc), deps.outbound), from, to);
    } else {
      const api = await apiOf(deps, row);
      await saveCalendars(deps.db, row, await api.calendars());
      const chosen = await deps.db
        .select({ externalId: calendarCalendars.externalId })
        .from(calendarCalendars)
        .where(and(eq(calendarCalendars.integrationId, row.id), eq(calendarCalendars.busy, true)));
      spans = await api.busy(
        chosen.map((c) => c.externalId),
        from,
        to,
        await ownEventsOf(deps.db, row.id),
      );
    }
    await deps.db.transaction(async (tx) => {
      await tx.delete(calendarBusy).where(eq(calendarBusy.integrationId, row.id));
      const rows = spans
        .filter((s) => s.end > s.start)
        .map((s) => ({ agentId: row.agentId, integrationId: row.id, startsAt: s.start, endsAt: s.end }));
      for (let i = 0; i < rows.length; i += 500) await tx.insert(calendarBusy).values(rows.slice(i, i + 500));
      await tx
        .update(calendarIntegrations)
        .set({
          status: 'connected',
          lastSyncedAt: deps.now(),
          lastError: null,
          failures: 0,
          nextSyncAt: new Date(deps.now().getTime() + deps.calendar.syncMinutes * 60_000),
        })
        .where(eq(calendarIntegrations.id, row.id));
    });
    return 'synced';
  } catch (err) {
    if (err instanceof GrantRevokedError) {
      await markNeedsReconnect(deps, row, err.message);
      return 'needs_reconnect';
    }
    const failures = row.failures + 1;
    // 1, 2, 4 … minutes, at most an hour, on top of the regular interval.
    const backoffMs = Math.min(60, 2 ** (failures - 1)) * 60_000;
    await deps.db
      .update(calendarIntegrations)
      .set({
        status: 'error',
        lastError: errorText(err),
        failures,
        nextSyncAt: new Date(deps.now().getTime() + backoffMs),
      })
      .where(eq(calendarIntegrations.id, row.id));
    return 'failed';
  }
}

function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (err instanceof ProviderUnavailableError ? message : message).slice(0, 500);
}

/** Needs reconnecting: busy times stay (slots keep being served from them); the agent is e-mailed once. */
export async function markNeedsReconnect(
  deps: CalendarDeps,
  row: IntegrationRow,
  reason: string,
): Promise<void> {
  const [updated] = await deps.db
    .update(calendarIntegrations)
    .set({ status: 'needs_reconnect', lastError: reason.slice(0, 500), reconnectNotifiedAt: deps.now() })
    .where(and(eq(calendarIntegrations.id, row.id), sql`${calendarIntegrations.reconnectNotifiedAt} is null`))
    .returning({ id: calendarIntegrations.id });
  if (!updated) {
    await deps.db
      .update(calendarIntegrations)
      .set({ status: 'needs_reconnect', lastError: reason.slice(0, 500) })
      .where(eq(calendarIntegrations.id, row.id));
    return;
  }
  // First time for this grant: tell the agent (at most once until they reconnect).
  if (!deps.mailer) return;
  const [agent] = await deps.db.select().from(agents).where(eq(agents.id, row.agentId));
  if (!agent) return;
  const what =
    row.provider === 'google'
      ? 'Google Calendar'
      : row.provider === 'microsoft'
        ? 'Microsoft Outlook'
        : 'calendar';
  const link = `${deps.publicUrl}/dashboard/settings?tab=calendars`;
  const text = [
    `Hi ${agent.firstName},`,
    '',
    `Keyturn can no longer read your ${what}${row.accountEmail ? ` (${row.accountEmail})` : ''}: the provider withdrew the access you gave.`,
    'Buyers are still offered times using the busy times from the last successful sync, but new events in that calendar are not seen and new showings are not added to it.',
    '',
    `Connect it again: ${link}`,
  ].join('\n');
  try {
    await deps.mailer.send({
      from: deps.mailFrom ?? 'Keyturn <no-reply@keyturn.app>',
      to: agent.email,
      subject: `Reconnect your ${what} to Keyturn`,
      text,
      html: `<p>${text.split('\n').filter(Boolean).map(escapeHtml).join('</p><p>')}</p>`,
      messageId: `<calendar-reconnect-${row.id}-${Date.now()}@keyturn.app>`,
      fileStem: `calendar-reconnect-${row.id}`,
    });
  } catch {
    // The dashboard notice still shows it.
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The event a confirmed showing becomes in the agent's calendar. */
export async function showingEventOf(
  db: Db | DbTransaction,
  publicUrl: string,
  bookingId: string,
): Promise<{ event: ShowingEvent; agentId: string; status: string; manageUrl: string } | null> {
  const [row] = await db
    .select({ booking: bookings, agent: agents, property: properties })
    .from(bookings)
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const { booking, agent, property } = row;
  const address = property
    ? `${property.address}, ${property.city}, ${property.state} ${property.zipCode}`
    : '';
  const links = bookingLinks({ booking, agent, property, publicUrl });
  const kind = property ? 'Showing' : 'Consultation';
  return {
    agentId: agent.id,
    status: booking.status,
    manageUrl: links.manage,
    event: {
      title: `${kind}: ${booking.clientName}${property ? ` – ${property.address}` : ''}`,
      location: address,
      description: [
        `Buyer: ${booking.clientName}`,
        `Phone: ${booking.clientPhone}`,
        `E-mail: ${booking.clientEmail}`,
        ...(address ? [`Property: ${address}`] : []),
        `Manage: ${links.manage}`,
      ].join('\n'),
      start: booking.startsAt,
      end: booking.endsAt,
      timeZone: agent.timeZone,
    },
  };
}

/**
 * Makes the agent's target calendar match one booking: a confirmed booking has exactly one event (made once,
 * then patched), any other state has none. `previousBookingId` (a reschedule): that booking's event moves to
 * this one. Runs under the booking's row lock, so two pushes of one booking never both insert.
 */
export async function pushBooking(
  deps: CalendarDeps,
  input: { bookingId: string; previousBookingId?: string | undefined },
): Promise<'inserted' | 'patched' | 'deleted' | 'nothing'> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${bookings} where ${bookings.id} = ${input.bookingId} for update`);
    if (input.previousBookingId) {
      await tx
        .update(calendarEvents)
        .set({ bookingId: input.bookingId })
        .where(
          and(
            eq(calendarEvents.bookingId, input.previousBookingId),
            sql`not exists (select 1 from ${calendarEvents} e2 where e2.booking_id = ${input.bookingId})`,
          ),
        );
    }
    const showing = await showingEventOf(tx, deps.publicUrl, input.bookingId);
    if (!showing) return 'nothing';
    let [mapped] = await tx
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.bookingId, input.bookingId));
    const apiFor = async (integrationId: string) => {
      const [row] = await tx
        .select()
        .from(calendarIntegrations)
        .where(eq(calendarIntegrations.id, integrationId));
      if (!row || row.provider === 'ics' || row.status === 'needs_reconnect') return null;
      return { row, api: await apiOf(deps, row) };
    };
    if (mapped && mapped.agentId !== showing.agentId) {
      // Reassigned to another team member (issue 15): out of the previous agent's calendar, into the new one's.
      const previous = await apiFor(mapped.integrationId);
      if (previous)
        await guardGrant(deps, previous.row, () =>
          previous.api.deleteEvent(mapped!.calendarExternalId, mapped!.eventId),
        );
      await tx.delete(calendarEvents).where(eq(calendarEvents.bookingId, input.bookingId));
      mapped = undefined;
    }
    const wanted = showing.status === 'confirmed';
    if (!wanted) {
      if (!mapped) return 'nothing';
      const target = await apiFor(mapped.integrationId);
      if (target)
        await guardGrant(deps, target.row, () =>
          target.api.deleteEvent(mapped.calendarExternalId, mapped.eventId),
        );
      await tx.delete(calendarEvents).where(eq(calendarEvents.bookingId, input.bookingId));
      return 'deleted';
    }
    if (mapped) {
      const target = await apiFor(mapped.integrationId);
      if (!target) return 'nothing';
      const found = await guardGrant(deps, target.row, () =>
        target.api.patchEvent(mapped.calendarExternalId, mapped.eventId, showing.event),
      );
      if (found) return 'patched';
      // The agent deleted the event by hand: a new one is made below.
      await tx.delete(calendarEvents).where(eq(calendarEvents.bookingId, input.bookingId));
    }
    const [settings] = await tx
      .select()
      .from(calendarSyncSettings)
      .where(eq(calendarSyncSettings.agentId, showing.agentId));
    if (settings && !settings.pushEnabled) return 'nothing';
    const [cal] = await tx
      .select()
      .from(calendarCalendars)
      .where(and(eq(calendarCalendars.agentId, showing.agentId), eq(calendarCalendars.target, true)));
    if (!cal) return 'nothing';
    const target = await apiFor(cal.integrationId);
    if (!target) return 'nothing';
    const eventId = await guardGrant(deps, target.row, () =>
      target.api.insertEvent(cal.externalId, showing.event, input.bookingId.replace(/-/g, '')),
    );
    await tx.insert(calendarEvents).values({
      bookingId: input.bookingId,
      agentId: showing.agentId,
      integrationId: cal.integrationId,
      calendarExternalId: cal.externalId,
      eventId,
    });
    return 'inserted';
  });
}

/** A refused grant during a push marks the integration (and the push waits for the reconnect). */
/** Issue 46: an event we pushed, deleted from the agent's calendar (a deleted buyer's showing). */
export async function deletePushedEvent(
  deps: CalendarDeps,
  input: { integrationId: string; calendarExternalId: string; eventId: string },
): Promise<'deleted' | 'nothing'> {
  const [row] = await deps.db
    .select()
    .from(calendarIntegrations)
    .where(eq(calendarIntegrations.id, input.integrationId));
  if (!row || row.provider === 'ics' || row.status === 'needs_reconnect') return 'nothing';
  const api = await apiOf(deps, row);
  await guardGrant(deps, row, () => api.deleteEvent(input.calendarExternalId, input.eventId));
  return 'deleted';
}

async function guardGrant<T>(deps: CalendarDeps, row: IntegrationRow, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof GrantRevokedError) await markNeedsReconnect(deps, row, err.message);
    throw err;
  }
}

/** Bookings whose calendar state a change may have to update: the agent pushes, or the booking has an event. */
export async function wantsPush(tx: DbTransaction, agentId: string, bookingIds: string[]): Promise<boolean> {
  // Both questions in one statement (issue 18: it runs in every booking transaction).
  const { rows } = await tx.execute<{ wants: boolean }>(sql`
    select exists (select 1 from calendar_calendars where agent_id = ${agentId} and target)
        or exists (select 1 from calendar_events where booking_id = any(${`{${bookingIds.join(',')}}`}::uuid[]))
        as wants`);
  return rows[0]?.wants === true;
}
