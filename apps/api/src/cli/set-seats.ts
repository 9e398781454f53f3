// `npm run admin -- set-seats <team> <n>` (issue 15): the team's extra seats, beyond the plan's included
// users, while billing has no screen. Kept apart from admin.ts (which runs on import) so tests call it.
import { z } from 'zod';
import type { Db } from '../db/client';
import { seatsOf, setExtraSeats } from '../modules/teams/service';

/** At most this many extra seats: a typo (50000) should not become a bill. */
export const MAX_EXTRA_SEATS = 1000;

const countSchema = z.coerce.number().int().min(0).max(MAX_EXTRA_SEATS);

export async function setSeatsCommand(
  db: Db,
  teamRef: string,
  count: string,
  now = new Date(),
): Promise<{ code: number; message: string }> {
  const parsed = countSchema.safeParse(count);
  if (!/^\d+$/.test(count.trim()) || !parsed.success) {
    return {
      code: 2,
      message: `The number of extra seats must be a whole number from 0 to ${MAX_EXTRA_SEATS}.`,
    };
  }
  const team = await setExtraSeats(db, teamRef.trim(), parsed.data);
  if (!team) return { code: 1, message: `No team with the URL name or id "${teamRef}".` };
  const seats = await seatsOf(db, team, now);
  return {
    code: 0,
    message: `${team.name} (${team.slug}) now has ${seats.total} seats: ${seats.included} included + ${seats.extra} extra; ${seats.used} in use; $${seats.monthlyPriceUsd}/month.`,
  };
}
