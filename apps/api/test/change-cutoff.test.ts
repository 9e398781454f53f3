// Issue 44 "Cut-offs" on a real database with a fixed clock (Monday 2030-01-07 10:00 in New York): the agent's
// cut-off (GET/PUT /api/agents/change-cutoff) and a property's override (its showing rules); inside the cut-off
// the buyer's manage link offers no change and says why, and the buyer's cancel, reschedule and reschedule
// prefill answer 409 CHANGE_CUTOFF_PASSED changing nothing — a minute before it, they work; the agent can always act.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_CUTOFF_CODE, changeClosedMessage } from '@keyturn/domain/changeCutoff';
import { bookings } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';

const MONDAY = new Date('2030-01-07T15:00:00Z');
let clock = MONDAY;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  clock = MONDAY;
});

const cutoffUrl = '/api/agents/change-cutoff';
const setCutoff = (agent: TestAgent, hours: unknown) =>
  t.request({ method: 'PUT', url: cutoffUrl, token: agent.token, payload: { hours } });
const manage = async (token: string) =>
  (await t.request({ method: 'GET', url: `/api/booking/manage?token=${token}` })).json().booking;
const row = async (id: string) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** Books 2030-01-08 15:00 New York (20:00 UTC): 29 hours after the clock's start. */
async function booked(agent: TestAgent, propertyId?: number) {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(agent.id, {
      booking_date: '2030-01-08',
      booking_time: '15:00',
      ...(propertyId ? { property_id: propertyId } : {}),
    }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().booking as { id: string; manage_token: string };
}
const START = new Date('2030-01-08T20:00:00Z');
const hoursBefore = (hours: number, minutes = 0) =>
  new Date(START.getTime() - hours * 3_600_000 - minutes * 60_000);

describe('GET/PUT /api/agents/change-cutoff', () => {
  it('starts at 0 (changes open until the start), saves whole hours up to a week, refuses the rest with 400', async () => {
    const agent = await makeAgent(t);
    const read = () => t.request({ method: 'GET', url: cutoffUrl, token: agent.token });
    expect((await read()).json()).toEqual({ success: true, data: { hours: 0 } });
    expect((await setCutoff(agent, 24)).json()).toEqual({ success: true, data: { hours: 24 } });
    expect((await read()).json().data).toEqual({ hours: 24 });
    for (const bad of [-1, 169, 1.5, '24', null]) {
      const res = await setCutoff(agent, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { hours: expect.any(String) } });
    }
    expect((await read()).json().data).toEqual({ hours: 24 });
    expect((await t.request({ method: 'GET', url: cutoffUrl })).statusCode).toBe(401);
  });

  it('saving the weekly hours keeps the cut-off, and the cut-off keeps the weekly hours', async () => {
    const agent = await makeAgent(t);
    await setCutoff(agent, 12);
    const hours = (await t.request({ method: 'GET', url: '/api/availability', token: agent.token })).json();
    const saved = await t.request({
      method: 'PUT',
      url: '/api/availability',
      token: agent.token,
      payload: { ...hours.data, minimum_notice_minutes: 60 },
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: cutoffUrl, token: agent.token })).json().data.hours).toBe(
      12,
    );
    await setCutoff(agent, 4);
    const after = await t.request({ method: 'GET', url: '/api/availability', token: agent.token });
    expect(after.json().data).toEqual({ ...hours.data, minimum_notice_minutes: 60 });
  });
});

