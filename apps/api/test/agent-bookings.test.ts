// The agent's bookings list and recorded bookings (issue 19). Clock: Monday 2030-01-07 10:00 New York.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, type TestAgent } from './fixtures';
import { jobsOf } from './support/notify';
import { eq } from 'drizzle-orm';
import { feedback } from '../src/db/schema';
import { FEEDBACK_ALREADY_GIVEN } from '../src/modules/bookings/agent-service';

const clock = new Date('2030-01-07T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const record = (agent: TestAgent, booking_date: string, booking_time: string) =>
  t.request({
    method: 'POST',
    url: '/api/bookings',
    token: agent.token,
    payload: { ...bookingPayload(agent.id, { booking_date, booking_time }), agent_id: undefined },
  });

const list = async (agent: TestAgent, query = '') => {
  const res = await t.request({ method: 'GET', url: `/api/bookings${query}`, token: agent.token });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: string; status: string; starts_at: string }[]).map(
    (b) => `${b.starts_at} ${b.status}`,
  );
};

describe('POST /api/bookings: the agent records a showing (agentBookingStatusFor)', () => {
  let agent: TestAgent;
  beforeAll(async () => {
    // A day's notice for buyers: the agent is not bound by it.
    agent = await makeAgent(t, {
      availability: { ...DEFAULT_AVAILABILITY, minimum_notice_minutes: 24 * 60 },
    });
  });

  it("GET /api/bookings/free-slots/:date offers today's remaining free times, without the public notice", async () => {
    const today = await t.request({
      method: 'GET',
      url: '/api/bookings/free-slots/2030-01-07',
      token: agent.token,
    });
    expect(today.statusCode).toBe(200);
    expect(today.json().availableSlots[0]).toBe('10:00:00');
    expect(today.json().availableSlots).not.toContain('09:30:00');
    expect(today.json().slots[0]).toMatchObject({
      starts_at: '2030-01-07T10:00:00-05:00',
      label: '10:00 AM',
    });
    // The public answer refuses today.
    const open = await t.request({
      method: 'GET',
      url: `/api/booking/availability/agent/${agent.id}/2030-01-07`,
    });
    expect(open.statusCode).toBe(400);
    const past = await t.request({
      method: 'GET',
      url: '/api/bookings/free-slots/2030-01-06',
      token: agent.token,
    });
    expect(past.json().availableSlots).toEqual([]);
    const bad = await t.request({
      method: 'GET',
      url: '/api/bookings/free-slots/2030-02-30',
      token: agent.token,
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.request({ method: 'GET', url: '/api/bookings/free-slots/2030-01-07' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('later today is accepted and confirmed', async () => {
    const res = await record(agent, '2030-01-07', '14:00');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'confirmed', starts_at: '2030-01-07T19:00:00.000Z' });
  });

  it('earlier today and on a past date are saved as completed', async () => {
    const earlier = await record(agent, '2030-01-07', '08:00');
    expect(earlier.statusCode).toBe(201);
    expect(earlier.json().data).toMatchObject({ status: 'completed', starts_at: '2030-01-07T13:00:00.000Z' });
    const past = await record(agent, '2029-12-20', '11:30');
    expect(past.statusCode).toBe(201);
    expect(past.json().data.status).toBe('completed');
  });

  it('no overlap: a recorded past showing and a future one both refuse a clashing time with 409 SLOT_TAKEN', async () => {
    const clashPast = await record(agent, '2030-01-07', '08:15');
    expect(clashPast.statusCode).toBe(409);
    expect(clashPast.json().code).toBe('SLOT_TAKEN');
    const clashFuture = await record(agent, '2030-01-07', '14:15');
    expect(clashFuture.statusCode).toBe(409);
    expect(clashFuture.json().code).toBe('SLOT_TAKEN');
    expect(await list(agent, '?status=all')).toHaveLength(3);
    // The booked times are no longer free.
    const free = await t.request({
      method: 'GET',
      url: '/api/bookings/free-slots/2030-01-07',
      token: agent.token,
    });
    expect(free.json().availableSlots).not.toContain('14:00:00');
    expect(free.json().availableSlots).toContain('14:30:00');
  });

  it('a wall time the clock skips is refused with a field message', async () => {
    const res = await record(agent, '2030-03-10', '02:30');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.booking_time).toMatch(/does not exist/);
  });
});

describe('a showing recorded afterwards is a completed showing like any other (issue 29 path 4)', () => {
  it('it asks the buyer for feedback; "Ask for feedback again" and "Mark no-show" are its actions', async () => {
    const agent = await makeAgent(t);
    const res = await record(agent, '2030-01-07', '08:00');
    expect(res.json().data).toMatchObject({ status: 'completed' });
    expect(res.json().data.allowed_actions).toEqual(['no_show', 'request_feedback']);
    const id = res.json().data.id as string;
    const feedbackJobs = async () =>
      (await jobsOf(t, id)).filter((j) => j.event === 'feedback_request' && j.state !== 'cancelled');
    // The request is due at the agent's delay after the showing, or now when that has passed (it has).
    const [request] = await feedbackJobs();
    expect(request!.scheduledFor.getTime()).toBe(clock.getTime());
    expect((await jobsOf(t, id)).map((j) => j.event)).toEqual(['feedback_request']);

    // Ask again: one more request, due now.
    const act = (action: string) =>
      t.request({ method: 'PUT', url: `/api/bookings/${id}`, token: agent.token, payload: { action } });
    const again = await act('request_feedback');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('completed');
    expect(await feedbackJobs()).toHaveLength(2);

    // Once the buyer has answered, asking again is refused (nothing would be sent).
    await t.database.db.insert(feedback).values({
      agentId: agent.id,
      bookingId: id,
      rating: 4,
      interestLevel: 'very_interested',
    });
    const answered = await act('request_feedback');
    expect(answered.statusCode).toBe(409);
    expect(answered.json()).toMatchObject({ code: 'FEEDBACK_ALREADY_GIVEN', error: FEEDBACK_ALREADY_GIVEN });
    await t.database.db.delete(feedback).where(eq(feedback.bookingId, id));

    // Nobody came after all: no-show, and the requests not yet sent are withdrawn.
    const noShow = await act('no_show');
    expect(noShow.statusCode).toBe(200);
    expect(noShow.json().data).toMatchObject({ status: 'no_show', allowed_actions: [] });
    expect(await feedbackJobs()).toHaveLength(0);
  });
});

describe('GET /api/bookings: status=current and order=next; the default answer unchanged', () => {
  let agent: TestAgent;
  beforeAll(async () => {
    agent = await makeAgent(t);
    for (const [date, time] of [
      ['2030-01-09', '10:00'],
      ['2030-01-08', '10:00'],
      ['2030-01-10', '10:00'],
      ['2030-01-02', '10:00'],
      ['2030-01-05', '10:00'],
    ] as const) {
      expect((await record(agent, date, time)).statusCode).toBe(201);
    }
  });

  it('order=next shows the next showing first: upcoming earliest first, then past ones most recent first', async () => {
    expect(await list(agent, '?order=next')).toEqual([
      '2030-01-08T15:00:00.000Z confirmed',
      '2030-01-09T15:00:00.000Z confirmed',
      '2030-01-10T15:00:00.000Z confirmed',
      '2030-01-05T15:00:00.000Z completed',
      '2030-01-02T15:00:00.000Z completed',
    ]);
    // Without an order, newest date first, as before.
    expect(await list(agent)).toEqual([
      '2030-01-10T15:00:00.000Z confirmed',
      '2030-01-09T15:00:00.000Z confirmed',
      '2030-01-08T15:00:00.000Z confirmed',
      '2030-01-05T15:00:00.000Z completed',
      '2030-01-02T15:00:00.000Z completed',
    ]);
    expect(
      (await t.request({ method: 'GET', url: '/api/bookings?order=soon', token: agent.token })).statusCode,
    ).toBe(400);
  });

  it('status=current leaves cancelled and rescheduled-away bookings out; no status and status=all keep them', async () => {
    const all = (await t.request({ method: 'GET', url: '/api/bookings', token: agent.token })).json()
      .data as { id: string; starts_at: string }[];
    const first = all.find((b) => b.starts_at.startsWith('2030-01-08'))!;
    const second = all.find((b) => b.starts_at.startsWith('2030-01-09'))!;
    const cancelled = await t.request({
      method: 'DELETE',
      url: `/api/bookings/${first.id}`,
      token: agent.token,
    });
    expect(cancelled.statusCode).toBe(200);
    const moved = await t.request({
      method: 'PUT',
      url: `/api/bookings/${second.id}/reschedule`,
      token: agent.token,
      payload: { booking_date: '2030-01-11', booking_time: '11:00', reschedule_reason: 'Buyer asked' },
    });
    expect(moved.statusCode).toBe(200);

    const current = await list(agent, '?status=current&order=next');
    expect(current).toEqual([
      '2030-01-10T15:00:00.000Z confirmed',
      '2030-01-11T16:00:00.000Z confirmed',
      '2030-01-05T15:00:00.000Z completed',
      '2030-01-02T15:00:00.000Z completed',
    ]);
    // The API's answer without a status is unchanged: every booking (a client relies on it).
    const everything = await list(agent);
    expect(everything).toContain('2030-01-08T15:00:00.000Z cancelled');
    expect(everything).toContain('2030-01-09T15:00:00.000Z rescheduled');
    expect(everything).toHaveLength(6);
    expect(await list(agent, '?status=all')).toEqual(everything);
    expect(await list(agent, '?status=cancelled')).toEqual(['2030-01-08T15:00:00.000Z cancelled']);
    expect(
      (await t.request({ method: 'GET', url: '/api/bookings?status=some', token: agent.token })).statusCode,
    ).toBe(400);
  });
});
