// `npm run bench`: one JSON line per figure (name, value, unit, and the baseline measured in the same run
// where the figure is a ratio). Figures only — budgets live in the issues, and nothing here passes or fails.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
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

// JavaScript each public route loads (issue 5: the landing page must stay light and never pull dashboard or
// booking code). From the Vite manifest: the entry chunk and everything it imports statically, plus the
// route's own chunk and its static imports, each file counted once, gzipped. Baseline: the entry alone.
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const manifestPath = path.join(webDir, 'dist/.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('apps/web/dist has no manifest yet: building the web app first');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: path.resolve(webDir, '../..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('the Vite manifest names no entry chunk');

function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

function gzippedJsBytes(keys: Set<string>): number {
  let total = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js'))
      total += gzipSync(readFileSync(path.join(webDir, 'dist', file)), { level: 9 }).length;
  }
  return total;
}

const entryBytes = gzippedJsBytes(staticClosure([entryKey]));
const publicRoutes = {
  landing: 'src/features/marketing/pages/landing-page.tsx',
  pricing: 'src/features/marketing/pages/pricing-page.tsx',
  waiting_list: 'src/features/waitlist/pages/waiting-list-page.tsx',
  booking_page: 'src/features/booking/pages/booking-page.tsx',
};
for (const [route, src] of Object.entries(publicRoutes)) {
  const chunks = staticClosure([entryKey, src]);
  const bytes = gzippedJsBytes(chunks);
  print({
    name: `route_js_${route}`,
    value: bytes,
    unit: 'bytes gzip',
    baseline: { name: 'entry_js', value: entryBytes },
    ratio: Number((bytes / entryBytes).toFixed(2)),
    chunks: chunks.size,
  });
}

// Route optimisation (issue 16): drive time saved on 1,000 generated days, optimiser time per day.
const { routesBench } = await import('./routes');
routesBench(print as (figure: Record<string, unknown>) => void);

// The Reports query at 100,000 bookings for one agent, against one plain count(*) over the same rows.
const { reportsBench } = await import('./reports');
await reportsBench(print);
