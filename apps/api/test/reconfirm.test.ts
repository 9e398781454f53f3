// Issue 33, the outbound side, on a real database with real workers: the reminder text asks for a reply, the
// re-confirmation text and the agent's alert go once each — a restart of the workers and the same jobs queued
// again change nothing —, a buyer who confirmed is not asked again, texts due in quiet hours wait for 8 AM
// (or become e-mails), the feedback ask goes by text and is logged where the inbound side finds it, and the
// report's no-show rates by confirmation state. Texts go to the Twilio-shaped server on 127.0.0.1; the clock
// is moved to the past to make bookings whose messages are due now (pg-boss starts jobs by the real clock).
import { TZDate } from '@date-fns/tz';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRMATION_FIGURES, figureLabel, reportFigure } from '@keyturn/domain/figures';
import type { BookingStatus } from '@keyturn/domain/enums';
import type { CoreReport } from '@keyturn/domain/schemas/reports';
import { REPLY_PROMPT } from '@keyturn/domain/texts/reconfirm';
import { bookings, notificationMessages } from '../src/db/schema';
import { jobOptionsOf, openJobQueue } from '../src/jobs/queue';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';
import {
  agentEmail,
  ALL_DAY,
  bookAt,
  DAY,
  HOUR,
  jobsOf,
  MINUTE,
  minutesFromNow,
  notifyHarnessPerFile,
  remindersOnly,
  sleep,
  type NotifyHarness,
} from './support/notify';

const harness = notifyHarnessPerFile();
let h: NotifyHarness;
beforeEach(() => {
  h = harness();
});

/** Zones without daylight saving time, by their UTC offset in hours (−11 … +12). */
const FIXED_ZONES: Record<number, string> = {
  [-11]: 'Pacific/Pago_Pago',
  [-10]: 'Pacific/Honolulu',
  [-9]: 'Pacific/Gambier',
  [-8]: 'Pacific/Pitcairn',
  [-7]: 'America/Phoenix',
  [-6]: 'America/Regina',
  [-5]: 'America/Bogota',
  [-4]: 'America/La_Paz',
  [-3]: 'America/Sao_Paulo',
  [-2]: 'America/Noronha',
  [-1]: 'Atlantic/Cape_Verde',
  0: 'Africa/Abidjan',
  1: 'Africa/Lagos',
  2: 'Africa/Johannesburg',
  3: 'Europe/Moscow',
  4: 'Asia/Dubai',
  5: 'Asia/Tashkent',
  6: 'Asia/Dhaka',
  7: 'Asia/Bangkok',
  8: 'Asia/Singapore',
  9: 'Asia/Tokyo',
  10: 'Australia/Brisbane',
  11: 'Pacific/Guadalcanal',
  12: 'Pacific/Tarawa',
};

/** A zone where the real time now reads 15:00–15:59: every time these tests send at is daytime there. */
function afternoonZone(): string {
  let offset = 15 - new Date().getUTCHours();
  if (offset > 12) offset -= 24;
  if (offset < -11) offset += 24;
  return FIXED_ZONES[offset]!;
}

/** Texts on, reminder e-mails 24 h and 1 h before, and `extra`: the agent's notification settings saved. */
function saveTextSettings(agent: TestAgent, extra: Record<string, unknown> = {}) {
  const payload = {
    ...remindersOnly([1440, 60]),
    sms_reminders: true,
    feedback_request_email: true,
    ...extra,
  };
  return h.t.request({ method: 'PUT', url: '/api/agents/notifications', token: agent.token, payload });
}

async function textingAgent(timeZone: string): Promise<TestAgent> {
  const agent = await makeAgent(h.t, { timeZone, plan: 'pro', availability: ALL_DAY });
  const res = await saveTextSettings(agent);
  expect(res.statusCode, res.body).toBe(200);
  return agent;
}

const textsTo = (phone: string) => h.sms.messages.filter((m) => m.to === phone);
const alertsTo = (email: string) => h.smtp.to(email).filter((m) => m.subject.startsWith('Not confirmed:'));

async function notConfirmed(agent: TestAgent, bookingId: string): Promise<boolean | undefined> {
  const res = await h.t.request({ method: 'GET', url: `/api/bookings/${bookingId}`, token: agent.token });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { not_confirmed?: boolean }).not_confirmed;
}

