// `npm run bench`: one JSON line per figure (name, value, unit, and the baseline measured in the same run
// where the figure is a ratio). Figures only — budgets live in the issues, and nothing here passes or fails.
import { performance } from 'node:perf_hooks';
import { bookingRequestSchema } from '@keyturn/domain/schemas/booking';
import { computeDaySlots, type BusyInterval, type SlotRules } from '@keyturn/domain/slots/engine';
import { referenceDaySlots } from '@keyturn/domain/slots/reference';

type Figure = {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  ratio?: number;
  budget_ms?: number;
  /** How many files a route figure counts. */
  chunks?: number;
  [detail: string]: unknown;
};

function medianMicros(fn: () => void, { rounds = 15, perRound = 2_000 } = {}): number {
  for (let i = 0; i < perRound; i++) fn(); // warm-up
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (let i = 0; i < perRound; i++) fn();
    samples.push(((performance.now() - start) * 1000) / perRound);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

function print(figure: Figure): void {
  console.log(JSON.stringify(figure));
}

const payload = {
  property_id: 12,
  agent_id: 'f87781d4-10a7-44b1-8dce-dd9086c8c53a',
  client_name: 'Jordan Rivera',
  client_email: 'jordan@example.com',
  client_phone: '+1 512 555 0100',
  buyer_type: 'first_time_buyer',
  budget_min: 300000,
  budget_max: 400000,
  income_range: '100000-125000',
  booking_purpose: 'property_viewing',
  custom_purpose: null,
  booking_date: '2030-05-14',
  booking_time: '14:30',
  message: 'Is the garage included?',
};
const text = JSON.stringify(payload);

const baseline = medianMicros(() => JSON.parse(text));
const validate = medianMicros(() => bookingRequestSchema.parse(JSON.parse(text)));
print({
  name: 'booking_request_parse_and_validate',
  value: Number(validate.toFixed(3)),
  unit: 'µs/op (median)',
  baseline: { name: 'json_parse_only', value: Number(baseline.toFixed(3)) },
  ratio: Number((validate / baseline).toFixed(2)),
});

// Slot engine (issue budget: 1 ms median). An agent in New York, Mon–Fri 09:00–17:00 and Saturday 10:00–14:00,
// 15-minute buffer, 2-hour notice; 500 bookings and 200 longer events over the 60-day window, which crosses
// the March DST change. Baseline: the Intl-only oracle the property tests check it against (real-time rules, decision 010).
const slotRules: SlotRules = {
  timeZone: 'America/New_York',
  weekly: [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => ({
    day_of_week,
    is_available: day_of_week !== 0,
    intervals:
      day_of_week === 0
        ? []
        : day_of_week === 6
          ? [{ start: '10:00', end: '14:00' }]
          : [{ start: '09:00', end: '17:00' }],
  })),
  overrides: [],
  minimumNoticeMinutes: 120,
  bufferMinutes: 15,
};
const slotNow = new Date('2030-02-20T15:07:00Z');
const busyTime = seededBusyTime(500, 200);

const slotReference = medianMillis(() => referenceDaySlots(slotRules, busyTime, slotNow), {
  warmUp: 5,
  runs: 51,
});
const slotEngine = medianMillis(() => computeDaySlots(slotRules, busyTime, slotNow), {
  warmUp: 200,
  runs: 501,
});
const engineInstants = [...computeDaySlots(slotRules, busyTime, slotNow)].map(([date, slots]) => [
  date,
  slots.map((slot) => ({ time: slot.time, startsAt: slot.startsAt })),
]);
if (JSON.stringify(engineInstants) !== JSON.stringify([...referenceDaySlots(slotRules, busyTime, slotNow)])) {
  throw new Error('slot engine and reference implementation disagree: the figure would mean nothing');
}
print({
  name: 'slot_engine_60_days',
  value: Number(slotEngine.toFixed(4)),
  unit: 'ms (median)',
  baseline: { name: 'slot_reference_60_days', value: Number(slotReference.toFixed(4)) },
  ratio: Number((slotEngine / slotReference).toFixed(4)),
  budget_ms: 1,
});

function medianMillis(fn: () => void, { warmUp, runs }: { warmUp: number; runs: number }): number {
  for (let i = 0; i < warmUp; i++) fn();
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

/** Reproducible busy time: 30-minute bookings on the half hour and 1–3 h events, 13:00–23:00 UTC. */
function seededBusyTime(bookings: number, events: number): BusyInterval[] {
  let seed = 20_250_601;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647; // MINSTD: exact in double precision
    return seed / 2_147_483_647;
  };
  const firstDay = Date.UTC(2030, 1, 21, 13); // the window's first day, 08:00 EST (09:00 once EDT starts)
  const busy: BusyInterval[] = [];
  for (let i = 0; i < bookings + events; i++) {
    const start = firstDay + Math.floor(random() * 60) * 86_400_000 + Math.floor(random() * 20) * 1_800_000;
    const minutes = i < bookings ? 30 : 60 * (1 + Math.floor(random() * 3));
    busy.push({ start, end: start + minutes * 60_000 });
  }
  return busy;
}

// What each public route loads (gzip, contents, no dashboard code) and its LCP under mobile throttling, each
// with its same-run baseline (pages.ts).
const { pagesBench } = await import('./pages');
await pagesBench(print);

// Route optimisation (issue 16): drive time saved on 1,000 generated days, optimiser time per day.
const { monthDaysBench, routesBench } = await import('./routes');
routesBench(print as (figure: Record<string, unknown>) => void);
monthDaysBench(print as (figure: Record<string, unknown>) => void);

// The booking assistant (issue 17): corpus accuracy, understanding time per message (p50/p99), and a whole
// propose → confirm conversation through the API.
const { assistantBench } = await import('./assistant');
await assistantBench(print);

// The Reports query at 100,000 bookings for one agent, against one plain count(*) over the same rows.
const { reportsBench } = await import('./reports');
await reportsBench(print);

// The public API under load against a bare Fastify + pg baseline, bookings/s, and (BENCH_SCALE=1) the
// 1,000,000-booking scale run (issue 18).
const { apiBench } = await import('./api');
await apiBench(print);
