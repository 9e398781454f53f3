// Idempotency-Key on public bookings (spec §7): the key is claimed in the booking's own transaction, and a
// repeated request answers the first one's result; the same key with another body is refused.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * Records the key in the booking's own transaction. A key seen before answers its first result (the
 * concurrent twin waits on the row lock until the first commits); the same key with another body is refused.
 */
export async function claimIdempotencyKey(
  tx: DbTransaction,
  scope: string,
  key: string,
  body: unknown,
): Promise<unknown> {
  const requestHash = hashBody(body);
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return null;
  const [earlier] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!earlier || earlier.requestHash !== requestHash || earlier.response === null) throw keyReused();
  return earlier.response;
}

/** The stored answer of an earlier request with this key, outside any transaction (null if none yet). */
export async function earlierAnswer(db: Db, scope: string, key: string, body: unknown): Promise<unknown> {
  const [earlier] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!earlier || earlier.response === null) return null;
  if (earlier.requestHash !== hashBody(body)) throw keyReused();
  return earlier.response;
}

const keyReused = () =>
  new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This request key was already used for a different booking.');

function hashBody(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}