/** The jobs of `events` queued once more under fresh ids, as a redelivery after a crash would. */
async function queueAgain(bookingId: string, events: string[]) {
  const queue = await openJobQueue(h.t.database.db, jobOptionsOf(h.t.config));
  const again = (await jobsOf(h.t, bookingId)).filter((j) => events.includes(j.event));
  expect(again.map((j) => j.event).sort()).toEqual([...events].sort());
  await h.t.database.db.transaction(async (tx) => {
    for (const job of again)
      await queue.send(tx, { id: crypto.randomUUID(), data: job.data!, startAfter: new Date(0) });
  });
}

describe('re-confirmation (issue 33)', () => {
  it('an unconfirmed showing gets the second text and its agent one alert — once each across a worker restart', async () => {
    const agent = await textingAgent(afternoonZone());
    const agentAddress = await agentEmail(h.t, agent.id);
    const phone = '+16465550201';
    // Booked a day ago for 90 minutes from now: its 24-hour reminder, the 6-hour second text and the 2-hour
    // alert are all due; the 1-hour reminder is not.
    h.clock.set(new Date(Date.now() - DAY));
    const b = await bookAt(h.t, agent, minutesFromNow(90 * MINUTE), {
      client_phone: '(646) 555-0201',
      sms_consent: true,
    });
    expect(await notConfirmed(agent, b.id)).toBe(false);
    h.clock.set(null);

    await h.startWorkers();
    await h.sms.waitFor(
      () =>
        textsTo(phone).some((m) => m.body.includes('Are you still coming')) &&
        textsTo(phone).some((m) => m.body.includes('Reminder, your')),
    );
    await h.smtp.waitFor(() => alertsTo(agentAddress).length === 1);
    const reminder = textsTo(phone).find((m) => m.body.includes('Reminder, your'))!;
    expect(reminder.body.endsWith(REPLY_PROMPT)).toBe(true);
    const second = textsTo(phone).find((m) => m.body.includes('Are you still coming'))!;
    expect(second.body.endsWith(REPLY_PROMPT)).toBe(true);
    expect(alertsTo(agentAddress)[0]!.parsed.text).toContain('has not confirmed their property viewing');
    expect(await notConfirmed(agent, b.id)).toBe(true);

    await h.stopWorkers();
    await queueAgain(b.id, ['reconfirm', 'unconfirmed_alert']);
    await h.startWorkers();
    await sleep(3000);
    expect(textsTo(phone).filter((m) => m.body.includes('Are you still coming'))).toHaveLength(1);
    expect(alertsTo(agentAddress)).toHaveLength(1);
    // The mark goes once the buyer confirms (the inbound side sets these on a Y reply).
    await h.t.database.db
      .update(bookings)
      .set({ buyerConfirmedAt: new Date(), buyerConfirmedVia: 'text' })
      .where(eq(bookings.id, b.id));
    expect(await notConfirmed(agent, b.id)).toBe(false);
  });

  it('a buyer who confirmed is not asked again and the agent is not alerted', async () => {
    const agent = await textingAgent(afternoonZone());
    const agentAddress = await agentEmail(h.t, agent.id);
    const phone = '+16465550202';
    h.clock.set(new Date(Date.now() - DAY));
    const b = await bookAt(h.t, agent, minutesFromNow(90 * MINUTE), {
      client_phone: phone,
      sms_consent: true,
    });
    await h.t.database.db
      .update(bookings)
      .set({ buyerConfirmedAt: new Date(), buyerConfirmedVia: 'page' })
      .where(eq(bookings.id, b.id));
    h.clock.set(null);

    await h.startWorkers();
    await h.sms.waitFor(() => textsTo(phone).some((m) => m.body.includes('Reminder, your')));
    await sleep(2500);
    expect(textsTo(phone).filter((m) => m.body.includes('Are you still coming'))).toEqual([]);
    expect(alertsTo(agentAddress)).toEqual([]);
    expect(await notConfirmed(agent, b.id)).toBe(false);
  });

  it('the second text’s time is a setting, at least 3 hours before', async () => {
    const agent = await makeAgent(h.t, { plan: 'pro' });
    const res = await saveTextSettings(agent, { reconfirm_minutes_before: 60 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('reconfirm_minutes_before');
  });
});

describe('"Confirm I\'m coming" on the manage page (issue 33)', () => {
  it('marks an upcoming confirmed showing buyer-confirmed on the page, once; refuses what cannot be confirmed', async () => {
    const agent = await textingAgent('America/Chicago');
    const b = await bookAt(h.t, agent, minutesFromNow(3 * DAY), {
      client_phone: '+16465550205',
      sms_consent: true,
    });
    const confirm = (token: unknown) =>
      h.t.request({ method: 'POST', url: '/api/booking/confirm', payload: { token } });
    const before = await h.t.request({ method: 'GET', url: `/api/booking/manage?token=${b.manage_token}` });
    expect(before.json().booking).toMatchObject({ can_confirm: true, buyer_confirmed_at: null });

    const first = await confirm(b.manage_token);
    expect(first.statusCode, first.body).toBe(200);
    const booking = first.json().booking as { buyer_confirmed_at: string; buyer_confirmed_via: string };
    expect(booking).toMatchObject({ buyer_confirmed_via: 'page', can_confirm: false });
    const again = await confirm(b.manage_token);
    expect(again.json().booking.buyer_confirmed_at).toBe(booking.buyer_confirmed_at);
    const [row] = await h.t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect([row!.buyerConfirmedVia, row!.buyerConfirmedAt?.toISOString()]).toEqual([
      'page',
      booking.buyer_confirmed_at,
    ]);

    const cancelled = await bookAt(h.t, agent, minutesFromNow(4 * DAY), {
      client_phone: '+16465550205',
      sms_consent: true,
    });
    await h.t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.id));
    const refused = await confirm(cancelled.manage_token);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'NOT_CONFIRMABLE']);
    expect((await confirm('no-such-token')).statusCode).toBe(404);
    const empty = await confirm('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('token');
  });
});

