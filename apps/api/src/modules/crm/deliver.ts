// One webhook delivery job: POST the stored body to the endpoint, signed, without following redirects. A 2xx
// answer delivers it; anything else (another status, a refused connection, a timeout) is recorded and thrown,
// so pg-boss retries it with doubling delays until its retry limit — then the row says `failed` and the agent
// can send it again from Settings → Webhooks.
import { and, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@keyturn/domain/schemas/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { outboundFetch, OutboundUrlRefused, type OutboundPolicy } from '../../http/outbound-url';
import { signWebhook } from './signature';

export type WebhookJob = { deliveryId: string };
export type JobMeta = { retryCount: number; retryLimit: number };

export async function runWebhookJob(
  deps: { db: Db; now: () => Date; timeoutSeconds: number; outbound: OutboundPolicy },
  data: WebhookJob,
  meta: JobMeta,
): Promise<{ status: 'delivered' | 'skipped'; responseStatus?: number }> {
  const { db } = deps;
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, data.deliveryId));
  // The endpoint was deleted (its deliveries with it), or this delivery already went through.
  if (!row || row.delivery.status === 'delivered') return { status: 'skipped' };

  const body = JSON.stringify(row.delivery.body);
  const timestamp = Math.floor(deps.now().getTime() / 1000);
  let responseStatus: number | null = null;
  let error: string | null = null;
  try {
    const response = await outboundFetch(
      row.endpoint.url,
      {
        method: 'POST',
        signal: AbortSignal.timeout(deps.timeoutSeconds * 1000),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Keyturn-Webhooks/1',
          [WEBHOOK_EVENT_HEADER]: row.delivery.event,
          [WEBHOOK_DELIVERY_HEADER]: row.delivery.id,
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(row.endpoint.secret, timestamp, body),
        },
        body,
      },
      { ...deps.outbound, maxRedirects: 0 },
    );
    responseStatus = response.status;
    await response.body?.cancel().catch(() => {});
    if (response.status < 200 || response.status >= 300) {
      error =
        response.status >= 300 && response.status < 400
          ? `Answered ${response.status} (redirects are not followed)`
          : `Answered ${response.status}`;
    }
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    error =
      err instanceof OutboundUrlRefused
        ? `${e.message} (${err.reason})`
        : e.name === 'TimeoutError'
          ? `No answer within ${deps.timeoutSeconds} s`
          : (e.cause?.code ?? e.message);
  }

  const final = meta.retryCount >= meta.retryLimit;
  await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      responseStatus,
      lastError: error,
      status: error === null ? 'delivered' : final ? 'failed' : 'retrying',
      deliveredAt: error === null ? deps.now() : null,
    })
    .where(and(eq(webhookDeliveries.id, row.delivery.id)));
  if (error !== null) throw new Error(`webhook ${row.delivery.event} to ${row.endpoint.url}: ${error}`);
  return { status: 'delivered', responseStatus: responseStatus ?? 0 };
}
