// What the seller's page shows for one link (GET /api/seller-approval?token=): the showing in the property's
// zone, the state of the request, and — for "Propose another time" — the property's open times from the one
// slot engine (the showing's own time left out).
import { clockLabel, isoDateInZone } from '@keyturn/domain/time';
import { openSlots } from '../availability/open-slots';
import { publicSlotInputs } from '../booking-public/slot-pipeline';
import { whenInZone } from '../notifications/format';
import type { SellerApprovalView } from '@keyturn/domain/schemas/sellerApproval';
import { resolveLink, type SellerContext } from './answer';

const DAYS_OFFERED = 14;
const MAX_TIMES = 60;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export async function approvalPage(ctx: SellerContext, token: string): Promise<SellerApprovalView> {
  const r = await resolveLink(ctx, token);
  const now = ctx.now();
  const zone = r.agent.timeZone;
  const today = isoDateInZone(now, zone);
  let openTimes: SellerApprovalView['open_times'] = [];
  if (r.link.action === 'propose' && r.request.status === 'open' && !r.link.usedAt) {
    const to = addDays(today, DAYS_OFFERED);
    const inputs = await publicSlotInputs(ctx.db, { propertyId: r.property.id }, today, to, r.booking.id);
    openTimes = [...openSlots(inputs, now, { from: today, to })]
      .flatMap(([date, slots]) =>
        slots
          .filter((s) => s.startsAt !== r.booking.startsAt.getTime())
          .map((s) => ({
            starts_at: new Date(s.startsAt).toISOString(),
            date,
            time: clockLabel(s.startsAt, zone),
          })),
      )
      .slice(0, MAX_TIMES);
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
    address: `${r.property.address}, ${r.property.city}`,
    starts_at: r.booking.startsAt.toISOString(),
    time_zone: zone,
    when: { date: when.date, time: when.time, zone: when.zone },
    open_times: openTimes,
    today,
  };
}
