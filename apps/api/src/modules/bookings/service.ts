// Bookings: the rules around storing a booking. The database's EXCLUDE constraint (drizzle/0001) is the last
// word on overlaps, so a race between two buyers ends in exactly one booking and one clear 409.
import { randomBytes } from 'node:crypto';
import type { BookingRequest } from '@keyturn/domain/schemas/booking';
import type { Db, DbTransaction } from '../../db/client';
import { constraintName, sqlState } from '../../db/client';
import { bookings } from '../../db/schema';
import { AppError } from '../../http/errors';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = Omit<typeof bookings.$inferInsert, 'manageToken' | 'publicId'>;

export const SLOT_TAKEN_MESSAGE = 'This time was just booked by someone else. Please pick another time.';

/** 128 bits of randomness, URL-safe: manage links and feedback links are unguessable and are not the id. */
export function newPublicToken(): string {
  return randomBytes(16).toString('base64url');
}

export async function insertBooking(db: Db | DbTransaction, values: NewBooking): Promise<BookingRow> {
  try {
    const [row] = await db
      .insert(bookings)
      .values({ ...values, manageToken: newPublicToken(), publicId: newPublicToken() })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (err) {
    throw mapSlotConflict(err);
  }
}

/** SQLSTATE 23P01 on bookings_no_overlap → HTTP 409 SLOT_TAKEN; anything else is passed on unchanged. */
export function mapSlotConflict(err: unknown): unknown {
  if (sqlState(err) === '23P01' && constraintName(err) === 'bookings_no_overlap') {
    return new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
  }
  return err;
}

type BuyerAnswers = Pick<
  BookingRequest,
  | 'client_name'
  | 'client_email'
  | 'client_phone'
  | 'buyer_type'
  | 'budget_min'
  | 'budget_max'
  | 'income_range'
  | 'booking_purpose'
  | 'custom_purpose'
  | 'message'
> & { buyer_agent?: BookingRequest['buyer_agent']; locale?: BookingRequest['locale'] };

/** The buyer's answers of a booking payload (public or agent-made) as booking columns. */
export function bookingColumns(input: BuyerAnswers, propertyId: number | null) {
  return {
    propertyId,
    clientName: input.client_name,
    clientEmail: input.client_email,
    clientPhone: input.client_phone,
    buyerType: input.buyer_type,
    budgetMin: input.budget_min,
    budgetMax: input.budget_max,
    incomeRange: input.income_range,
    bookingPurpose: input.booking_purpose,
    customPurpose: input.custom_purpose,
    message: input.message,
    // Issue 32 §5: the buyer's agent booking for their client (none when the buyer books for themselves).
    buyerAgentName: input.buyer_agent?.name ?? null,
    buyerAgentBrokerage: input.buyer_agent?.brokerage ?? null,
    buyerAgentLicence: input.buyer_agent?.licence_number ?? null,
    buyerAgentPhone: input.buyer_agent?.phone ?? null,
    buyerAgentEmail: input.buyer_agent?.email ?? null,
  };
}
