// Issue 44 "Open houses" (decision 086): the agent's own showing booked or moved into one of their live open
// houses. The database refuses it either way (the trigger bookings_outside_open_houses raises the overlap's 23P01),
// which alone would read "just booked by someone else"; checked first under the agent's lock, the agent is told
// which open house holds the time.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { OPEN_HOUSE_TEXTS } from '@keyturn/domain/slots/openHouse';
import type { DbTransaction } from '../../db/client';
import { openHouses, properties } from '../../db/schema';
import { AppError } from '../../http/errors';
import { whenInZone } from '../core/mail/format';

/** 409 DURING_OPEN_HOUSE when a live open house of the agent overlaps [startsAt, endsAt). */
export async function refuseDuringOpenHouse(
  tx: DbTransaction,
  agent: { id: string; timeZone: string },
  slot: { startsAt: Date; endsAt: Date },
): Promise<void> {
  const [held] = await tx
    .select({ startsAt: openHouses.startsAt, endsAt: openHouses.endsAt, address: properties.address })
    .from(openHouses)
    .innerJoin(properties, eq(properties.id, openHouses.propertyId))
    .where(
      and(
        eq(openHouses.agentId, agent.id),
        isNull(openHouses.cancelledAt),
        lt(openHouses.startsAt, slot.endsAt),
        gt(openHouses.endsAt, slot.startsAt),
      ),
    )
    .limit(1);
  if (!held) return;
  const from = whenInZone(held.startsAt, agent.timeZone);
  const to = whenInZone(held.endsAt, agent.timeZone);
  const message = OPEN_HOUSE_TEXTS.overlapsOpenHouse(
    held.address,
    `${from.shortDate}, ${from.time}–${to.time} ${to.zone}`,
  );
  throw new AppError(409, 'DURING_OPEN_HOUSE', message, { booking_time: message });
}
