// Putting webhook events on the queue (issue 13, Enterprise). Called inside the transaction of the change
// the event reports, so a rollback sends nothing and a commit cannot lose an event: one delivery row and one
// job per endpoint of the agent that listens to the event. Agents below Enterprise emit nothing (a downgraded
// agent's endpoints stay, silent).
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { planAllows } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import type { WebhookEvent } from '@keyturn/domain/schemas/webhooks';
import type { DbTransaction } from '../db/client';
import { agents, webhookDeliveries, webhookEndpoints } from '../db/schema';
import type { JobQueue } from '../jobs/queue';

export type WebhookEmitter = {
  emit: (
    tx: DbTransaction,
    agentId: string,
    event: WebhookEvent,
    data: Record<string, unknown>,
  ) => Promise<void>;
  /** Whether anything would be sent: lets callers skip building payloads nobody listens to. */
  listening: (tx: DbTransaction, agentId: string, event: WebhookEvent) => Promise<boolean>;
};

export function webhookEmitter(queue: Pick<JobQueue, 'sendWebhook'>, now: () => Date): WebhookEmitter {
  const endpointsFor = async (tx: DbTransaction, agentId: string, event: WebhookEvent) => {
    const [agent] = await tx.select({ plan: agents.plan }).from(agents).where(eq(agents.id, agentId));
    if (!agent || !planAllows(planFor(agent.plan), 'crmIntegration')) return [];
    return tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.agentId, agentId),
          sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
        ),
      );
  };
  return {
    listening: async (tx, agentId, event) => (await endpointsFor(tx, agentId, event)).length > 0,
    emit: async (tx, agentId, event, data) => {
      const endpoints = await endpointsFor(tx, agentId, event);
      if (endpoints.length === 0) return;
      const body = {
        id: randomUUID(),
        event,
        created_at: now().toISOString(),
        agent_id: agentId,
        data,
      };
      for (const endpoint of endpoints) {
        const id = randomUUID();
        await tx.insert(webhookDeliveries).values({ id, endpointId: endpoint.id, agentId, event, body });
        await queue.sendWebhook(tx, id);
      }
    },
  };
}
