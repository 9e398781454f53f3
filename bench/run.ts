// `npm run bench`: one JSON line per figure (name, value, unit, and the baseline measured in the same run
// where the figure is a ratio). Figures only — budgets live in the issues, and nothing here passes or fails.
import { performance } from 'node:perf_hooks';
import { bookingRequestSchema } from '@keyturn/domain/schemas/booking';

type Figure = {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  ratio?: number;
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
