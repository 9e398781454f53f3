// Bookings and feedback written straight into the database, for tests that need a known history (statuses,
// creation times, reasons) faster than the public flow could make it. Like the app's own write paths, each
// seeded booking stores its lead's class (modules/leads/classes.ts) in the same transaction.
import { randomBytes } from 'node:crypto';
import type { BookingStatus } from '@keyturn/domain/enums';
import type { Db, DbTransaction } from '../../src/db/client';
import { bookings, feedback } from '../../src/db/schema';
import { reclassifyLead } from '../../src/modules/leads/classes';

export type SeedBooking = {
  startsAt: string;
  status?: BookingStatus;
  propertyId?: number | null;
  clientEmail?: string;
  clientName?: string;
  buyerType?: string;
  bookingPurpose?: string;
  budgetMin?: number | null;
  budgetMax?: number | null;
  cancelReason?: string | null;
  createdAt?: string;
  feedback?: {
    rating?: number;
    interestLevel: 'very_interested' | 'somewhat_interested' | 'not_interested';
    secondShowing?: boolean | null;
    comments?: string | null;
    priceOpinion?: 'too_high' | 'fair' | 'good_value' | null;
  };
};

export async function seedBooking(db: Db, agentId: string, b: SeedBooking): Promise<string> {
  return db.transaction(async (tx) => {
    const id = await insertSeeded(tx, agentId, b);
    await reclassifyLead(tx, agentId, b.clientEmail ?? DEFAULT_EMAIL);
    return id;
  });
}

const DEFAULT_EMAIL = 'casey@example.com';

async function insertSeeded(db: DbTransaction, agentId: string, b: SeedBooking): Promise<string> {
  const startsAt = new Date(b.startsAt);
  const [row] = await db
    .insert(bookings)
    .values({
      agentId,
      propertyId: b.propertyId ?? null,
      clientName: b.clientName ?? 'Casey Buyer',
      clientEmail: b.clientEmail ?? DEFAULT_EMAIL,
      clientPhone: '+1 646 555 0199',
      buyerType: b.buyerType ?? 'first_time_buyer',
      budgetMin: b.budgetMin ?? null,
      budgetMax: b.budgetMax ?? null,
      bookingPurpose: b.bookingPurpose ?? 'property_viewing',
      status: b.status ?? 'confirmed',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      manageToken: randomBytes(12).toString('hex'),
      publicId: randomBytes(12).toString('hex'),
      cancelReason: b.cancelReason ?? null,
      ...(b.createdAt ? { createdAt: new Date(b.createdAt) } : {}),
    })
    .returning({ id: bookings.id });
  const id = row!.id;
  if (b.feedback) {
    await db.insert(feedback).values({
      bookingId: id,
      agentId,
      rating: b.feedback.rating ?? 4,
      interestLevel: b.feedback.interestLevel,
      secondShowing: b.feedback.secondShowing ?? null,
      comments: b.feedback.comments ?? null,
      priceOpinion: b.feedback.priceOpinion ?? null,
    });
  }
  return id;
}
