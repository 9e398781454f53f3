// The demo's data, cleared for the daily reset or removed with its account (Server settings' "Remove the demo",
// decision 064). Only rows of the demo agent are touched: every statement is keyed on its id.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  agentSettings,
  availabilityDays,
  availabilityOverrides,
  availabilitySettings,
  bookingLinks,
  bookings,
  messageCopies,
  notificationJobs,
  notificationMessages,
  properties,
  smsConsentLedger,
  users,
} from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { demoAccount } from '../core/demo-identity';

type Deps = { db: Db; queue: JobQueue };

/**
 * "Remove the demo": its queued messages cancelled, its stored copies deleted, then its account — which takes
 * every row of the demo agent with it (the schema's cascades) and nobody else's. False when there is none.
 */
export async function removeDemo(deps: Deps): Promise<boolean> {
  const account = await demoAccount(deps.db);
  if (!account) return false;
  if (account.agentId) await clearDemoData(deps, account.agentId);
  await deps.db.delete(users).where(eq(users.id, account.userId));
  return true;
}

/** The demo agent's listings, bookings, hours, settings and messages (its account kept): before a rebuild. */
export async function clearDemoData(deps: Deps, agentId: string): Promise<void> {
  const { db } = deps;
  const files = await db
    .select({ channel: notificationMessages.channel, fileName: notificationMessages.fileName })
    .from(notificationMessages)
    .where(eq(notificationMessages.agentId, agentId));
  await db.transaction(async (tx) => {
    // Jobs still waiting on the queue would otherwise run later for bookings that are gone.
    const waiting = await tx
      .select({ id: notificationJobs.id })
      .from(notificationJobs)
      .where(and(eq(notificationJobs.agentId, agentId), isNull(notificationJobs.cancelledAt)));
    await deps.queue.cancel(
      tx,
      waiting.map((j) => j.id),
    );
    await tx.delete(notificationMessages).where(eq(notificationMessages.agentId, agentId));
    await tx.delete(smsConsentLedger).where(eq(smsConsentLedger.agentId, agentId));
    await tx.delete(bookings).where(eq(bookings.agentId, agentId));
    await tx.delete(bookingLinks).where(eq(bookingLinks.agentId, agentId));
    await tx.delete(properties).where(eq(properties.agentId, agentId));
    await tx.delete(availabilityDays).where(eq(availabilityDays.agentId, agentId));
    await tx.delete(availabilityOverrides).where(eq(availabilityOverrides.agentId, agentId));
    await tx.delete(availabilitySettings).where(eq(availabilitySettings.agentId, agentId));
    await tx.delete(agentSettings).where(eq(agentSettings.agentId, agentId));
    // The outbox copies of the demo's messages: only the ones its rows named.
    const names = files.flatMap((f) => (f.fileName ? [f.fileName] : []));
    if (names.length > 0) await tx.delete(messageCopies).where(inArray(messageCopies.fileName, names));
  });
}