describe("a buyer's changes inside the cut-off", () => {
  it('a minute before the cut-off the buyer may cancel; from the cut-off on, 409 and nothing changes', async () => {
    const agent = await makeAgent(t);
    await setCutoff(agent, 24);
    const early = await booked(agent);
    clock = hoursBefore(24, 1);
    expect(await manage(early.manage_token)).toMatchObject({ can_cancel: true, changes_closed: null });
    const cancelled = await t.request({
      method: 'POST',
      url: '/api/booking/cancel',
      payload: { token: early.manage_token },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await row(early.id)).status).toBe('cancelled');

    clock = MONDAY;
    const late = await booked(agent);
    clock = hoursBefore(24);
    const before = await row(late.id);
    const view = await manage(late.manage_token);
    expect(view).toMatchObject({
      status: 'confirmed',
      can_cancel: false,
      can_reschedule: false,
      changes_closed: { hours: 24, closed_at: hoursBefore(24).toISOString() },
    });
    const refused = await t.request({
      method: 'POST',
      url: '/api/booking/cancel',
      payload: { token: late.manage_token, reason: 'Changed plans' },
    });
    expect(refused.statusCode).toBe(409);
    const agentName = view.agent.name as string;
    expect(refused.json()).toMatchObject({
      code: CHANGE_CUTOFF_CODE,
      error: changeClosedMessage(24, agentName),
    });
    const moved = await t.request({
      method: 'POST',
      url: '/api/booking/reschedule',
      payload: {
        ...bookingPayload(agent.id, { booking_date: '2030-01-10', booking_time: '11:00' }),
        original_booking_id: late.id,
        reschedule_reason: 'Flight moved',
        token: late.manage_token,
      },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe(CHANGE_CUTOFF_CODE);
    const prefill = await t.request({
      method: 'GET',
      url: `/api/booking/prefill?token=${late.manage_token}`,
    });
    expect(prefill.statusCode).toBe(409);
    expect(prefill.json().code).toBe(CHANGE_CUTOFF_CODE);
    expect(await row(late.id)).toEqual(before);
    const all = await t.database.db.select().from(bookings).where(eq(bookings.agentId, agent.id));
    expect(all.filter((b) => b.status === 'confirmed')).toHaveLength(1);

    // The agent can always act: the dashboard cancels it.
    const byAgent = await t.request({
      method: 'DELETE',
      url: `/api/bookings/${late.id}`,
      token: agent.token,
    });
    expect(byAgent.statusCode).toBe(200);
    expect((await row(late.id)).status).toBe('cancelled');
    clock = MONDAY;
  });

  it("a property's own cut-off wins over the agent's, 0 (until the start) included", async () => {
    const agent = await makeAgent(t);
    await setCutoff(agent, 48);
    const strict = await makeProperty(t, agent.id);
    const open = await makeProperty(t, agent.id, { address: '9 Open Lane' });
    const rules = (id: number, changeCutoffHours: number | null) =>
      t.request({
        method: 'PUT',
        url: `/api/properties/${id}/showing-rules`,
        token: agent.token,
        payload: { changeCutoffHours },
      });
    expect((await rules(strict, 2)).json().data).toMatchObject({
      rules: { changeCutoffHours: 2 },
      defaults: { changeCutoffHours: 48 },
    });
    expect((await rules(open, 0)).statusCode).toBe(200);
    expect((await rules(open, 169)).statusCode).toBe(400);

    const a = await booked(agent, strict);
    clock = hoursBefore(3);
    // 3 hours before: the agent's 48 would have closed it; the property's 2 keeps it open.
    expect(await manage(a.manage_token)).toMatchObject({ can_reschedule: true, changes_closed: null });
    clock = hoursBefore(2);
    expect((await manage(a.manage_token)).changes_closed).toEqual({
      hours: 2,
      closed_at: hoursBefore(2).toISOString(),
    });
    clock = MONDAY;
    await t.request({ method: 'DELETE', url: `/api/bookings/${a.id}`, token: agent.token });

    const b = await booked(agent, open);
    clock = hoursBefore(0, 1);
    expect(await manage(b.manage_token)).toMatchObject({ can_cancel: true, changes_closed: null });
    expect(
      (await t.request({ method: 'POST', url: '/api/booking/cancel', payload: { token: b.manage_token } }))
        .statusCode,
    ).toBe(200);
    clock = MONDAY;
  });

  it('without a cut-off nothing changes: a buyer may cancel until the start', async () => {
    const agent = await makeAgent(t);
    const b = await booked(agent);
    clock = hoursBefore(0, 1);
    expect(await manage(b.manage_token)).toMatchObject({ can_cancel: true, changes_closed: null });
    clock = MONDAY;
  });
});