describe('quiet hours (issue 33)', () => {
  it('texts due between 9 PM and 8 AM New York time wait for 8 AM, or become e-mails when 8 AM is too late', async () => {
    const zone = 'America/New_York';
    const agent = await textingAgent(zone);
    // A showing at 23:00 New York time three days from now.
    const day = new TZDate(Date.now() + 3 * DAY, zone);
    const at = (dayOffset: number, hour: number, minute = 0) =>
      new Date(
        new TZDate(
          day.getFullYear(),
          day.getMonth(),
          day.getDate() + dayOffset,
          hour,
          minute,
          0,
          zone,
        ).getTime(),
      );
    const start = at(0, 23);
    const b = await bookAt(h.t, agent, start, { client_phone: '+16465550203', sms_consent: true });
    const jobs = (await jobsOf(h.t, b.id)).filter((j) => j.event !== 'booking_created');
    const seen = jobs
      .map((j) => ({
        event: j.event,
        at: j.startAfter!.toISOString(),
        channel: j.data?.channel ?? null,
        textByEmail: j.data?.textByEmail ?? null,
      }))
      .sort((x, y) => x.at.localeCompare(y.at));
    expect(seen).toEqual([
      // 24 hours before = 23:00 the evening before: the e-mail then, the text at 8 AM.
      { event: 'reminder', at: at(-1, 23).toISOString(), channel: 'email', textByEmail: null },
      { event: 'reminder', at: at(0, 8).toISOString(), channel: 'sms', textByEmail: null },
      // 6 hours before = 17:00: daytime, as planned.
      { event: 'reconfirm', at: at(0, 17).toISOString(), channel: null, textByEmail: null },
      // The alert is an e-mail to the agent: no quiet hours.
      { event: 'unconfirmed_alert', at: at(0, 21).toISOString(), channel: null, textByEmail: null },
      // 1 hour before = 22:00: 8 AM would be after the showing, so an e-mail instead of the text.
      { event: 'reminder', at: at(0, 22).toISOString(), channel: null, textByEmail: true },
      // The feedback ask: 60 minutes after the 23:30 end is 00:30 — its text waits for 8 AM.
      { event: 'feedback_request', at: at(1, 0, 30).toISOString(), channel: 'email', textByEmail: null },
      { event: 'feedback_request', at: at(1, 8).toISOString(), channel: 'sms', textByEmail: null },
    ]);
  });
});

