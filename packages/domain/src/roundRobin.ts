// Round robin for team consultations (issue 15): who gets a consultation booked with "our team". Among the
// members free at that moment and in the pool, the one with the fewest bookings this week; ties go to the one
// who has waited longest since their last booking (never booked first), then by id so the choice is stable.
// Pure: the server passes what it read under its locks; the no-overlap guarantee stays per agent.

export type PoolCandidate = {
  id: string;
  /** Free for the whole appointment at that moment (their hours, bookings and calendar). */
  free: boolean;
  /** The member opted out of the consultation pool. */
  optedOut?: boolean;
  /** Their bookings in the current week (the team's zone). */
  bookingsThisWeek: number;
  /** When their last booking was made; null when never. */
  lastBookedAt: Date | null;
};

/** The member the consultation goes to, or null when nobody in the pool is free. */
export function pickRoundRobin(candidates: readonly PoolCandidate[]): string | null {
  let best: PoolCandidate | null = null;
  for (const c of candidates) {
    if (!c.free || c.optedOut) continue;
    if (!best || before(c, best)) best = c;
  }
  return best?.id ?? null;
}

function before(a: PoolCandidate, b: PoolCandidate): boolean {
  if (a.bookingsThisWeek !== b.bookingsThisWeek) return a.bookingsThisWeek < b.bookingsThisWeek;
  const at = a.lastBookedAt?.getTime() ?? -Infinity;
  const bt = b.lastBookedAt?.getTime() ?? -Infinity;
  if (at !== bt) return at < bt;
  return a.id < b.id;
}
