// Issue 32 §1 and §5 on a real database, with a fixed clock: Monday 2030-01-07 10:00 in New York (the agent's
// default hours: Monday–Friday 9:00–17:00). A property's showing rules — its CRUD and scope, the slots they
// remove with their why, the schedule version, the booking write's 409s, instructions-only, the approval mode —
// and a buyer's agent booking for their client.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilitySettings, bookings } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';

const NOW = new Date('2030-01-07T15:00:00Z');
let t: TestApp;
let agent: TestAgent;
let stranger: TestAgent;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  [agent, stranger] = await Promise.all([makeAgent(t), makeAgent(t)]);
});
afterAll(async () => {
  await t.close();
});

const rulesUrl = (id: number) => `/api/properties/${id}/showing-rules`;
const putRules = (id: number, payload: object, token = agent.token) =>
  t.request({ method: 'PUT', url: rulesUrl(id), token, payload });
const dateAnswer = async (id: number, date: string) =>
  (await t.request({ method: 'GET', url: `/api/booking/availability/${id}/${date}` })).json();
const book = (id: number, overrides: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(agent.id, { property_id: id, ...overrides }),
  });

describe('GET/PUT /api/properties/:id/showing-rules', () => {
  it("answers the defaults (every rule 'same as your settings') for a property never edited", async () => {
    const id = await makeProperty(t, agent.id);
    const res = await t.request({ method: 'GET', url: rulesUrl(id), token: agent.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      rules: {
        approval: null,
        instructions: null,
        minNoticeMinutes: null,
        suggestedNoticeMinutes: null,
        noSameDay: false,
        windows: null,
        blocks: [],
        maxPerDay: null,
        gapMinutes: null,
        accessReleaseMinutes: 60,
        changeCutoffHours: null,
      },
      defaults: {
        approval: 'instant',
        minNoticeMinutes: expect.any(Number),
        bufferMinutes: expect.any(Number),
        changeCutoffHours: 0,
      },
    });
  });

  it('saves the whole set and reads it back', async () => {
    const id = await makeProperty(t, agent.id);
    const rules = {
      approval: 'agent',
      suggestedNoticeMinutes: 1440,
      maxPerDay: 3,
      gapMinutes: 30,
      blocks: [{ kind: 'weekly', weekday: 2, start: '17:00', end: '20:00', note: 'the occupants are home' }],
    };
    const saved = await putRules(id, rules);
    expect(saved.statusCode).toBe(200);
    const read = (await t.request({ method: 'GET', url: rulesUrl(id), token: agent.token })).json().data;
    expect(read.rules).toMatchObject({ ...rules, blocks: [{ ...rules.blocks[0], by: 'agent' }] });
    expect(read).toEqual(saved.json().data);
  });

  it("another agent's property is 404 for both, and no sign-in is 401", async () => {
    const id = await makeProperty(t, agent.id);
    const get = await t.request({ method: 'GET', url: rulesUrl(id), token: stranger.token });
    expect(get.statusCode).toBe(404);
    expect((await putRules(id, { maxPerDay: 1 }, stranger.token)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: rulesUrl(id) })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: rulesUrl(999_999), token: agent.token })).statusCode).toBe(
      404,
    );
  });

  it('bad input is 400 {error, code, fields}, never a 500', async () => {
    const id = await makeProperty(t, agent.id);
    const res = await putRules(id, { maxPerDay: 0, approval: 'whenever' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    expect(Object.keys(body.fields).sort()).toEqual(['approval', 'maxPerDay']);
    const backwards = await putRules(id, {
      windows: [{ weekday: 2, start: '12:00', end: '09:00' }],
      blocks: [{ kind: 'once', date: '2030-01-09', start: '18:00', end: '18:00' }],
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({
      'windows.0.end': 'The end must be after the start',
      'blocks.0.end': 'The end must be after the start',
    });
  });
});

describe("a property's windows outside the agent's working hours (issue 39 §12)", () => {
  it('are refused with 400 naming the window, and nothing is saved', async () => {
    const id = await makeProperty(t, agent.id);
    await putRules(id, { windows: [{ weekday: 4, start: '13:00', end: '17:00' }], maxPerDay: 2 });
    const res = await putRules(id, {
      windows: [
        { weekday: 4, start: '13:00', end: '17:00' },
        { weekday: 4, start: '17:00', end: '19:00' },
      ],
      maxPerDay: 5,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: expect.stringContaining('Thursday 5–7 PM is outside your working hours'),
      code: 'WINDOW_OUTSIDE_HOURS',
      fields: {
        'windows.1.start': expect.stringContaining('your working hours on Thursdays are 9 AM–5 PM'),
      },
    });
    const kept = await t.request({ method: 'GET', url: rulesUrl(id), token: agent.token });
    expect(kept.json().data.rules).toMatchObject({
      windows: [{ weekday: 4, start: '13:00', end: '17:00' }],
      maxPerDay: 2,
    });
    // A weekend window, where the agent does not work at all.
    const weekend = await putRules(id, { windows: [{ weekday: 6, start: '10:00', end: '12:00' }] });
    expect(weekend.statusCode).toBe(400);
    expect(weekend.json().fields['windows.0.start']).toContain('you do not work on Saturdays');
  });
});

describe('the rules in the slot engine and the public date answers', () => {
  it('removes blocked times with why, refreshes a kept answer when the rules change, and notes the notice', async () => {
    const id = await makeProperty(t, agent.id);
    const before = await dateAnswer(id, '2030-01-08');
    expect(before.availableSlots).toHaveLength(16);
    expect(before.removed_why).toBeUndefined();
    await putRules(id, {
      suggestedNoticeMinutes: 1440,
      blocks: [{ kind: 'weekly', weekday: 2, start: '09:00', end: '12:00', note: 'the occupants are home' }],
    });
    // Asked again in the same minute: the schedule version moved, so the kept answer is not served.
    const after = await dateAnswer(id, '2030-01-08');
    expect(after.availableSlots).not.toContain('09:00:00');
    expect(after.availableSlots).not.toContain('11:30:00');
    expect(after.availableSlots).toContain('12:00:00');
    expect(after.availableSlots).toHaveLength(10);
    expect(after.removed_why).toEqual(['Not shown 9 AM–12 PM on Tuesdays: the occupants are home']);
    expect(after.notice_note).toBe("The seller prefers 24 hours' notice");
    // Inside 24 hours of Monday 10:00: Tuesday's slots before 10:00 would be marked (all removed here); none after.
    expect(after.slots.some((s: { short_notice?: boolean }) => s.short_notice)).toBe(false);
    // The agent's own page (no property) keeps its hours.
    const agentSlots = (
      await t.request({ method: 'GET', url: `/api/booking/availability/agent/${agent.id}/2030-01-08` })
    ).json();
    expect(agentSlots.availableSlots).toContain('09:00:00');
  });

  it("a property's windows and hard notice drop days from the month's bookable dates", async () => {
    const id = await makeProperty(t, agent.id);
    await putRules(id, {
      windows: [{ weekday: 3, start: '10:00', end: '12:00' }],
      minNoticeMinutes: 3 * 1440,
    });
    const month = (
      await t.request({ method: 'GET', url: `/api/booking/available-dates/${id}?month=2030-01` })
    ).json();
    // Wednesdays only, and not Wednesday the 9th (inside three days' notice).
    expect(month.dates).toEqual(['2030-01-16', '2030-01-23', '2030-01-30']);
  });
});

describe('the booking write re-checks the rules → 409 with a clear code', () => {
  it('a blocked time is PROPERTY_NOT_SHOWN with its reason', async () => {
    const id = await makeProperty(t, agent.id);
    await putRules(id, {
      blocks: [{ kind: 'once', date: '2030-01-09', start: '09:00', end: '17:00', by: 'contact' }],
    });
    const res = await book(id, { booking_date: '2030-01-09', booking_time: '10:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PROPERTY_NOT_SHOWN' });
    expect(res.json().error).toContain('Not shown 9 AM–5 PM on Wednesday, January 9');
  });

  it('a hard notice is PROPERTY_NOTICE_TOO_SHORT', async () => {
    const id = await makeProperty(t, agent.id);
    await putRules(id, { minNoticeMinutes: 2 * 1440 });
    const res = await book(id, { booking_date: '2030-01-08', booking_time: '16:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PROPERTY_NOTICE_TOO_SHORT');
  });

  it('a full day is PROPERTY_DAY_FULL and a too-close time PROPERTY_GAP_NEEDED', async () => {
    const id = await makeProperty(t, agent.id);
    await putRules(id, { maxPerDay: 1, gapMinutes: 60 });
    const first = await book(id, { booking_date: '2030-01-10', booking_time: '13:00' });
    expect(first.statusCode).toBe(201);
    const full = await book(id, {
      booking_date: '2030-01-10',
      booking_time: '15:00',
      client_email: 'b@example.com',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('PROPERTY_DAY_FULL');
    await putRules(id, { maxPerDay: 5, gapMinutes: 60 });
    const close = await book(id, {
      booking_date: '2030-01-10',
      booking_time: '13:30',
      client_email: 'c@example.com',
    });
    expect(close.statusCode).toBe(409);
    expect(close.json().code).toBe('PROPERTY_GAP_NEEDED');
    const apart = await book(id, {
      booking_date: '2030-01-10',
      booking_time: '14:30',
      client_email: 'd@example.com',
    });
    expect(apart.statusCode).toBe(201);
  });
});

describe('how the property is shown', () => {
  it('instructions only: no slots, bookings refused, the page gets the instructions and the contact', async () => {
    const id = await makeProperty(t, agent.id);
    await putRules(id, {
      approval: 'instructions',
      instructions: 'Call the listing office; lockbox on the side door.',
    });
    expect((await dateAnswer(id, '2030-01-08')).availableSlots).toEqual([]);
    const res = await book(id, { booking_date: '2030-01-08', booking_time: '10:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PROPERTY_INSTRUCTIONS_ONLY');
    const page = (await t.request({ method: 'GET', url: `/api/booking/property/${id}` })).json();
    expect(page.showing).toEqual({
      instructions_only: true,
      instructions: 'Call the listing office; lockbox on the side door.',
      notice_note: null,
      contact: { phone: expect.any(String), email: agent.email },
      decides: null,
    });
  });

  it("'agent' waits even when the agent does not require approval; 'instant' confirms even when they do", async () => {
    const waits = await makeProperty(t, agent.id);
    await putRules(waits, { approval: 'agent' });
    const pending = await book(waits, { booking_date: '2030-01-11', booking_time: '09:00' });
    expect(pending.json().booking.status).toBe('pending');

    const approving = await makeAgent(t);
    await t.database.db
      .update(availabilitySettings)
      .set({ requiresApproval: true })
      .where(eq(availabilitySettings.agentId, approving.id));
    const instant = await makeProperty(t, approving.id);
    const plain = await makeProperty(t, approving.id);
    await putRules(instant, { approval: 'instant' }, approving.token);
    const at = (id: number, time: string) =>
      t.request({
        method: 'POST',
        url: '/api/booking',
        payload: bookingPayload(approving.id, {
          property_id: id,
          booking_date: '2030-01-11',
          booking_time: time,
        }),
      });
    expect((await at(instant, '10:00')).json().booking.status).toBe('confirmed');
    expect((await at(plain, '11:00')).json().booking.status).toBe('pending');
  });

  it("'seller' makes the booking pending (the seller's approval chain takes it from there)", async () => {
    const id = await makeProperty(t, agent.id);
    await putRules(id, { approval: 'seller' });
    const res = await book(id, { booking_date: '2030-01-14', booking_time: '09:00' });
    expect(res.statusCode).toBe(201);
    expect(res.json().booking.status).toBe('pending');
  });
});

describe("buyer's agents (§5)", () => {
  const buyerAgent = {
    name: 'Robin Realtor',
    brokerage: 'Harbor Homes',
    licence_number: 'NY-10492',
    phone: '+1 212 555 0142',
    email: 'robin@harbor.example',
  };

  it('the booking carries both parties and the agent sees both', async () => {
    const id = await makeProperty(t, agent.id);
    const res = await book(id, {
      booking_date: '2030-01-14',
      booking_time: '11:00',
      buyer_agent: buyerAgent,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, res.json().booking.id));
    expect(row).toMatchObject({
      clientName: 'Casey Buyer',
      buyerAgentName: 'Robin Realtor',
      buyerAgentLicence: 'NY-10492',
    });
    const details = await t.request({
      method: 'GET',
      url: `/api/bookings/${res.json().booking.id}`,
      token: agent.token,
    });
    expect(details.json().data).toMatchObject({
      client_name: 'Casey Buyer',
      client_email: 'casey@example.com',
      buyer_agent: { ...buyerAgent, phone: expect.stringContaining('212') },
    });
  });

  it('a buyer booking for themselves has no buyer agent; an incomplete one is 400 with fields', async () => {
    const id = await makeProperty(t, agent.id);
    const self = await book(id, { booking_date: '2030-01-14', booking_time: '13:00' });
    const details = await t.request({
      method: 'GET',
      url: `/api/bookings/${self.json().booking.id}`,
      token: agent.token,
    });
    expect(details.json().data.buyer_agent).toBeNull();
    const bad = await book(id, {
      booking_date: '2030-01-14',
      booking_time: '14:00',
      buyer_agent: { ...buyerAgent, brokerage: ' ', email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(
      expect.arrayContaining(['buyer_agent.brokerage', 'buyer_agent.email']),
    );
  });
});
