// Travel-aware public slots (issue 16, the agent's "cluster showings by area" setting): a slot the agent cannot
// reach from the showing before it, or cannot leave in time for the showing after it, is not offered; a slot
// right next to a showing nearby is marked recommended. Pure; one step after the slot engine. Drive times are
// the offline estimate (a buyer's page never waits on a routing service).
import { estimateTravel, greatCircleKm, type LatLng } from './travel';

/** The agent's other showings of the day: when, and where (null = unknown place: not a constraint). */
export type PlacedShowing = { start: number; end: number; place: LatLng | null };

/** A slot next to a showing within this distance (straight line) is recommended. */
export const NEARBY_KM = 3;
/** "Next to": the slot starts within this many minutes of the showing's end, or ends as close to its start. */
export const ADJACENT_MINUTES = 60;

const MINUTE = 60_000;

/**
 * The slots (epoch-ms starts lasting `durationMs`) the agent can reach in time for a showing at `place`, each
 * with whether it sits next to a nearby showing. Without a place every slot stays, none recommended.
 */
export function clusterSlots<S extends { startsAt: number }>(
  slots: readonly S[],
  showings: readonly PlacedShowing[],
  place: LatLng | null,
  durationMs: number,
): { slot: S; recommended: boolean }[] {
  if (!place) return slots.map((slot) => ({ slot, recommended: false }));
  const sorted = [...showings].sort((a, b) => a.start - b.start);
  const out: { slot: S; recommended: boolean }[] = [];
  for (const slot of slots) {
    const start = slot.startsAt;
    const end = start + durationMs;
    const before = sorted.filter((s) => s.end <= start).at(-1);
    const after = sorted.find((s) => s.start >= end);
    const reachable =
      (!before?.place || before.end + estimateTravel(before.place, place).minutes * MINUTE <= start) &&
      (!after?.place || end + estimateTravel(place, after.place).minutes * MINUTE <= after.start);
    if (!reachable) continue;
    const near = (s: PlacedShowing | undefined, gap: number) =>
      s?.place !== undefined &&
      s.place !== null &&
      gap <= ADJACENT_MINUTES * MINUTE &&
      greatCircleKm(s.place, place) <= NEARBY_KM;
    out.push({
      slot,
      recommended:
        near(before, before ? start - before.end : Infinity) ||
        near(after, after ? after.start - end : Infinity),
    });
  }
  return out;
}
