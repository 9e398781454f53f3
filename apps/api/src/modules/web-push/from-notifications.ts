// Which booking events of the notifications queue also go to the agent's devices: the same moments the agent is
// e-mailed — a request waiting for their approval, a buyer's cancellation, and the "Not confirmed" alert.
import type { NotificationJobData, PlannedMessage } from '../core/notifications/catalogue';
import type { PushAlert } from './queue';

export function pushOfNotification(
  data: NotificationJobData,
  messages: readonly PlannedMessage[],
  booking: { id: string; agentId: string },
): PushAlert | null {
  const toAgent = (template: string) =>
    messages.some((m) => m.audience === 'agent' && m.channel === 'email' && m.template === template);
  const event =
    data.event === 'booking_created' && toAgent('approval_needed')
      ? 'new_request'
      : data.event === 'booking_cancelled' && data.actor === 'buyer'
        ? 'cancelled'
        : data.event === 'unconfirmed_alert' && toAgent('unconfirmed')
          ? 'not_confirmed'
          : null;
  if (!event) return null;
  return {
    agentId: booking.agentId,
    bookingId: booking.id,
    event,
    key: `${booking.id}:${data.event}:${data.scheduledFor}`,
  };
}
