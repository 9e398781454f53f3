// The agent's devices and push switches. A browser has one push subscription (its endpoint): subscribing it
// again, or from another account signed in on the same browser, moves it to the caller — the device then pushes
// for the account that is signed in, never for the one before. Every read and delete is the caller's own.
import { and, count, eq } from 'drizzle-orm';
import { DEFAULT_PUSH_PREFERENCES, PUSH_TEXTS, type PushPreferences } from '@keyturn/domain/push';
import type { PushSubscriptionCreate } from '@keyturn/domain/schemas/push';
import type { Db } from '../../db/client';
import { pushPreferences, pushSubscriptions } from '../../db/schema';
import { AppError } from '../../errors';
import { checkOutboundUrl, OutboundUrlRefused, type OutboundPolicy } from '../../http/outbound-url';
import type { AgentRow } from '../core/agents';

/**
 * A push service's address: https, or http to 127.0.0.1 where the server may call private hosts (tests, an
 * on-premises push relay); then the outbound guard's rules as for any address the server calls.
 */
export async function assertPushEndpoint(endpoint: string, policy: OutboundPolicy): Promise<void> {
  const refused = () =>
    new AppError(400, 'VALIDATION_ERROR', PUSH_TEXTS.errors.endpoint, {
      endpoint: PUSH_TEXTS.errors.endpoint,
    });
  const url = new URL(endpoint);
  const local = url.protocol === 'http:' && url.hostname === '127.0.0.1' && policy.allowPrivateHosts;
  if (url.protocol !== 'https:' && !local) throw refused();
  try {
    await checkOutboundUrl(endpoint, policy);
  } catch (err) {
    if (err instanceof OutboundUrlRefused) throw refused();
    throw err;
  }
}

export async function subscribe(
  db: Db,
  agent: AgentRow,
  body: PushSubscriptionCreate,
  policy: OutboundPolicy,
): Promise<{ endpoint: string; created_at: string }> {
  await assertPushEndpoint(body.endpoint, policy);
  const values = {
    agentId: agent.id,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    label: body.label || null,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      // New keys (the browser re-subscribed) or another account: the row is the caller's from now on.
      set: { agentId: values.agentId, p256dh: values.p256dh, auth: values.auth, label: values.label },
    })
    .returning();
  return { endpoint: row!.endpoint, created_at: row!.createdAt.toISOString() };
}

export async function unsubscribe(db: Db, agent: AgentRow, endpoint: string): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.agentId, agent.id), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw new AppError(404, 'NOT_FOUND', PUSH_TEXTS.errors.notFound);
}

export async function preferencesOf(
  db: Db,
  agent: AgentRow,
): Promise<{ preferences: PushPreferences; devices: number }> {
  const [row] = await db
    .select({ events: pushPreferences.events })
    .from(pushPreferences)
    .where(eq(pushPreferences.agentId, agent.id));
  const [devices] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.agentId, agent.id));
  return { preferences: { ...DEFAULT_PUSH_PREFERENCES, ...row?.events }, devices: devices?.n ?? 0 };
}

export async function savePreferences(
  db: Db,
  agent: AgentRow,
  preferences: PushPreferences,
  now: Date,
): Promise<{ preferences: PushPreferences; devices: number }> {
  await db
    .insert(pushPreferences)
    .values({ agentId: agent.id, events: preferences, updatedAt: now })
    .onConflictDoUpdate({ target: pushPreferences.agentId, set: { events: preferences, updatedAt: now } });
  return preferencesOf(db, agent);
}
