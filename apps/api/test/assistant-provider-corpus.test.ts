// Issue 31: the optional AI provider path measured on the same 312-message corpus, against a 127.0.0.1
// OpenAI-compatible server that replays recorded tool calls (test/support/openai-replay.ts). The recording is
// what a CORRECT model would call, written from the corpus's expected outcomes (assistant/provider-recording.ts)
// — not a real model's output — so this measures our side: the requests we send (model, tools, the buyer's
// message, the zones), that every recorded call is accepted and run for this agent, that the slots it offers lie
// on the expected dates inside the expected window, and that the model's reply reaches the buyer. Accuracy
// printed per category; fails under 95 % overall or 90 % in any category, as the offline corpus test.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClockInZone } from '@keyturn/domain/time';
import { createTestApp, type TestApp } from './app';
import { ALL_CORPUS, PROPERTIES, type CorpusEntry } from './assistant/corpus';
import { datesOf, recordingOf, windowOf } from './assistant/provider-recording';
import { sayTo } from './assistant/talk';
import { addDays } from '../src/modules/assistant/slots';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import {
  recordingKey,
  startReplayServer,
  replayEnv,
  type Recording,
  type ReplayServer,
  type SentRequest,
} from './support/openai-replay';

const RECORDING = JSON.parse(
  readFileSync(new URL('./assistant/provider-recording.json', import.meta.url), 'utf8'),
) as Recording;
const BUYER_ZONE = 'America/Los_Angeles';
let now = new Date('2030-02-01T20:00:00Z');
let t: TestApp;
let agent: TestAgent;
let replay: ReplayServer;
/** The corpus's property numbers → this database's ids. */
const ids = new Map<number, number>();

beforeAll(async () => {
  replay = await startReplayServer(RECORDING);
  t = await createTestApp({
    now: () => now,
    env: replayEnv(replay),
  });
  agent = await makeAgent(t);
  for (const p of PROPERTIES)
    ids.set(
      p.id,
      await makeProperty(t, agent.id, {
        address: p.address,
        city: p.city,
        state: p.state,
        zipCode: p.zip_code,
        price: p.price,
        bedrooms: p.bedrooms,
        bathrooms: p.bathrooms,
        propertyType: p.property_type,
      }),
    );
  replay.mapArguments = (args) =>
    typeof args.property_id === 'number' ? { ...args, property_id: ids.get(args.property_id) } : args;
});
afterAll(async () => {
  await t.close();
  await replay.close();
});

/** What went wrong with one message on the provider path (empty: it reached the expected outcome). */
function problems(entry: CorpusEntry, sent: SentRequest[], reply: string): string[] {
  const recorded = RECORDING[recordingKey(entry.today, entry.text)]!;
  const found: string[] = [];
  if (sent.length !== recorded.length) found.push(`${sent.length} requests, ${recorded.length} recorded`);
  const final = recorded[recorded.length - 1]!;
  if (!('content' in final) || reply !== final.content) found.push(`the buyer got "${reply}"`);
  const last = sent[sent.length - 1];
  for (const m of last?.body.messages ?? []) {
    if (m.role !== 'tool') continue;
    const result = JSON.parse(m.content ?? '{}') as { error?: string; slots?: { starts_at: string }[] };
    if (result.error) found.push(`tool refused: ${result.error}`);
    const window = windowOf(entry);
    // Same-day booking is closed: a day that is today ("Friday" on a Friday) is looked up a week later.
    const dates = new Set(datesOf(entry).map((d) => (d === entry.today ? addDays(d, 7) : d)));
    for (const slot of result.slots ?? []) {
      const at = wallClockInZone(new Date(slot.starts_at), agent.timeZone);
      if (!dates.has(at.date) || (window && (at.time < window.from || at.time >= window.to)))
        found.push(`offered ${at.date} ${at.time}`);
    }
  }
  return found;
}

describe('the AI provider path on the corpus (replayed tool calls)', () => {
  it('the committed recording is the one the corpus gives (one entry per message)', () => {
    expect(RECORDING).toEqual(recordingOf());
    expect(Object.keys(RECORDING)).toHaveLength(ALL_CORPUS.length);
  });

  it('sends model, tools, the buyer message and the zones; reaches ≥ 95 % overall and ≥ 90 % per category', async () => {
    const byCategory = new Map<string, { total: number; correct: number }>();
    const misses: string[] = [];
    for (const entry of ALL_CORPUS) {
      now = new Date(`${entry.today}T20:00:00Z`);
      const start = await t.request({
        method: 'POST',
        url: '/api/assistant/conversations',
        payload: { agent_id: agent.id, time_zone: BUYER_ZONE },
      });
      expect(start.statusCode, start.body).toBe(201);
      const from = replay.requests.length;
      const answer = await sayTo(t, start.json().conversation_id, entry.text);
      const sent = replay.requests.slice(from);
      // What we send, every request: the configured model, the three tools, this buyer message as the last
      // user message, the agent's today and zone and the buyer's zone in the system prompt.
      for (const request of sent) {
        expect(request.path).toBe('/v1/chat/completions');
        expect(request.body.model).toBe('replay-model');
        expect(request.body.tools.map((tool) => tool.function.name)).toEqual([
          'search_properties',
          'find_slots',
          'book',
        ]);
        const users = request.body.messages.filter((m) => m.role === 'user');
        expect(users.map((m) => m.content)).toEqual([entry.text]);
        const system = request.body.messages[0]!;
        expect(system.role).toBe('system');
        expect(system.content).toContain(
          `Today is ${entry.today} in the agent's time zone ${agent.timeZone}`,
        );
        expect(system.content).toContain(`The buyer's time zone is ${BUYER_ZONE}`);
      }
      const category = entry.category ?? 'issue 17';
      const c = byCategory.get(category) ?? { total: 0, correct: 0 };
      c.total += 1;
      const wrong = problems(entry, sent, answer.messages[answer.messages.length - 1]!.text);
      if (wrong.length === 0) c.correct += 1;
      else misses.push(`[${category}] ${entry.today} "${entry.text}": ${wrong.join('; ')}`);
      byCategory.set(category, c);
    }
    const correct = [...byCategory.values()].reduce((n, c) => n + c.correct, 0);
    const lines = [...byCategory].map(
      ([category, c]) =>
        `  ${category}: ${c.correct}/${c.total} = ${((c.correct / c.total) * 100).toFixed(1)} %`,
    );
    console.log(
      `assistant provider path (replayed): ${correct}/${ALL_CORPUS.length} = ${((correct / ALL_CORPUS.length) * 100).toFixed(1)} %\n${lines.join('\n')}` +
        (misses.length ? `\n${misses.join('\n')}` : ''),
    );
    expect(correct / ALL_CORPUS.length).toBeGreaterThanOrEqual(0.95);
    for (const [category, c] of byCategory) expect(c.correct / c.total, category).toBeGreaterThanOrEqual(0.9);
  }, 240_000);
});
