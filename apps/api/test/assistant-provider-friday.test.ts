// Issue 31: "Friday" said on a Friday, on the AI provider path. Same-day booking is closed, so the model's
// find_slots for today is looked up a week later (the rule the offline path uses, slots.ts
// todaysWeekdayNextWeek), the tool result carries the sentence that says so, and that sentence reaches the buyer
// whatever the model writes. "today" (no weekday named) is not moved: the tool refuses it. Against the replaying
// 127.0.0.1 server. Clock: Friday 2030-01-11 14:00 in New York.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClockInZone } from '@keyturn/domain/time';
import { createTestApp, type TestApp } from './app';
import { sayTo, startConversation } from './assistant/talk';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { recordingKey, replayEnv, startReplayServer, type ReplayServer } from './support/openai-replay';

const TODAY = '2030-01-11';
const FRIDAY_ASK = 'maple st friday around 2';
const TODAY_ASK = 'maple st today around 2';
const slotsToday = {
  tool_calls: [
    {
      name: 'find_slots',
      arguments: {
        property_id: 1,
        booking_purpose: 'property_viewing',
        dates: [TODAY],
        after: '13:00',
        before: '15:00',
      },
    },
  ],
};
const MODEL_SAYS = 'Here are the free times.';

let t: TestApp;
let agent: TestAgent;
let replay: ReplayServer;

beforeAll(async () => {
  replay = await startReplayServer({
    [recordingKey(TODAY, FRIDAY_ASK)]: [slotsToday, { content: MODEL_SAYS }],
    [recordingKey(TODAY, TODAY_ASK)]: [slotsToday, { content: MODEL_SAYS }],
  });
  t = await createTestApp({ now: () => new Date('2030-01-11T19:00:00Z'), env: replayEnv(replay) });
  agent = await makeAgent(t);
  const maple = await makeProperty(t, agent.id, { address: '12 Maple Street' });
  replay.mapArguments = (args) => (args.property_id === 1 ? { ...args, property_id: maple } : args);
});
afterAll(async () => {
  await t.close();
  await replay.close();
});

const start = () => startConversation(t, agent.id);
type ToolResult = { error?: string; note?: string; slots?: { starts_at: string }[] };
const toolResultOf = (i: number): ToolResult =>
  JSON.parse(replay.requests[i]!.body.messages.find((m) => m.role === 'tool')!.content!) as ToolResult;

describe('"Friday" on a Friday on the provider path (issue 31)', () => {
  it('looks at next Friday around 2 PM, in time order, and the buyer is told which Friday', async () => {
    const id = await start();
    const from = replay.requests.length;
    const answer = await sayTo(t, id, FRIDAY_ASK);
    const result = toolResultOf(from + 1);
    expect(result.error).toBeUndefined();
    expect(result.note).toBe(
      'Today is Friday and there is no time left today, so I looked at next Friday, January 18.',
    );
    const offered = result.slots!.map((s) => wallClockInZone(new Date(s.starts_at), agent.timeZone));
    expect(offered.length).toBeGreaterThan(0);
    for (const at of offered) {
      expect(at.date).toBe('2030-01-18');
      expect(at.time >= '13:00' && at.time < '15:00').toBe(true);
    }
    expect(offered.map((a) => a.time)).toEqual([...offered.map((a) => a.time)].sort());
    const replies = answer.messages.slice(-2).map((m) => m.text);
    expect(replies).toEqual([result.note, MODEL_SAYS]);
  });

  it('"today" is not moved to next week: the tool refuses the day and says which days can be booked', async () => {
    const id = await start();
    const from = replay.requests.length;
    await sayTo(t, id, TODAY_ASK);
    const result = toolResultOf(from + 1);
    expect(result.slots).toBeUndefined();
    expect(result.error).toMatch(/^Dates must be between 2030-01-12 and /);
  });
});
