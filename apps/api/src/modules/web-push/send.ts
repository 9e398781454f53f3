// One push job: re-reads the booking and decides whether its event is still true (a request already answered
// is not "waiting for your approval"), builds the payload in the agent's words (PUSH_TEXTS) and sends it to each
// of the agent's devices ONCE — a push_sends row per (device, key) is claimed before the request and marked sent
// after it, so a retried job or a restarted worker skips what went. The request itself is built by `web-push`
// (VAPID JWT, aes128gcm encryption) and sent through the outbound guard like every call the server makes. A
// device whose push service answers 404 or 410 has unsubscribed: it is removed. Anything else is retried.
import { and, eq, sql } from 'drizzle-orm';
import webPush from 'web-push';
import {
  DEFAULT_PUSH_PREFERENCES,
  PUSH_DELIVERY,
  PUSH_TEXTS,
  pushBookingPath,
  type PushFacts,
  type PushPayload,
} from '@keyturn/domain/push';
import type { Db } from '../../db/client';
import {
  agents,
  bookings,
  properties,
  pushPreferences,
  pushSends,
  pushSubscriptions,
  showingMessages,
} from '../../db/schema';
import { outboundFetch, OutboundUrlRefused, type OutboundPolicy } from '../../http/outbound-url';
import { whenInZone } from '../core/mail/format';
import { awaitingSeller } from '../core/seller-approval-state';
import type { PushJobData } from './queue';
import type { VapidDetails } from './vapid';

export type PushSendDeps = {
  db: Db;
  now: () => Date;
  vapid: () => VapidDetails;
  outbound: OutboundPolicy;
  /** How long one push service may take to answer. */
  timeoutSeconds: number;
};

export type PushResult = { sent: number; removed: number; skipped?: string };

const EXCERPT_CHARS = 140;

export async function runPushJob(
  deps: PushSendDeps,
  data: PushJobData,
  attempt: { retryCount: number; retryLimit: number },
): Promise<PushResult> {
  const { db } = deps;
  const [row] = await db
    .select({ booking: bookings, agent: agents, address: properties.address })
    .from(bookings)
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(and(eq(bookings.id, data.bookingId), eq(bookings.agentId, data.agentId)));
  // Deleted, or handed to another agent since: this agent's devices are not told.
  if (!row) return { sent: 0, removed: 0, skipped: 'the booking is no longer this agent’s' };
  const [prefs] = await db
    .select({ events: pushPreferences.events })
    .from(pushPreferences)
    .where(eq(pushPreferences.agentId, data.agentId));
  if (!{ ...DEFAULT_PUSH_PREFERENCES, ...prefs?.events }[data.event])
    return { sent: 0, removed: 0, skipped: 'the agent switched this push off' };
  const stale = await staleReason(db, data, row.booking);
  if (stale) return { sent: 0, removed: 0, skipped: stale };

  const payload = await payloadOf(db, data, row);
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.agentId, data.agentId));
  const lastAttempt = attempt.retryCount >= attempt.retryLimit;
  const failures: string[] = [];
  let sent = 0;
  let removed = 0;
  for (const device of devices) {
    const outcome = await sendOnce(deps, data, device, payload);
    if (outcome === 'sent') sent += 1;
    else if (outcome === 'removed') removed += 1;
    else if (outcome !== 'already') failures.push(outcome.error);
  }
  if (failures.length > 0 && !lastAttempt) throw new Error(failures.join('; '));
  return { sent, removed };
}

/** Why the event no longer holds when the job runs (null: it does). */
async function staleReason(
  db: Db,
  data: PushJobData,
  booking: typeof bookings.$inferSelect,
): Promise<string | null> {
  switch (data.event) {
    case 'new_request':
      if (booking.status !== 'pending') return `the request is ${booking.status}`;
      return (await awaitingSeller(db, booking.id)) ? 'the seller answers this request' : null;
    case 'cancelled':
      return booking.status === 'cancelled' ? null : `the booking is ${booking.status}`;
    case 'not_confirmed':
      if (booking.status !== 'confirmed') return `the booking is ${booking.status}`;
      return booking.buyerConfirmedAt ? 'the buyer has confirmed' : null;
    default:
      return null;
  }
}

