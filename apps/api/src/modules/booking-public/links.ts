// The buyer's links (spec §4): GET /booking/prefill — a buyer's manage token opens the flow in reschedule mode
// (inside the showing's cut-off, issue 44, it answers 409 instead), an agent's invitation link opens it filled
// in — and GET /booking/links/:id, where an agent's booking link points.
import { eq } from 'drizzle-orm';
import type { Prefill } from '@keyturn/domain/schemas/prefill';
import { wallClockInZone } from '@keyturn/domain/time';
import type { Db } from '../../db/client';
import { agents, availabilitySettings, bookingLinks, bookings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { assertBuyerMayChange } from '../showing-rules/change-cutoff';
import { assertActive, bookingNotFound } from './service';

/**
 * GET /booking/prefill: a buyer's manage token opens the flow in reschedule mode (spec §4); an agent's
 * invitation link opens it filled with what the agent entered.
 */
export async function prefillFor(db: Db, token: string, now: Date) {
  const [booking] = token ? await db.select().from(bookings).where(eq(bookings.manageToken, token)) : [];
  if (booking) {
    assertActive(booking);
    await assertBuyerMayChange(db, booking, now);
    const [[agent], [settings]] = await Promise.all([
      db.select().from(agents).where(eq(agents.id, booking.agentId)),
      db
        .select({ requiresApproval: availabilitySettings.requiresApproval })
        .from(availabilitySettings)
        .where(eq(availabilitySettings.agentId, booking.agentId)),
    ]);
    const wall = wallClockInZone(booking.startsAt, agent?.timeZone ?? 'UTC');
    const prefill: Prefill = {
      buyer_name: booking.clientName,
      buyer_email: booking.clientEmail,
      buyer_phone: booking.clientPhone,
      buyer_type: booking.buyerType as Prefill['buyer_type'],
      budget_min: booking.budgetMin,
      budget_max: booking.budgetMax,
      income_range: booking.incomeRange as Prefill['income_range'],
      booking_purpose: booking.bookingPurpose as Prefill['booking_purpose'],
      custom_purpose: booking.customPurpose,
      notes: booking.message,
      action: 'reschedule',
      booking_id: booking.id,
      booking_date: wall.date,
      booking_time: wall.time,
      gives_up_confirmed: booking.status === 'confirmed' && (settings?.requiresApproval ?? false),
    };
    return { success: true as const, agent_id: booking.agentId, property_id: booking.propertyId, prefill };
  }
  const link = await activeLink(db, token);
  if (!link?.prefill) throw bookingNotFound();
  return {
    success: true as const,
    agent_id: link.agentId,
    property_id: link.propertyId,
    prefill: link.prefill as Prefill,
  };
}

export async function bookingLink(db: Db, linkId: string) {
  const link = await activeLink(db, linkId);
  if (!link) throw new AppError(404, 'LINK_NOT_FOUND', 'This booking link is no longer active.');
  return {
    success: true as const,
    agent_id: link.agentId,
    property_id: link.propertyId,
    prefill: (link.prefill as Prefill | null) ?? null,
    // A team's link carries the team (issue 15): read by modules/teams/links.ts (teamOfLink).
    teamId: link.teamId,
  };
}

async function activeLink(db: Db, linkId: string) {
  if (!linkId || linkId.length > 100) return undefined;
  const [link] = await db.select().from(bookingLinks).where(eq(bookingLinks.id, linkId));
  if (!link || !link.isActive || (link.expiresAt && link.expiresAt.getTime() < Date.now())) return undefined;
  return link;
}
