// What the seller's page shows for one link (GET /api/seller-approval?token=): the showing in the property's
// zone, the state of the request, and — for "Propose another time" — the property's open times from the one
// slot engine over the whole booking window (the showing's own time left out).
import { clockLabel, isoDateInZone } from '@keyturn/domain/time';
import { bookingWindow } from '@keyturn/domain/slots/engine';
import { openSlots } from '../availability/open-slots';
import { publicSlotInputs } from '../booking-public/slot-pipeline';
import { whenInZone } from '../core/mail/format';
import type { SellerApprovalView } from '@keyturn/domain/schemas/sellerApproval';
import { resolveLink, type SellerContext } from './answer';

/** Issue 39 §7: every day of the booking window is offered (before or after the requested one), each with its first times. */
const TIMES_PER_DAY = 24;

export async function approvalPage(ctx: SellerContext, token: string): Promise<SellerApprovalView> {
  const r = await resolveLink(ctx, token);
  const now = ctx.now();
  const zone = r.agent.timeZone;
  const today = isoDateInZone(now, zone);
  let openTimes: SellerApprovalView['open_times'] = [];
  if (r.link.action === 'propose' && r.request.status === 'open' && !r.link.usedAt) {
    const window = bookingWindow(now, zone);
    const inputs = await publicSlotInputs(
      ctx.db,
      { propertyId: r.property.id },
      window.from,
      window.to,
      r.booking.id,
      { now },
    );
    openTimes = [...openSlots(inputs, now, window)].flatMap(([date, slots]) =>
      slots
        .filter((s) => s.startsAt !== r.booking.startsAt.getTime())
        .slice(0, TIMES_PER_DAY)
        .map((s) => ({
          starts_at: new Date(s.startsAt).toISOString(),
          date,
          time: clockLabel(s.startsAt, zone),
        })),
    );
  }
  const when = whenInZone(r.booking.startsAt, zone);
  const expired = r.request.status === 'open' && now.getTime() >= r.request.expiresAt.getTime();
  return {
    action: r.link.action,
    status: expired ? 'expired' : r.request.status,
    link_used: r.link.usedAt !== null,
    contact_name: r.contact.name,
    agent_name: `${r.agent.firstName} ${r.agent.lastName}`.trim(),
    answered_by: r.request.answeredByName,
    booking_status: r.booking.status,
    cancelled_by: r.booking.status === 'cancelled' ? r.booking.cancelledBy : null,
    address: `${r.property.address}, ${r.property.city}`,
    starts_at: r.booking.startsAt.toISOString(),
    time_zone: zone,
    when: { date: when.date, time: when.time, zone: when.zone },
    open_times: openTimes,
    today,
  };
}