describe('feedback by reply (issue 33)', () => {
  it('after the showing the buyer is texted "How was 12 Oak St? Reply 1–5", once, logged for the inbound side', async () => {
    const agent = await textingAgent(afternoonZone());
    const propertyId = await makeProperty(h.t, agent.id, { address: '12 Oak St' });
    const phone = '+16465550204';
    // Booked yesterday for two hours ago: the feedback ask (60 minutes after the end) is due.
    h.clock.set(new Date(Date.now() - DAY));
    const b = await bookAt(h.t, agent, minutesFromNow(-2 * HOUR), {
      client_phone: phone,
      property_id: propertyId,
      sms_consent: true,
    });
    h.clock.set(null);
    await h.startWorkers();
    await h.sms.waitFor(() => textsTo(phone).some((m) => m.body.includes('How was')));
    const [row] = await h.t.database.db
      .select({ publicId: bookings.publicId })
      .from(bookings)
      .where(eq(bookings.id, b.id));
    const ask = textsTo(phone).find((m) => m.body.includes('How was'))!;
    expect(ask.body).toContain(`How was 12 Oak St? Reply 1–5`);
    expect(ask.body).toContain(`/feedback/${row!.publicId}`);
    // What the inbound side reads: the sent-message log's row of kind feedback_request.buyer.sms (committed just
    // after the provider took the text: the send runs inside the record's transaction, so it is awaited).
    await vi.waitFor(async () => {
      const logged = await h.t.database.db
        .select()
        .from(notificationMessages)
        .where(
          and(
            eq(notificationMessages.bookingId, b.id),
            eq(notificationMessages.kind, 'feedback_request.buyer.sms'),
          ),
        );
      expect(logged.map((m) => [m.status, m.recipient, m.channel])).toEqual([['sent', phone, 'sms']]);
    });

    await h.stopWorkers();
    await queueAgain(b.id, ['feedback_request']);
    await h.startWorkers();
    await sleep(3000);
    expect(textsTo(phone).filter((m) => m.body.includes('How was'))).toHaveLength(1);
  });
});

describe('no-show rates by confirmation state (issue 33)', () => {
  it('confirmed by text, on the page, not confirmed: each no-shows ÷ showings with an outcome', async () => {
    const agent = await makeAgent(h.t, { plan: 'pro', timeZone: 'America/New_York' });
    const db = h.t.database.db;
    const seed = async (status: BookingStatus, via: 'text' | 'page' | null, n: number) => {
      for (let i = 0; i < n; i += 1) {
        const id = await seedBooking(db, agent.id, {
          startsAt: `2030-04-${String(2 + i).padStart(2, '0')}T15:00:00Z`,
          status,
          clientEmail: `${status}.${via ?? 'none'}.${i}@buyers.test`,
        });
        if (via) {
          await db
            .update(bookings)
            .set({ buyerConfirmedAt: new Date('2030-04-01T12:00:00Z'), buyerConfirmedVia: via })
            .where(eq(bookings.id, id));
        }
      }
    };
    await seed('completed', 'text', 3);
    await seed('no_show', 'text', 1);
    await seed('completed', 'page', 1);
    await seed('completed', null, 2);
    await seed('no_show', null, 2);
    await seed('cancelled', null, 2); // no outcome: not counted
    const res = await h.t.request({
      method: 'GET',
      url: '/api/reports?from=2030-04-01&to=2030-04-30',
      token: agent.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<CoreReport>();
    expect(report.rates.no_show_by_confirmation).toEqual({
      text: { count: 1, of: 4, rate: 0.25 },
      page: { count: 0, of: 1, rate: 0 },
      none: { count: 2, of: 4, rate: 0.5 },
    });
    expect(CONFIRMATION_FIGURES.map((id) => reportFigure(report, id))).toEqual([0.25, 0, 0.5]);
    expect(report.rates.no_show).toEqual({ count: 3, of: 9, rate: 0.3333 });
    expect(
      figureLabel('confirmedByTextNoShowRate', {
        range: { from: '2030-04-01', to: '2030-04-30', today: '2030-05-10' },
      }),
    ).toBe('No-show rate when confirmed by text, 1 Apr – 30 Apr 2030');
  });
});