async function payloadOf(
  db: Db,
  data: PushJobData,
  row: { booking: typeof bookings.$inferSelect; agent: typeof agents.$inferSelect; address: string | null },
): Promise<PushPayload> {
  const when = whenInZone(row.booking.startsAt, row.agent.timeZone);
  const facts: PushFacts = {
    client: row.booking.clientName,
    when: `${when.shortDate} at ${when.time}`,
    what: row.address ?? 'the appointment',
  };
  const T = PUSH_TEXTS;
  const url = pushBookingPath(row.booking.id);
  const base = {
    title: T.title[data.event](facts),
    url,
    tag: `${data.event}:${row.booking.id}`,
    event: data.event,
  };
  switch (data.event) {
    case 'new_request':
      return {
        ...base,
        body: T.body.new_request(facts),
        actions: (['approve', 'decline'] as const).map((action) => ({
          action,
          title: T.actions[action],
          url: pushBookingPath(row.booking.id, action),
        })),
      };
    case 'seller_answer':
      return { ...base, body: T.body.seller_answer(facts, data.answer ?? 'The seller answered') };
    case 'buyer_message': {
      const [message] = data.messageId
        ? await db
            .select({ body: showingMessages.body, author: showingMessages.authorName })
            .from(showingMessages)
            .where(and(eq(showingMessages.id, data.messageId), eq(showingMessages.bookingId, row.booking.id)))
        : [];
      const text = (message?.body ?? '').replace(/\s+/g, ' ').trim();
      const excerpt = text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
      return {
        ...base,
        tag: `buyer_message:${data.messageId ?? row.booking.id}`,
        body: T.body.buyer_message({ ...facts, client: message?.author ?? facts.client }, excerpt),
      };
    }
    default:
      return { ...base, body: T.body[data.event](facts) };
  }
}

type Device = typeof pushSubscriptions.$inferSelect;
type Outcome = 'sent' | 'already' | 'removed' | { error: string };

async function sendOnce(
  deps: PushSendDeps,
  data: PushJobData,
  device: Device,
  payload: PushPayload,
): Promise<Outcome> {
  const { db } = deps;
  await db
    .insert(pushSends)
    .values({
      subscriptionId: device.id,
      key: data.key,
      event: data.event,
      bookingId: data.bookingId,
      status: 'sending',
    })
    .onConflictDoNothing();
  const [claimed] = await db
    .select({ status: pushSends.status })
    .from(pushSends)
    .where(and(eq(pushSends.subscriptionId, device.id), eq(pushSends.key, data.key)));
  if (claimed?.status === 'sent') return 'already';

  const delivery = PUSH_DELIVERY[data.event];
  let status: number | null = null;
  let error: string | null = null;
  try {
    const request = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: deps.vapid(),
        TTL: delivery.ttlSeconds,
        urgency: delivery.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    const response = await outboundFetch(
      request.endpoint,
      {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        signal: AbortSignal.timeout(deps.timeoutSeconds * 1000),
      },
      { ...deps.outbound, maxRedirects: 0 },
    );
    status = response.status;
    await response.body?.cancel().catch(() => {});
    if (status < 200 || status >= 300) error = `the push service answered ${status}`;
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    error =
      err instanceof OutboundUrlRefused
        ? `${e.message} (${err.reason})`
        : e.name === 'TimeoutError'
          ? `no answer within ${deps.timeoutSeconds} s`
          : (e.cause?.code ?? e.message);
  }

  if (status === 404 || status === 410) {
    // The browser unsubscribed (or the subscription expired): the device is gone, its sends with it.
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    return 'removed';
  }
  const now = deps.now();
  await db
    .update(pushSends)
    .set({
      status: error === null ? 'sent' : 'failed',
      attempts: sql`${pushSends.attempts} + 1`,
      responseStatus: status,
      lastError: error,
      sentAt: error === null ? now : null,
    })
    .where(and(eq(pushSends.subscriptionId, device.id), eq(pushSends.key, data.key)));
  if (error !== null) return { error: `${new URL(device.endpoint).host}: ${error}` };
  await db.update(pushSubscriptions).set({ lastOkAt: now }).where(eq(pushSubscriptions.id, device.id));
  return 'sent';
}
