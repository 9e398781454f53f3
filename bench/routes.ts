// Route optimisation (issue 16) on 1,000 generated days: 5–9 showings at random places in a real-sized city
// (a 25 × 25 km square around Austin, TX), booked by buyers at random free half-hours between 9:00 and 17:00,
// about one in five confirmed (fixed), the rest pending (movable to any free half-hour). Drive times are the
// offline estimate. Figures: the drive time Optimise saves against the order buyers booked in (%), and the
// optimiser's time per day (median, p95). The baseline of the saving is the booked order's drive.
import { performance } from 'node:perf_hooks';
import { seededRandom } from '@keyturn/domain/random';
import { optimiseRoute, type RouteStop } from '@keyturn/domain/routes/optimiser';
import { estimateTravel } from '@keyturn/domain/routes/travel';
import { hasReachableSlot, officeStops, type PlacedShowing } from '@keyturn/domain/routes/clusterSlots';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { computeDaySlots, dayOpenings, type SlotRules } from '@keyturn/domain/slots/engine';

type Print = (figure: Record<string, unknown>) => void;

const DAYS = 1_000;
const CENTRE = { lat: 30.2672, lng: -97.7431 };
const HALF_SIDE_KM = 12.5;
const SLOTS = Array.from({ length: 16 }, (_, k) => 540 + k * 30); // 9:00 … 16:30

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export function routesBench(print: Print): void {
  const random = seededRandom(16);
  let booked = 0;
  let optimised = 0;
  let infeasible = 0;
  let bookedWithWarnings = 0;
  const times: number[] = [];
  for (let day = 0; day < DAYS; day++) {
    const n = 5 + Math.floor(random() * 5);
    const free = [...SLOTS];
    const taken: number[] = [];
    for (let k = 0; k < n; k++) taken.push(free.splice(Math.floor(random() * free.length), 1)[0]!);
    taken.sort((a, b) => a - b);
    const places = taken.map(() => ({
      lat: CENTRE.lat + ((random() * 2 - 1) * HALF_SIDE_KM) / 111.2,
      lng:
        CENTRE.lng + ((random() * 2 - 1) * HALF_SIDE_KM) / (111.2 * Math.cos((CENTRE.lat * Math.PI) / 180)),
    }));
    const travel = places.map((a) => places.map((b) => estimateTravel(a, b).minutes));
    const fixed = taken.map(() => random() < 0.2);
    // Movable showings may take any half-hour not held by a fixed one (their own included).
    const open = SLOTS.filter((s) => !taken.some((t, i) => fixed[i] && t === s));
    const stops: RouteStop[] = taken.map((start, i) => ({
      windows: (fixed[i] ? [start] : open).map((s) => ({ from: s, to: s })),
      duration: 30,
    }));
    const bookedMinutes = taken.slice(1).reduce((sum, _, k) => sum + travel[k]![k + 1]!, 0);
    if (taken.slice(1).some((start, k) => taken[k]! + 30 + travel[k]![k + 1]! > start))
      bookedWithWarnings += 1;
    const t0 = performance.now();
    const result = optimiseRoute({ stops, travel, grid: 1 });
    times.push(performance.now() - t0);
    if (!result.feasible) {
      infeasible += 1;
      continue;
    }
    booked += bookedMinutes;
    optimised += Math.min(bookedMinutes, result.travelMinutes);
  }
  times.sort((a, b) => a - b);
  const saving = (booked - optimised) / booked;
  print({
    name: 'route_drive_saved_pct',
    value: Number((saving * 100).toFixed(1)),
    unit: '% of booked-order drive time',
    baseline: { name: 'booked_order_drive_minutes', value: booked },
    ratio: Number((optimised / booked).toFixed(3)),
    days: DAYS,
    infeasible_days: infeasible,
    booked_days_with_a_warning: bookedWithWarnings,
  });
  print({
    name: 'route_optimiser_ms_per_day',
    value: Number(quantile(times, 0.5).toFixed(2)),
    unit: 'ms (median)',
    p95: Number(quantile(times, 0.95).toFixed(2)),
    baseline: { name: 'route_optimiser_ms_p95', value: Number(quantile(times, 0.95).toFixed(2)) },
    ratio: Number((quantile(times, 0.5) / quantile(times, 0.95)).toFixed(2)),
    days: DAYS,
  });
}

/**
 * The month's bookable days with "cluster showings by area" (the public calendar's hot call): the slot engine
 * over a month (the baseline, what every agent pays) against the same plus the travel filter over 4–8 placed
 * showings a working day and the office at each opening — the compute the API adds after its one extra query.
 */
export function monthDaysBench(print: Print): void {
  const RUNS = 200;
  const random = seededRandom(161);
  const rules: SlotRules = {
    timeZone: 'America/Chicago',
    weekly: DEFAULT_AVAILABILITY.days,
    overrides: [],
    minimumNoticeMinutes: 0,
    bufferMinutes: 0,
  };
  const now = new Date('2030-01-01T12:00:00Z');
  const window = { from: '2030-01-02', to: '2030-01-31' };
  const place = () => ({
    lat: CENTRE.lat + ((random() * 2 - 1) * HALF_SIDE_KM) / 111.2,
    lng: CENTRE.lng + ((random() * 2 - 1) * HALF_SIDE_KM) / 111.2,
  });
  const days = [...computeDaySlots(rules, [], now, window)];
  const showings: PlacedShowing[] = days.flatMap(([, slots]) => {
    const n = slots.length === 0 ? 0 : 4 + Math.floor(random() * 5);
    return slots
      .filter((_, k) => k % 2 === 0)
      .slice(0, n)
      .map((slot) => ({ start: slot.startsAt, end: slot.startsAt + 30 * 60_000, place: place() }));
  });
  const busy = showings.map((s) => ({ start: s.start, end: s.end }));
  const target = place();
  const timed = (run: () => number) => {
    const times: number[] = [];
    let dates = 0;
    for (let k = 0; k < RUNS; k++) {
      const t0 = performance.now();
      dates = run();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { median: quantile(times, 0.5), dates };
  };
  const plain = timed(() => {
    let n = 0;
    for (const [, slots] of computeDaySlots(rules, busy, now, window)) if (slots.length > 0) n++;
    return n;
  });
  const filtered = timed(() => {
    const open = [...computeDaySlots(rules, busy, now, window)].filter(([, slots]) => slots.length > 0);
    const all = [
      ...showings,
      ...officeStops(
        place(),
        dayOpenings(
          rules,
          open.map(([date]) => date),
        ),
      ),
    ];
    return open.filter(([, slots]) => hasReachableSlot(slots, all, target, 30 * 60_000)).length;
  });
  print({
    name: 'travel_aware_month_days_ms',
    value: Number(filtered.median.toFixed(3)),
    unit: 'ms (median) per month call, slot engine + travel filter',
    baseline: { name: 'month_days_slot_engine_ms', value: Number(plain.median.toFixed(3)) },
    ratio: Number((filtered.median / plain.median).toFixed(2)),
    showings: showings.length,
    bookable_days: { without_filter: plain.dates, with_filter: filtered.dates },
    runs: RUNS,
  });
}

// `node --import tsx routes.ts` runs this bench alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  routesBench((f) => console.log(JSON.stringify(f)));
  monthDaysBench((f) => console.log(JSON.stringify(f)));
}
