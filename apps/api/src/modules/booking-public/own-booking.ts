// A buyer who goes Back after "Request sent" and confirms again (issue 29) sends a new idempotency key for a
// time that is now taken — by their own booking. That is not "booked by someone else": when the active
// booking holding that time has the same agent, property and e-mail, the answer says the buyer already has it.
// The answer carries no manage link: an e-mail address alone is not proof of being that buyer (the link is in
// their e-mail).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BookingRequest } from '@keyturn/domain/schemas/booking';
import type { Db } from '../../db/client';
import { agents, bookings } from '../../db/schema';
import { AppError } from '../../http/errors';

export const ALREADY_BOOKED_MESSAGE =
  'You already have this time booked. Your confirmation and the link to change or cancel it are in your e-mail.';

/** `err` as ALREADY_BOOKED when the slot it refused is held by this buyer's own booking, else unchanged. */
export async function ownBookingConflict(db: Db, input: BookingRequest, err: unknown): Promise<unknown> {
  if (!(err instanceof AppError) || err.code !== 'SLOT_TAKEN') return err;
  const zone = sql`(select ${agents.timeZone} from ${agents} where ${agents.id} = ${bookings.agentId})`;
  const at =
    input.starts_at !== null
      ? sql`${bookings.startsAt} = ${input.starts_at}::timestamptz`
      : sql`to_char(${bookings.startsAt} at time zone ${zone}, 'YYYY-MM-DD HH24:MI') = ${`${input.booking_date} ${input.booking_time.slice(0, 5)}`}`;
  const [mine] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.agentId, input.agent_id),
        input.property_id === null
          ? sql`${bookings.propertyId} is null`
          : eq(bookings.propertyId, input.property_id),
        inArray(bookings.status, ['pending', 'confirmed']),
        sql`lower(${bookings.clientEmail}) = lower(${input.client_email})`,
        at,
      ),
    )
    .limit(1);
  return mine ? new AppError(409, 'ALREADY_BOOKED', ALREADY_BOOKED_MESSAGE) : err;
}
