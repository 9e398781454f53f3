// The booking changes as webhook events: the notifier the booking services already call inside their
// transactions, wrapped so each change also emits its events (and the lead it changed) in the same transaction.
import type { DbTransaction } from '../../db/client';
import type { BookingNotifier } from '../core/notifications/scheduler';
import type { WebhookEvent } from '@keyturn/domain/schemas/webhooks';
import type { WebhookEmitter, WebhookEndpoint } from './emit';
import { bookingData, feedbackData, leadData } from './payloads';

type Ref = { id: string; agentId: string };

export function withWebhookEvents(inner: BookingNotifier, hooks: WebhookEmitter): BookingNotifier {
  const bookingEvent = async (
    tx: DbTransaction,
    booking: Ref,
    events: WebhookEvent[],
    extra: Record<string, unknown> = {},
  ) => {
    // The agent's endpoints read once: an agent nobody listens to (most of them) costs this one statement.
    const endpoints = await hooks.endpoints(tx, booking.agentId);
    if (endpoints.length === 0) return;
    const data = await bookingData(tx, booking.agentId, booking.id);
    if (!data) return;
    for (const event of events) {
      await hooks.emit(tx, booking.agentId, event, { booking: data, ...extra }, endpoints);
    }
    await leadUpdated(hooks, tx, booking.agentId, data.client.email as string, endpoints);
  };
  return {
    ...inner,
    created: async (tx, booking, actor) => {
      await inner.created(tx, booking, actor);
      const events: WebhookEvent[] = ['booking.created'];
      if (booking.status === 'confirmed') events.push('booking.confirmed');
      await bookingEvent(tx, booking, events);
    },
    rescheduled: async (tx, from, to, actor) => {
      await inner.rescheduled(tx, from, to, actor);
      await bookingEvent(tx, to, ['booking.rescheduled'], { previous_booking_id: from.id });
    },
    cancelled: async (tx, booking, actor) => {
      await inner.cancelled(tx, booking, actor);
      await bookingEvent(tx, booking, ['booking.cancelled']);
    },
    actionApplied: async (tx, booking, action) => {
      await inner.actionApplied(tx, booking, action);
      const events: WebhookEvent[] =
        booking.status === 'confirmed'
          ? ['booking.confirmed']
          : booking.status === 'cancelled' || booking.status === 'declined'
            ? ['booking.cancelled']
            : [];
      // Completed and no-show change only the lead.
      await bookingEvent(tx, booking, events);
    },
    reassigned: async (tx, booking, previousAgentId) => {
      await inner.reassigned(tx, booking, previousAgentId);
      // For the new agent's endpoints the booking arrives as a new one, naming the agent it came from.
      const events: WebhookEvent[] = ['booking.created'];
      if (booking.status === 'confirmed') events.push('booking.confirmed');
      await bookingEvent(tx, booking, events, { reassigned_from_agent_id: previousAgentId });
    },
  };
}

/** feedback.received and lead.updated, for the feedback of one booking (inside the saving transaction). */
export async function feedbackReceived(
  hooks: WebhookEmitter,
  tx: DbTransaction,
  agentId: string,
  bookingId: string,
) {
  const endpoints = await hooks.endpoints(tx, agentId);
  if (endpoints.length === 0) return;
  const booking = await bookingData(tx, agentId, bookingId);
  const feedback = await feedbackData(tx, agentId, bookingId);
  if (!booking || !feedback) return;
  await hooks.emit(tx, agentId, 'feedback.received', { feedback, booking }, endpoints);
  await leadUpdated(hooks, tx, agentId, booking.client.email as string, endpoints);
}

async function leadUpdated(
  hooks: WebhookEmitter,
  tx: DbTransaction,
  agentId: string,
  email: string,
  known?: readonly WebhookEndpoint[],
) {
  const endpoints = known ?? (await hooks.endpoints(tx, agentId));
  if (!endpoints.some((endpoint) => endpoint.events.includes('lead.updated'))) return;
  const lead = await leadData(tx, agentId, email);
  if (lead) await hooks.emit(tx, agentId, 'lead.updated', { lead }, endpoints);
}
