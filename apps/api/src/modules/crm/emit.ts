// Putting webhook events on the queue (issue 13, Enterprise). Called inside the transaction of the change
// the event reports, so a rollback sends nothing and a commit cannot lose an event: one delivery row and one
// job per endpoint of the agent that listens to the event. Agents below Enterprise emit nothing (a downgraded
// agent's endpoints stay, silent).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PLAN_IDS } from '@keyturn/domain/enums';
import { planAllows } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import type { WebhookEvent } from '@keyturn/domain/schemas/webhooks';
import { agentFactsIn } from '../../db/agent-facts';
import type { DbTransaction } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';

/** One endpoint of the agent: its id and the events it listens to. */
export type WebhookEndpoint = { id: string; events: string[] };

export type WebhookEmitter = {
  /** `endpoints`: the agent's endpoints read earlier in this transaction (`endpoints()`), else read here. */
  emit: (
    tx: DbTransaction,
    agentId: string,
    event: WebhookEvent,
    data: Record<string, unknown>,
    endpoints?: readonly WebhookEndpoint[],
  ) => Promise<void>;
  /** Whether anything would be sent: lets callers skip building payloads nobody listens to. */
  listening: (tx: DbTransaction, agentId: string, event: WebhookEvent) => Promise<boolean>;
  /** The agent's endpoints, none below Enterprise — one statement, for callers emitting several events. */
  endpoints: (tx: DbTransaction, agentId: string) => Promise<WebhookEndpoint[]>;
};

/** The plans whose agents' endpoints are sent to. */
const SENDING_PLANS = PLAN_IDS.filter((id) => planAllows(planFor(id), 'crmIntegration'));

export function webhookEmitter(queue: Pick<JobQueue, 'sendWebhook'>, now: () => Date): WebhookEmitter {
  const endpoints = async (tx: DbTransaction, agentId: string) => {
    // In a buyer's booking transaction they were read with the agent's other facts (db/agent-facts.ts).
    const facts = agentFactsIn(tx, agentId);
    if (facts) return (SENDING_PLANS as readonly string[]).includes(facts.plan) ? facts.webhookEndpoints : [];
    const { rows } = await tx.execute<WebhookEndpoint>(sql`
      select e.id, e.events from webhook_endpoints e join agents a on a.id = e.agent_id
      where e.agent_id = ${agentId} and a.plan = any(${`{${SENDING_PLANS.join(',')}}`}::text[])`);
    return rows;
  };
  const listeningTo = (all: readonly WebhookEndpoint[], event: WebhookEvent) =>
    all.filter((endpoint) => endpoint.events.includes(event));
  return {
    endpoints,
    listening: async (tx, agentId, event) => listeningTo(await endpoints(tx, agentId), event).length > 0,
    emit: async (tx, agentId, event, data, known) => {
      const targets = listeningTo(known ?? (await endpoints(tx, agentId)), event);
      if (targets.length === 0) return;
      const body = {
        id: randomUUID(),
        event,
        created_at: now().toISOString(),
        agent_id: agentId,
        data,
      };
      for (const endpoint of targets) {
        const id = randomUUID();
        await tx.insert(webhookDeliveries).values({ id, endpointId: endpoint.id, agentId, event, body });
        await queue.sendWebhook(tx, id);
      }
    },
  };
}
