// Webhook endpoints and their delivery log (issue 13, Enterprise), always scoped to the caller: another
// agent's endpoint or delivery id is simply not found.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  WEBHOOK_LOG_LIMIT,
  WEBHOOK_MAX_ENDPOINTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@keyturn/domain/schemas/webhooks';
import type { Db } from '../../db/client';
import { agents, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { JobQueue } from '../../jobs/queue';

type Agent = { id: string };
const endpointNotFound = () => notFound('Webhook not found.');

function toEndpoint(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    created_at: row.createdAt.toISOString(),
  };
}

function toDelivery(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    event_id: String(row.body.id ?? ''),
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

export async function listEndpoints(db: Db, agent: Agent): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.agentId, agent.id))
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toEndpoint);
}

/** Registers an endpoint with a new secret; the secret is answered here and never again. */
export async function createEndpoint(
  db: Db,
  agent: Agent,
  input: { url: string; events: WebhookEvent[] },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, agent.id)).for('update');
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.agentId, agent.id));
    if ((existing?.n ?? 0) >= WEBHOOK_MAX_ENDPOINTS) {
      throw new AppError(
        409,
        'WEBHOOK_LIMIT_REACHED',
        `You can register up to ${WEBHOOK_MAX_ENDPOINTS} webhooks.`,
      );
    }
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ agentId: agent.id, url: input.url, events: input.events, secret })
      .returning();
    return { endpoint: toEndpoint(row!), secret };
  });
}

async function ownEndpoint(db: Db, agent: Agent, id: string) {
  if (!isUuid(id)) throw endpointNotFound();
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.agentId, agent.id)));
  if (!row) throw endpointNotFound();
  return row;
}

export async function deleteEndpoint(db: Db, agent: Agent, id: string): Promise<void> {
  const row = await ownEndpoint(db, agent, id);
  await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.agentId, agent.id)));
}

export async function listDeliveries(db: Db, agent: Agent, endpointId: string): Promise<WebhookDelivery[]> {
  const endpoint = await ownEndpoint(db, agent, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.agentId, agent.id)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(WEBHOOK_LOG_LIMIT);
  return rows.map(toDelivery);
}

/** "Send again": the same body (same event id) as a new delivery, on the queue at once. */
export async function resendDelivery(
  db: Db,
  queue: Pick<JobQueue, 'sendWebhook'>,
  agent: Agent,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(db, agent, endpointId);
  if (!isUuid(deliveryId)) throw notFound('Delivery not found.');
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.agentId, agent.id),
        ),
      );
    if (!original) throw notFound('Delivery not found.');
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        id: randomUUID(),
        endpointId: endpoint.id,
        agentId: agent.id,
        event: original.event,
        body: original.body,
      })
      .returning();
    await queue.sendWebhook(tx, row!.id);
    return toDelivery(row!);
  });
}
