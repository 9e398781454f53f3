// "Confirm I'm coming" on the buyer's manage page (issue 33, decision 056): an upcoming confirmed showing is
// marked buyer-confirmed 'page' (a Y reply marks it 'text', on the inbound side). Confirming again changes
// nothing: the first confirmation, and how it came, stay.
import { and, eq, isNull } from 'drizzle-orm';
import type { ManagedBooking } from '@keyturn/domain/schemas/publicBooking';
import { bookings } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { PublicContext } from './context';
import { findByToken, manageView } from './service';

export async function confirmAttendance(ctx: PublicContext, token: string): Promise<ManagedBooking> {
  const booking = await findByToken(ctx.db, token);
  if (booking.buyerConfirmedAt) return manageView(ctx, booking);
  if (booking.status !== 'confirmed' || booking.startsAt.getTime() <= ctx.now().getTime()) {
    throw new AppError(409, 'NOT_CONFIRMABLE', 'Only an upcoming confirmed showing can be confirmed.');
  }
  const [row] = await ctx.db
    .update(bookings)
    .set({ buyerConfirmedAt: ctx.now(), buyerConfirmedVia: 'page' })
    .where(
      and(eq(bookings.id, booking.id), eq(bookings.status, 'confirmed'), isNull(bookings.buyerConfirmedAt)),
    )
    .returning();
  return manageView(ctx, row ?? (await findByToken(ctx.db, token)));
}
