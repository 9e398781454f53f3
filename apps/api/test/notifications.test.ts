// Issue 6 on a real database: booking changes put their messages on the pg-boss queue in their own
// transaction; workers send them through a real SMTP server and a Twilio-shaped SMS server on 127.0.0.1.
// The clock is moved to the past to make bookings whose reminders are due now (pg-boss compares start times
// with the database's clock), so nothing here waits for minutes.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agents, bookings, notificationJobs, notificationMessages } from '../src/db/schema';
import { openJobQueue, jobOptionsOf } from '../src/jobs/queue';
import { insertBooking } from '../src/modules/bookings/service';
import { twilioSignature } from '../src/modules/texts/routes';
import { bookingNotifier } from '../src/modules/core/notifications/scheduler';
import { createMailer, type Mailer } from '../src/adapters/mail';
import { databaseOutbox } from '../src/adapters/outbox';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import {
  agentEmail,
  ALL_DAY,
  bookAt,
  minutesFromNow,
  type Booked,
  DAY,
  enableTexts as enableTextsFor,
  HOUR,
  icsUtc,
  jobsOf,
  MINUTE,
  notifyHarness,
  parseIcs,
  PUBLIC_URL,
  remindersOnly,
  SMS_FROM,
  sleep,
  slotBetween,
  type NotifyHarness,
} from './support/notify';
import type { ReceivedMail } from './support/smtp-server';

let h: NotifyHarness;

beforeAll(async () => {
  h = await notifyHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  await h.stopWorkers();
  h.clock.set(null);
  h.sms.failAlways(false);
  h.sms.failNext(0);
});

let seq = 0;
/** A buyer address no other test uses, so each test reads only its own mail. */
const buyer = (name: string) => `${name}.${++seq}@buyers.test`;

async function book(
  agent: TestAgent,
  slot: { booking_date: string; booking_time: string },
  overrides: Record<string, unknown> = {},
): Promise<Booked> {
  const res = await h.t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(agent.id, { ...slot, ...overrides }),
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().booking as Booked;
}

const textOf = (m: ReceivedMail) => m.parsed.text ?? '';
const htmlOf = (m: ReceivedMail) => (typeof m.parsed.html === 'string' ? m.parsed.html : '');
const calendarOf = (m: ReceivedMail) => {
  const ics = m.parsed.attachments.find((a) => a.contentType === 'text/calendar');
  if (!ics) throw new Error(`no calendar file in "${m.subject}"`);
  return parseIcs(ics.content.toString('utf8'));
};
const manageTokenIn = (m: ReceivedMail) => {
  const match = /\/booking\/manage\?token=([A-Za-z0-9_-]+)/.exec(textOf(m));
  if (!match) throw new Error(`no manage link in "${m.subject}"`);
  return match[1]!;
};
/** Polls `read` until it returns something (the workers commit a moment after the provider answered). */
async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined || Date.now() > until) return value;
    await sleep(200);
  }
}
const idempotencyKeyOf = (m: ReceivedMail) => String(m.parsed.headers.get('x-keyturn-idempotency-key') ?? '');

describe('e-mails over real SMTP', () => {
  it('a booking sends the buyer a confirmation with a valid .ics and a working manage link, and tells the agent', async () => {
    await h.startWorkers();
    const agent = await makeAgent(h.t, { timeZone: 'America/New_York', availability: ALL_DAY });
    const agentAddress = await agentEmail(h.t, agent.id);
    const propertyId = await makeProperty(h.t, agent.id, { address: '88 Riverside Drive' });
    const email = buyer('casey');
    const slot = slotBetween(new Date(Date.now() + 2 * DAY), new Date(Date.now() + 3 * DAY), agent.timeZone);
    const booked = await book(agent, slot, { client_email: email, property_id: propertyId });

    await h.smtp.waitFor(() => h.smtp.to(email).length === 1 && h.smtp.to(agentAddress).length === 1);
    const [confirmation] = h.smtp.to(email);
    const [notice] = h.smtp.to(agentAddress);

    // Right recipients, the agent's name on our address, answers going to the agent.
    expect(confirmation!.envelopeTo).toEqual([email]);
    expect(confirmation!.parsed.from?.value[0]).toMatchObject({ address: 'no-reply@keyturn.test' });
    expect(confirmation!.parsed.from?.value[0]?.name).toMatch(/^Jamie Agent\d+ via Keyturn$/);
    expect(confirmation!.parsed.replyTo?.value[0]?.address).toBe(agentAddress);
    expect(confirmation!.subject).toMatch(/^Confirmed: 88 Riverside Drive on /);
    expect(confirmation!.messageId).toMatch(/^<kt\.[0-9a-f]{40}@keyturn\.test>$/);
    expect(textOf(confirmation!)).toContain('Please arrive 5 minutes early.');
    expect(htmlOf(confirmation!)).toContain('Please arrive 5 minutes early.');
    // Agent-branded: the agent's colour on the button and the top bar.
    expect(htmlOf(confirmation!)).toContain('background:#3B82F6');

    // The calendar file: same UID as the booking page's download, UTC times of this booking, 30 minutes.
    const ics = calendarOf(confirmation!);
    expect(ics.method).toBe('PUBLISH');
    expect(ics.events).toHaveLength(1);
    const event = ics.events[0]!;
    expect(event.get('UID')).toBe(`booking-${booked.id}@keyturn.app`);
    expect(event.get('DTSTART')).toBe(icsUtc(new Date(booked.starts_at)));
    expect(event.get('DTEND')).toBe(icsUtc(new Date(Date.parse(booked.starts_at) + 30 * MINUTE)));
    expect(event.get('STATUS')).toBe('CONFIRMED');
    expect(event.get('LOCATION')).toContain('88 Riverside Drive');
    // Time zones: the file is in UTC ('Z', no VTIMEZONE) and names the same instant the e-mail states in New
    // York time, as the buyer picked it.
    expect(event.get('DTSTART')).toMatch(/Z$/);
    const wall = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    })
      .format(new Date(booked.starts_at))
      .replace(/\s/g, ' ');
    expect(textOf(confirmation!).replace(/\s/g, ' ')).toContain(wall);
    const [hh, mm] = slot.booking_time.split(':').map(Number);
    expect(wall.startsWith(`${hh! % 12 || 12}:${String(mm).padStart(2, '0')}`)).toBe(true);

    // The manage link works.
    const token = manageTokenIn(confirmation!);
    expect(textOf(confirmation!)).toContain(`${PUBLIC_URL}/booking/manage?token=${token}`);
    const managed = await h.t.request({ method: 'GET', url: `/api/booking/manage?token=${token}` });
    expect(managed.statusCode).toBe(200);
    expect(managed.json().booking.id).toBe(booked.id);
    expect(textOf(confirmation!)).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');

    // The agent's notice names the buyer and links to the dashboard.
    expect(notice!.envelopeTo).toEqual([agentAddress]);
    expect(notice!.subject).toMatch(/^New booking: Casey Buyer — /);
    expect(textOf(notice!)).toContain(email);
    expect(textOf(notice!)).toContain('+1 646 555 0199');
    expect(textOf(notice!)).toContain(`${PUBLIC_URL}/dashboard/bookings`);

    // Both are in the agent's "Sent messages".
    type Listed = { id: string; kind: string; status: string; transport: string; message_id: string };
    const list = await h.t.request({ method: 'GET', url: '/api/agents/messages', token: agent.token });
    expect(list.statusCode).toBe(200);
    const messages = (await eventually(async () => {
      const res = await h.t.request({ method: 'GET', url: '/api/agents/messages', token: agent.token });
      const data = res.json().data as Listed[];
      return data.length === 2 && data.every((m) => m.status === 'sent') ? data : undefined;
    }))!;
    expect(messages.map((m) => m.kind).sort()).toEqual([
      'booking_created.agent.email',
      'booking_created.buyer.email',
    ]);
    expect(messages.every((m) => m.status === 'sent' && m.transport === 'smtp')).toBe(true);
    expect(messages.map((m) => m.message_id)).toContain(confirmation!.messageId);
    expect(list.json().failedCount).toBe(0);
    // Another agent sees none of them.
    const stranger = await makeAgent(h.t, { timeZone: 'UTC' });
    const theirs = await h.t.request({ method: 'GET', url: '/api/agents/messages', token: stranger.token });
    expect(theirs.json()).toMatchObject({ data: [], failedCount: 0 });
    const id = messages[0]!.id;
    expect(
      (await h.t.request({ method: 'GET', url: `/api/agents/messages/${id}/raw`, token: stranger.token }))
        .statusCode,
    ).toBe(404);
  });

  it('reschedule and cancellation mails reach both sides, with calendar updates and working links', async () => {
    await h.startWorkers();
    const agent = await makeAgent(h.t, { timeZone: 'Europe/Paris', availability: ALL_DAY });
    const agentAddress = await agentEmail(h.t, agent.id);
    const email = buyer('robin');
    const first = slotBetween(new Date(Date.now() + 2 * DAY), new Date(Date.now() + 3 * DAY), agent.timeZone);
    const booked = await book(agent, first, { client_email: email });
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1 && h.smtp.to(agentAddress).length === 1);

    const second = slotBetween(
      new Date(Date.now() + 4 * DAY),
      new Date(Date.now() + 5 * DAY),
      agent.timeZone,
    );
    const res = await h.t.request({
      method: 'POST',
      url: '/api/booking/reschedule',
      payload: {
        ...bookingPayload(agent.id, { ...second, client_email: email }),
        original_booking_id: booked.id,
        reschedule_reason: 'Work came up',
        token: booked.manage_token,
      },
    });
    expect(res.statusCode).toBe(200);
    const moved = res.json().booking as Booked;

    await h.smtp.waitFor(() => h.smtp.to(email).length === 2 && h.smtp.to(agentAddress).length === 2);
    const buyerMoved = h.smtp.to(email)[1]!;
    const agentMoved = h.smtp.to(agentAddress)[1]!;
    expect(buyerMoved.subject).toMatch(/^Moved: consultation with Jamie Agent\d+ is now /);
    expect(agentMoved.subject).toMatch(/^Rescheduled: Casey Buyer — now /);
    expect(textOf(agentMoved)).toContain('Work came up');
    // One calendar file: the old event cancelled, the new one added.
    const ics = calendarOf(buyerMoved);
    expect(ics.events.map((e) => [e.get('UID'), e.get('STATUS')])).toEqual([
      [`booking-${booked.id}@keyturn.app`, 'CANCELLED'],
      [`booking-${moved.id}@keyturn.app`, 'CONFIRMED'],
    ]);
    expect(ics.events[1]!.get('DTSTART')).toBe(icsUtc(new Date(moved.starts_at)));
    const newToken = manageTokenIn(buyerMoved);
    expect(newToken).toBe(moved.manage_token);
    const managed = await h.t.request({ method: 'GET', url: `/api/booking/manage?token=${newToken}` });
    expect(managed.json().booking).toMatchObject({ id: moved.id, status: 'confirmed' });

    const cancel = await h.t.request({
      method: 'POST',
      url: '/api/booking/cancel',
      payload: { token: newToken, reason: 'Found another place' },
    });
    expect(cancel.statusCode).toBe(200);
    await h.smtp.waitFor(() => h.smtp.to(email).length === 3 && h.smtp.to(agentAddress).length === 3);
    const buyerCancelled = h.smtp.to(email)[2]!;
    const agentCancelled = h.smtp.to(agentAddress)[2]!;
    expect(buyerCancelled.subject).toMatch(/^Cancelled: consultation with /);
    expect(agentCancelled.subject).toMatch(/^Cancelled: Casey Buyer — /);
    expect(textOf(agentCancelled)).toContain('Found another place');
    const cancelIcs = calendarOf(buyerCancelled);
    expect(cancelIcs.method).toBe('CANCEL');
    expect(cancelIcs.events[0]!.get('UID')).toBe(`booking-${moved.id}@keyturn.app`);
    expect(cancelIcs.events[0]!.get('STATUS')).toBe('CANCELLED');
    expect(Number(cancelIcs.events[0]!.get('SEQUENCE'))).toBeGreaterThan(0);
    // "Book another time" leads back to the agent's booking page.
    expect(textOf(buyerCancelled)).toContain(`${PUBLIC_URL}/bookme/${agent.id}/${agent.username}`);
  });

  it('a request awaiting approval: the buyer hears it was received, the agent is asked, and the approval confirms', async () => {
    await h.startWorkers();
    const agent = await makeAgent(h.t, {
      timeZone: 'America/Chicago',
      availability: { ...ALL_DAY, requires_approval: true },
    });
    const agentAddress = await agentEmail(h.t, agent.id);
    const email = buyer('pat');
    const slot = slotBetween(new Date(Date.now() + 2 * DAY), new Date(Date.now() + 3 * DAY), agent.timeZone);
    const booked = await book(agent, slot, { client_email: email });
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1 && h.smtp.to(agentAddress).length === 1);
    expect(h.smtp.to(email)[0]!.subject).toMatch(/^Request received: /);
    expect(h.smtp.to(email)[0]!.parsed.attachments).toHaveLength(0);
    expect(h.smtp.to(agentAddress)[0]!.subject).toMatch(/^Approval needed: Casey Buyer — /);

    const approve = await h.t.request({
      method: 'PUT',
      url: `/api/bookings/${booked.id}`,
      token: agent.token,
      payload: { action: 'confirm' },
    });
    expect(approve.statusCode).toBe(200);
    await h.smtp.waitFor(() => h.smtp.to(email).length === 2);
    const approved = h.smtp.to(email)[1]!;
    expect(approved.subject).toMatch(/^Confirmed: /);
    expect(calendarOf(approved).events[0]!.get('UID')).toBe(`booking-${booked.id}@keyturn.app`);
    // The agent approved it themselves: nothing more for them.
    await sleep(1500);
    expect(h.smtp.to(agentAddress)).toHaveLength(1);

    // A declined request: the buyer hears it, with the agent's note and a way to pick another time.
    const other = buyer('quinn');
    const laterSlot = slotBetween(
      new Date(Date.now() + 4 * DAY),
      new Date(Date.now() + 5 * DAY),
      agent.timeZone,
    );
    const declined = await book(agent, laterSlot, { client_email: other });
    await h.smtp.waitFor(() => h.smtp.to(other).length === 1);
    const decline = await h.t.request({
      method: 'PUT',
      url: `/api/bookings/${declined.id}`,
      token: agent.token,
      payload: { action: 'decline', reason: 'I am away that week' },
    });
    expect(decline.statusCode).toBe(200);
    await h.smtp.waitFor(() => h.smtp.to(other).length === 2);
    const outcome = h.smtp.to(other)[1]!;
    expect(outcome.subject).toMatch(/^Not available: /);
    expect(textOf(outcome)).toContain('I am away that week');
    expect(textOf(outcome)).toContain(`${PUBLIC_URL}/bookme/${agent.id}/${agent.username}`);
    // Its reminders and feedback request went with it.
    const left = (await jobsOf(h.t, declined.id)).filter(
      (j) => j.event === 'reminder' || j.event === 'feedback_request',
    );
    expect(left.every((j) => j.state === 'cancelled')).toBe(true);
  });
});

describe('changes the agent makes', () => {
  it('an agent reschedule or cancellation tells the buyer, not the agent', async () => {
    await h.startWorkers();
    const agent = await makeAgent(h.t, { timeZone: 'America/Denver', availability: ALL_DAY });
    const agentAddress = await agentEmail(h.t, agent.id);
    const email = buyer('sam');
    const booked = await bookAt(h.t, agent, minutesFromNow(2 * DAY), { client_email: email });
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    const target = slotBetween(
      new Date(Date.now() + 3 * DAY),
      new Date(Date.now() + 4 * DAY),
      agent.timeZone,
    );
    const moved = await h.t.request({
      method: 'PUT',
      url: `/api/bookings/${booked.id}/reschedule`,
      token: agent.token,
      payload: {
        booking_date: target.booking_date,
        booking_time: target.booking_time,
        reschedule_reason: 'Open house moved',
      },
    });
    expect(moved.statusCode).toBe(200);
    const newId = moved.json().data.id as string;
    await h.smtp.waitFor(() => h.smtp.to(email).length === 2);
    expect(h.smtp.to(email)[1]!.subject).toMatch(/^Moved: /);
    expect(calendarOf(h.smtp.to(email)[1]!).events[1]!.get('UID')).toBe(`booking-${newId}@keyturn.app`);
    const cancel = await h.t.request({ method: 'DELETE', url: `/api/bookings/${newId}`, token: agent.token });
    expect(cancel.statusCode).toBe(200);
    await h.smtp.waitFor(() => h.smtp.to(email).length === 3);
    expect(h.smtp.to(email)[2]!.subject).toMatch(/^Cancelled: /);
    await sleep(1000);
    expect(h.smtp.to(agentAddress)).toHaveLength(0);
  });
});

describe('reminders with a controlled clock', () => {
  it('due reminders are sent once; the not-yet-due one waits; a booking inside a window gets no late reminder', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'UTC', availability: ALL_DAY });
    const realNow = Date.now();
    // Both reminders of A (24 h and 1 h before) are due now; only B's 24 h one is.
    h.clock.set(new Date(realNow - 2 * DAY));
    const emailA = buyer('alex');
    const emailB = buyer('blair');
    const a = await bookAt(h.t, agent, minutesFromNow(40 * MINUTE), { client_email: emailA });
    const b = await bookAt(h.t, agent, minutesFromNow(3 * HOUR), { client_email: emailB });
    // C is booked at 23:00 for 01:00 the next day: inside the 24-hour window, so only the 1-hour reminder
    // exists (bookable dates start tomorrow, so that is as late as a booking can be made).
    const cDate = new Date(realNow + 3 * DAY).toISOString().slice(0, 10);
    h.clock.set(new Date(Date.parse(`${cDate}T01:00:00Z`) - 2 * HOUR));
    const c = await book(
      agent,
      { booking_date: cDate, booking_time: '01:00' },
      { client_email: buyer('casey') },
    );
    const cReminders = (await jobsOf(h.t, c.id)).filter((j) => j.event === 'reminder');
    expect(cReminders.map((j) => j.data?.offsetMinutes)).toEqual([60]);

    // The jobs start at the showing minus each offset (pg-boss startAfter).
    const bJobs = await jobsOf(h.t, b.id);
    const bStart = Date.parse(b.starts_at);
    expect(
      bJobs
        .filter((j) => j.event === 'reminder')
        .map((j) => [j.data?.offsetMinutes, j.startAfter?.getTime()])
        .sort(),
    ).toEqual(
      [
        [1440, bStart - DAY],
        [60, bStart - HOUR],
      ].sort(),
    );

    h.clock.set(null);
    await h.startWorkers();
    const reminderTo = (email: string) => h.smtp.to(email).filter((m) => m.subject.startsWith('Reminder:'));
    await h.smtp.waitFor(() => reminderTo(emailA).length === 2 && reminderTo(emailB).length === 1);
    expect(
      reminderTo(emailA)
        .map((m) => m.subject.replace(/ — .*/, ''))
        .sort(),
    ).toEqual([
      `Reminder: consultation with Jamie ${agentName(agent)} in 1 hour`,
      `Reminder: consultation with Jamie ${agentName(agent)} in 24 hours`,
    ]);
    expect(textOf(reminderTo(emailA)[0]!)).toContain('Please arrive 5 minutes early.');

    // Once: more polling rounds, a restart of the workers, and the same job delivered again change nothing.
    await h.stopWorkers();
    const queue = await openJobQueue(h.t.database.db, jobOptionsOf(h.t.config));
    const [again] = (await jobsOf(h.t, a.id)).filter((j) => j.event === 'reminder');
    await h.t.database.db.transaction((tx) =>
      queue.send(tx, { id: crypto.randomUUID(), data: again!.data!, startAfter: new Date(0) }),
    );
    await h.startWorkers();
    await sleep(3000);
    expect(reminderTo(emailA)).toHaveLength(2);
    expect(reminderTo(emailB)).toHaveLength(1);
    expect(new Set(h.smtp.mails.map((m) => m.messageId)).size).toBe(h.smtp.mails.length);
    // B's 1-hour reminder is still waiting for its time.
    const bLater = (await jobsOf(h.t, b.id)).find(
      (j) => j.event === 'reminder' && j.data?.offsetMinutes === 60,
    );
    expect(bLater?.state).toBe('created');
  });

  it("after a reschedule the old booking's reminders are gone and the new one's are scheduled", async () => {
    const agent = await makeAgent(h.t, { timeZone: 'Asia/Tokyo', availability: ALL_DAY });
    const realNow = Date.now();
    const email = buyer('drew');
    h.clock.set(new Date(realNow - 2 * DAY));
    // Its reminders would be due now, had it not moved.
    const original = await bookAt(h.t, agent, minutesFromNow(40 * MINUTE), { client_email: email });
    const later = slotBetween(new Date(realNow + 3 * DAY), new Date(realNow + 4 * DAY), agent.timeZone);
    const res = await h.t.request({
      method: 'POST',
      url: '/api/booking/reschedule',
      payload: {
        ...bookingPayload(agent.id, { ...later, client_email: email }),
        original_booking_id: original.id,
        reschedule_reason: 'Later suits me better',
        token: original.manage_token,
      },
    });
    expect(res.statusCode).toBe(200);
    const moved = res.json().booking as Booked;

    const old = await jobsOf(h.t, original.id);
    expect(old.filter((j) => j.event !== 'booking_created').map((j) => [j.event, j.state])).toEqual(
      expect.arrayContaining([
        ['reminder', 'cancelled'],
        ['reminder', 'cancelled'],
        ['feedback_request', 'cancelled'],
      ]),
    );
    const fresh = await jobsOf(h.t, moved.id);
    const start = Date.parse(moved.starts_at);
    expect(
      fresh
        .filter((j) => j.event === 'reminder')
        .map((j) => j.startAfter?.getTime())
        .sort(),
    ).toEqual([start - DAY, start - HOUR].sort());

    h.clock.set(null);
    await h.startWorkers();
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    await sleep(2500);
    // The buyer got the move and nothing about the old time: no reminder, no stale confirmation.
    expect(h.smtp.to(email).map((m) => m.subject.split(':')[0])).toEqual(['Moved']);
  });

  it('after a cancellation no reminder and no feedback request is sent', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'UTC', availability: ALL_DAY });
    const realNow = Date.now();
    const soonEmail = buyer('erin');
    const pastEmail = buyer('frankie');
    h.clock.set(new Date(realNow - 2 * DAY));
    // One whose reminders are due now, one whose feedback request is due now (it "took place" 3 hours ago).
    const soon = await bookAt(h.t, agent, minutesFromNow(40 * MINUTE), { client_email: soonEmail });
    const past = await bookAt(h.t, agent, minutesFromNow(-3 * HOUR), { client_email: pastEmail });
    for (const b of [soon, past]) {
      const res = await h.t.request({
        method: 'POST',
        url: '/api/booking/cancel',
        payload: { token: b.manage_token, reason: null },
      });
      expect(res.statusCode).toBe(200);
    }
    h.clock.set(null);
    await h.startWorkers();
    await h.smtp.waitFor(() => h.smtp.to(soonEmail).length === 1 && h.smtp.to(pastEmail).length === 1);
    await sleep(2500);
    for (const email of [soonEmail, pastEmail]) {
      expect(h.smtp.to(email).map((m) => m.subject.split(':')[0])).toEqual(['Cancelled']);
    }
    for (const b of [soon, past]) {
      const pending = (await jobsOf(h.t, b.id)).filter(
        (j) => j.event === 'reminder' || j.event === 'feedback_request',
      );
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.every((j) => j.state === 'cancelled')).toBe(true);
    }
  });

  it("the worker's clock drops a reminder whose showing has already started", async () => {
    const agent = await makeAgent(h.t, { timeZone: 'UTC', availability: ALL_DAY });
    const realNow = Date.now();
    const email = buyer('gale');
    h.clock.set(new Date(realNow - 2 * DAY));
    const b = await bookAt(h.t, agent, minutesFromNow(40 * MINUTE), { client_email: email });
    // The workers run "after" the showing started: both reminders are late and must not go out.
    h.clock.set(new Date(Date.parse(b.starts_at) + MINUTE));
    await h.startWorkers();
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    await sleep(2000);
    expect(h.smtp.to(email).map((m) => m.subject.split(':')[0])).toEqual(['Confirmed']);
  });
});

/** A confirmed booking three days ahead, written directly (no notifier), for the queue tests below. */
const bookingIn3Days = (agentId: string, clientName: string, clientEmail: string) => ({
  agentId,
  clientName,
  clientEmail,
  clientPhone: '+1 646 555 0100',
  buyerType: 'investor',
  bookingPurpose: 'property_viewing',
  startsAt: new Date(Date.now() + 3 * DAY),
  endsAt: new Date(Date.now() + 3 * DAY + 30 * MINUTE),
  status: 'confirmed' as const,
});

describe('the job is part of the booking transaction', () => {
  it('a transaction that rolls back after scheduling leaves no job behind', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'UTC', availability: ALL_DAY });
    const notifier = bookingNotifier(
      await openJobQueue(h.t.database.db, jobOptionsOf(h.t.config)),
      () => new Date(),
    );
    let bookingId = '';
    await expect(
      h.t.database.db.transaction(async (tx) => {
        const row = await insertBooking(tx, bookingIn3Days(agent.id, 'Rolled Back', 'rolled@back.test'));
        bookingId = row.id;
        await notifier.created(tx, row, 'buyer');
        const queued = await tx.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'notifications' and data->>'bookingId' = ${row.id}`,
        );
        expect(queued.rows[0]).toEqual({ n: 4 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const left = await h.t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where data->>'bookingId' = ${bookingId}`,
    );
    expect(left.rows[0]).toEqual({ n: 0 });
    expect(
      await h.t.database.db.select().from(notificationJobs).where(eq(notificationJobs.bookingId, bookingId)),
    ).toEqual([]);
  });
});

describe('the fan-out of a booking change is one batch (issue 18)', () => {
  it('all jobs of a new booking commit with it; scheduled twice they are stored once; a refused job throws', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'UTC', availability: ALL_DAY });
    const queue = await openJobQueue(h.t.database.db, jobOptionsOf(h.t.config));
    const notifier = bookingNotifier(queue, () => new Date());
    const row = await h.t.database.db.transaction(async (tx) => {
      const booking = await insertBooking(tx, bookingIn3Days(agent.id, 'Batch Buyer', 'batch@buyer.test'));
      await notifier.created(tx, booking, 'buyer');
      await notifier.ahead(tx, booking, 'buyer'); // its reminders and feedback request again: stored once
      return booking;
    });
    const queued = await h.t.database.db.execute<{ id: string; retry_limit: number; retry_backoff: boolean }>(
      sql`select id, retry_limit, retry_backoff from pgboss.job where data->>'bookingId' = ${row.id} order by id`,
    );
    const stored = await h.t.database.db
      .select({ id: notificationJobs.id })
      .from(notificationJobs)
      .where(eq(notificationJobs.bookingId, row.id));
    // created, two reminders, the feedback request: one queue job per stored job, with the configured retries.
    expect(queued.rows).toHaveLength(4);
    expect(stored.map((j) => j.id).sort()).toEqual(queued.rows.map((j) => j.id).sort());
    expect(queued.rows.every((j) => j.retry_limit === h.t.config.jobs.retryLimit && j.retry_backoff)).toBe(
      true,
    );
    // A queue that does not exist takes nothing: the whole change fails instead of losing the job.
    const refused = await h.t.database.db
      .transaction((tx) =>
        queue.sendAll(tx, [
          { id: randomUUID(), data: {}, startAfter: new Date(), queue: 'no-such-queue' as 'calendar' },
        ]),
      )
      .catch((err: Error) => err.message);
    expect(refused).toMatch(/refused job/);
  });
});

describe('the one window: a crash after the provider accepted, before our record', () => {
  it('repeats that message once, with the same Message-ID, and never again', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'UTC', availability: ALL_DAY });
    const email = buyer('hollis');
    const real = createMailer({ smtpUrl: h.smtp.url, outbox: databaseOutbox(h.t.database.db) });
    let froze = false;
    let unfreeze = () => {};
    // The first send to this buyer reaches the SMTP server, then this worker "dies" before recording it:
    // its transaction hangs until the test kills its database connection (what a crash does to it).
    const mailer: Mailer = {
      transport: 'smtp',
      close: () => real.close(),
      send: async (mail) => {
        const receipt = await real.send(mail);
        if (mail.to === email && !froze) {
          froze = true;
          await new Promise<void>((resolve) => (unfreeze = resolve));
        }
        return receipt;
      },
    };
    await h.startWorkers({ mailer });
    const slot = slotBetween(new Date(Date.now() + 2 * DAY), new Date(Date.now() + 3 * DAY), 'UTC');
    await book(agent, slot, { client_email: email });
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    // The sending transaction holds the message's row lock; end its connection like a crash would.
    const killed = await h.t.database.db.execute(sql`
      select pg_terminate_backend(l.pid) as ok from pg_locks l
      join pg_class c on c.oid = l.relation and c.relname = 'notification_messages'
      where l.pid <> pg_backend_pid() and l.mode = 'RowExclusiveLock' and l.database = (
        select oid from pg_database where datname = current_database())`);
    expect(killed.rows.length).toBeGreaterThan(0);
    // The job expires (NOTIFY_SEND_TIMEOUT_SECONDS=5), pg-boss retries it, the message goes out again.
    await h.smtp.waitFor(() => h.smtp.to(email).length === 2, 30_000);
    unfreeze();
    await sleep(2500);
    const copies = h.smtp.to(email);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.messageId).toBe(copies[0]!.messageId);
    expect(idempotencyKeyOf(copies[1]!)).toBe(idempotencyKeyOf(copies[0]!));
    const [row] = await h.t.database.db
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.idempotencyKey, idempotencyKeyOf(copies[0]!)));
    expect(row).toMatchObject({ status: 'sent', messageId: copies[0]!.messageId });
  }, 60_000);
});

describe('SMS through a Twilio-shaped server', () => {
  const enableTexts = (agent: TestAgent) => enableTextsFor(h.t, agent);
  // The provider sends a MessageSid with every inbound text (issue 33: the webhook is idempotent by it).
  const inbound = (fields: Record<string, string>, signature?: string) => {
    const params = { MessageSid: `SM${randomUUID().replace(/-/g, '')}`, ...fields };
    return h.t.request({
      method: 'POST',
      url: '/api/notifications/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature':
          signature ??
          twilioSignature(h.sms.authToken, `${PUBLIC_URL}/api/notifications/sms/inbound`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  };
  const slot = (days: number) =>
    slotBetween(new Date(Date.now() + days * DAY), new Date(Date.now() + (days + 1) * DAY), 'UTC');

  it('a pro agent’s buyer is texted in E.164; a basic agent’s buyer gets e-mail only', async () => {
    await h.startWorkers();
    const pro = await makeAgent(h.t, { timeZone: 'UTC', plan: 'pro', availability: ALL_DAY });
    const basic = await makeAgent(h.t, { timeZone: 'UTC', plan: 'basic', availability: ALL_DAY });
    await enableTexts(pro);
    await enableTexts(basic);
    const proEmail = buyer('ira');
    const basicEmail = buyer('jo');
    await book(pro, slot(2), { client_email: proEmail, client_phone: '(646) 555-0111', sms_consent: true });
    await book(basic, slot(2), {
      client_email: basicEmail,
      client_phone: '(646) 555-0112',
      sms_consent: true,
    });
    await h.sms.waitFor((m) => m.some((s) => s.to === '+16465550111'));
    await h.smtp.waitFor(() => h.smtp.to(basicEmail).length === 1 && h.smtp.to(proEmail).length === 1);
    await sleep(1500);
    const text = h.sms.messages.find((s) => s.to === '+16465550111')!;
    expect(text.from).toBe(SMS_FROM);
    expect(text.body).toMatch(/is confirmed for .* Manage: http:\/\/keyturn\.test\/booking\/manage\?token=/);
    expect(text.body).toContain('Reply STOP to opt out.');
    expect(h.sms.messages.filter((s) => s.to === '+16465550112')).toEqual([]);
  });

  it('after the buyer replies STOP they are not texted again (a bad signature changes nothing)', async () => {
    await h.startWorkers();
    const pro = await makeAgent(h.t, { timeZone: 'UTC', plan: 'enterprise', availability: ALL_DAY });
    await enableTexts(pro);
    const phone = '+1 646 555 0133';
    await book(pro, slot(2), { client_email: buyer('kim'), client_phone: phone, sms_consent: true });
    await h.sms.waitFor((m) => m.some((s) => s.to === '+16465550133'));

    const forged = await inbound({ From: '+16465550133', To: SMS_FROM, Body: 'STOP' }, 'not-a-signature');
    expect(forged.statusCode).toBe(403);
    const stop = await inbound({
      AccountSid: h.sms.accountSid,
      From: '+16465550133',
      To: SMS_FROM,
      Body: 'Stop',
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toContain('text/xml');

    const email = buyer('kim');
    const second = await book(pro, slot(3), { client_email: email, client_phone: phone, sms_consent: true });
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    await sleep(1500);
    expect(h.sms.messages.filter((s) => s.to === '+16465550133')).toHaveLength(1);
    const skipped = await eventually(async () => {
      const list = await h.t.request({
        method: 'GET',
        url: `/api/agents/messages?booking_id=${second.id}`,
        token: pro.token,
      });
      return (list.json().data as { channel: string; status: string; last_error: string }[]).find(
        (m) => m.channel === 'sms',
      );
    });
    expect(skipped).toMatchObject({ status: 'skipped', last_error: 'The buyer replied STOP to our texts' });

    // START opts back in.
    expect((await inbound({ From: '+16465550133', To: SMS_FROM, Body: 'START' })).statusCode).toBe(200);
    await book(pro, slot(4), { client_email: buyer('kim'), client_phone: phone, sms_consent: true });
    await h.sms.waitFor((m) => m.filter((s) => s.to === '+16465550133').length === 2);
  });

  it('a provider 500 is retried with backoff and succeeds later; the last failure is shown to the agent', async () => {
    await h.startWorkers();
    const pro = await makeAgent(h.t, { timeZone: 'UTC', plan: 'pro', availability: ALL_DAY });
    await enableTexts(pro);
    const attemptsBefore = h.sms.attempts;
    h.sms.failNext(2);
    const leeEmail = buyer('lee');
    const ok = await book(pro, slot(2), {
      client_email: leeEmail,
      client_phone: '+1 646 555 0144',
      sms_consent: true,
    });
    await h.sms.waitFor((m) => m.some((s) => s.to === '+16465550144'), 30_000);
    expect(h.sms.attempts - attemptsBefore).toBe(3);
    const list = async (bookingId: string) =>
      (
        await h.t.request({
          method: 'GET',
          url: `/api/agents/messages?booking_id=${bookingId}`,
          token: pro.token,
        })
      ).json() as { data: { channel: string; status: string; attempts: number }[]; failedCount: number };
    expect(
      await eventually(async () =>
        (await list(ok.id)).data.find((m) => m.channel === 'sms' && m.status === 'sent'),
      ),
    ).toMatchObject({ status: 'sent', attempts: 3 });
    // The buyer's e-mail went out on the first attempt and was not repeated by the retries.
    expect(h.smtp.to(leeEmail)).toHaveLength(1);

    h.sms.failAlways(true);
    const doomed = await book(pro, slot(3), {
      client_email: buyer('max'),
      client_phone: '+1 646 555 0155',
      sms_consent: true,
    });
    const failed = await eventually(
      async () => (await list(doomed.id)).data.find((m) => m.channel === 'sms' && m.status === 'failed'),
      30_000,
    );
    // NOTIFY_RETRY_LIMIT=2: the first try and two retries.
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await list(doomed.id)).failedCount).toBeGreaterThanOrEqual(1);
  }, 60_000);
});

describe('the feedback request and the feedback it leads to', () => {
  it('goes out an hour after the showing; its link opens the page, stores one answer per booking, and the agent sees it', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'America/New_York', availability: ALL_DAY });
    const propertyId = await makeProperty(h.t, agent.id, { address: '9 Harbor Lane' });
    const email = buyer('noor');
    const realNow = Date.now();
    h.clock.set(new Date(realNow - 2 * DAY));
    const showing = slotBetween(new Date(realNow - 3 * HOUR), new Date(realNow - 2 * HOUR), agent.timeZone);
    // Booked by a buyer's agent for their client (issue 32 §5): the request goes to both.
    const buyerAgentEmail = buyer('robin-agent');
    const booked = await book(agent, showing, {
      client_email: email,
      property_id: propertyId,
      buyer_agent: {
        name: 'Robin Realtor',
        brokerage: 'Harbor Homes',
        licence_number: 'NY-10492',
        phone: '+1 212 555 0142',
        email: buyerAgentEmail,
      },
    });
    const [job] = (await jobsOf(h.t, booked.id)).filter((j) => j.event === 'feedback_request');
    expect(job!.startAfter!.getTime()).toBe(Date.parse(booked.starts_at) + 30 * MINUTE + HOUR);

    h.clock.set(null);
    await h.startWorkers();
    await h.smtp.waitFor(
      () =>
        h.smtp.to(email).some((m) => m.subject.startsWith('How was')) &&
        h.smtp.to(email).some((m) => m.subject.startsWith('Confirmed')) &&
        h.smtp.to(buyerAgentEmail).some((m) => m.subject.startsWith('How was')),
    );
    await sleep(1500);
    const request = h.smtp.to(email).find((m) => m.subject.startsWith('How was'))!;
    expect(request.subject).toBe('How was your visit to 9 Harbor Lane?');
    // Its reminders were due too, but the showing had started: none went out.
    expect(
      h.smtp
        .to(email)
        .map((m) => m.subject.split(':')[0])
        .sort(),
    ).toEqual(['Confirmed', 'How was your visit to 9 Harbor Lane?']);
    // The buyer's agent gets the feedback request addressed to them, with the same link — and (issue 39) the
    // buyer's other e-mails about the showing: its confirmation.
    await h.smtp.waitFor(() => h.smtp.to(buyerAgentEmail).length >= 2);
    const forAgent = h.smtp.to(buyerAgentEmail);
    expect(forAgent.map((m) => m.subject.split(':')[0]).sort()).toEqual([
      'Confirmed',
      'How was your visit to 9 Harbor Lane?',
    ]);
    const agentRequest = forAgent.find((m) => m.subject.startsWith('How was'))!;
    expect(textOf(agentRequest)).toContain('Robin');
    expect(textOf(agentRequest)).toContain(
      textOf(request).match(/http:\/\/keyturn\.test\/feedback\/\S+/)![0],
    );
    const link = /http:\/\/keyturn\.test\/feedback\/([A-Za-z0-9_-]+)/.exec(textOf(request));
    expect(link).not.toBeNull();
    const publicId = link![1]!;
    const [row] = await h.t.database.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(publicId).toBe(row!.publicId);
    expect(publicId).not.toBe(booked.id);

    const view = await h.t.request({ method: 'GET', url: `/api/feedback/public/${publicId}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      showing: { property: { address: '9 Harbor Lane' }, booking_time: showing.booking_time },
      questions: { ask_price_opinion: true, ask_second_showing: true },
      feedback: null,
      open: true,
    });

    const put = (payload: object) =>
      h.t.request({ method: 'PUT', url: `/api/feedback/public/${publicId}`, payload });
    const invalid = await put({ rating: 7, interest_level: 'very_interested' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toHaveProperty('rating');
    const missing = await put({ rating: 4, interest_level: 'very_interested' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['price_opinion', 'second_showing']);

    const answers = {
      rating: 4,
      interest_level: 'very_interested',
      price_opinion: 'fair',
      liked: 'The light in the kitchen',
      disliked: 'Street noise',
      second_showing: true,
      comments: 'Could we come back on a weekend?',
    };
    const first = await put(answers);
    expect(first.statusCode).toBe(201);
    const second = await put({ ...answers, rating: 5, second_showing: false });
    expect(second.statusCode).toBe(200);

    const list = await h.t.request({ method: 'GET', url: '/api/feedback', token: agent.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    const item = list.json().data[0];
    expect(item).toMatchObject({
      booking_id: booked.id,
      rating: 5,
      second_showing: false,
      price_opinion: 'fair',
      liked: 'The light in the kitchen',
      source: 'buyer',
      property: { address: '9 Harbor Lane' },
    });

    // The agent's note, reading, another agent's 404, and deletion.
    const noted = await h.t.request({
      method: 'PUT',
      url: `/api/feedback/${item.id}`,
      token: agent.token,
      payload: { agent_note: 'Call back Friday' },
    });
    expect(noted.json().data.agent_note).toBe('Call back Friday');
    const stranger = await makeAgent(h.t, { timeZone: 'UTC' });
    expect(
      (await h.t.request({ method: 'GET', url: `/api/feedback/${item.id}`, token: stranger.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await h.t.request({ method: 'DELETE', url: `/api/feedback/${item.id}`, token: stranger.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await h.t.request({ method: 'DELETE', url: `/api/feedback/${item.id}`, token: agent.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await h.t.request({ method: 'GET', url: '/api/feedback', token: agent.token })).json().data,
    ).toEqual([]);
    expect((await h.t.request({ method: 'GET', url: '/api/feedback/public/nope' })).statusCode).toBe(404);
  });

  it('the agent can record feedback they collected themselves, once per booking', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'UTC', availability: ALL_DAY });
    const booked = await book(
      agent,
      slotBetween(new Date(Date.now() + 2 * DAY), new Date(Date.now() + 3 * DAY), 'UTC'),
      {
        client_email: buyer('ola'),
      },
    );
    const body = {
      booking_id: booked.id,
      rating: 3,
      interest_level: 'somewhat_interested',
      agent_note: 'By phone',
    };
    const created = await h.t.request({
      method: 'POST',
      url: '/api/feedback',
      token: agent.token,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ source: 'agent', rating: 3, agent_note: 'By phone' });
    const again = await h.t.request({
      method: 'POST',
      url: '/api/feedback',
      token: agent.token,
      payload: body,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe("the agent's Sent messages", () => {
  type Listed = {
    id: string;
    kind: string;
    status: string;
    transport: string | null;
    file_name: string | null;
    attempts: number;
    last_error: string | null;
    dismissed_at: string | null;
  };
  const listOf = async (agent: TestAgent, query = '') => {
    const res = await h.t.request({ method: 'GET', url: `/api/agents/messages${query}`, token: agent.token });
    expect(res.statusCode).toBe(200);
    return res.json() as { data: Listed[]; failedCount: number };
  };

  it('file mode (no SMTP_URL): each e-mail is an .eml the agent can open in the list — subject, body, calendar file', async () => {
    await h.startWorkers({
      mailer: createMailer({ smtpUrl: undefined, outbox: databaseOutbox(h.t.database.db) }),
    });
    const agent = await makeAgent(h.t, { timeZone: 'America/New_York', availability: ALL_DAY });
    await h.t.database.db.update(agents).set({ logoUrl: '/uploads/logo.png' }).where(eq(agents.id, agent.id));
    const propertyId = await makeProperty(h.t, agent.id, { address: '14 Orchard Row' });
    const email = buyer('ivy');
    const slot = slotBetween(new Date(Date.now() + 2 * DAY), new Date(Date.now() + 3 * DAY), agent.timeZone);
    await book(agent, slot, { client_email: email, property_id: propertyId });

    const listed = await eventually(async () => {
      const { data } = await listOf(agent);
      return data.length === 2 && data.every((m) => m.status === 'sent') ? data : undefined;
    });
    expect(listed).toBeDefined();
    const confirmation = listed!.find((m) => m.kind === 'booking_created.buyer.email')!;
    expect(confirmation).toMatchObject({ transport: 'file', dismissed_at: null });
    expect(confirmation.file_name).toMatch(/\.eml$/);
    // Nothing reached the SMTP server: it was kept in the outbox.
    expect(h.smtp.to(email)).toEqual([]);

    const detail = await h.t.request({
      method: 'GET',
      url: `/api/agents/messages/${confirmation.id}`,
      token: agent.token,
    });
    expect(detail.statusCode).toBe(200);
    const { content } = detail.json().data as {
      content: {
        to: string;
        subject: string;
        text: string;
        html: string;
        attachments: { filename: string; content_type: string }[];
      };
    };
    expect(content.to).toBe(email);
    expect(content.subject).toMatch(/^Confirmed: 14 Orchard Row on /);
    expect(content.text).toContain('Please arrive 5 minutes early.');
    expect(content.html).toContain('Please arrive 5 minutes early.');
    // The preview loads the logo from the host the dashboard is opened on; links stay as sent (issue 19).
    expect(content.html).toContain('src="/uploads/logo.png"');
    expect(content.html).not.toContain(`src="${PUBLIC_URL}`);
    expect(content.html).toContain(`href="${PUBLIC_URL}/`);
    expect(content.attachments).toEqual([
      expect.objectContaining({ content_type: 'text/calendar', filename: expect.stringMatching(/\.ics$/) }),
    ]);
    const raw = await h.t.request({
      method: 'GET',
      url: `/api/agents/messages/${confirmation.id}/raw`,
      token: agent.token,
    });
    expect(raw.headers['content-type']).toContain('message/rfc822');
    expect(raw.body).toContain('Subject: Confirmed: 14 Orchard Row');

    // Another agent's message, or no message at all, answers 404.
    const stranger = await makeAgent(h.t, { timeZone: 'UTC' });
    for (const url of [`/api/agents/messages/${confirmation.id}`, '/api/agents/messages/not-a-uuid']) {
      expect((await h.t.request({ method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
    }
    expect(
      (await h.t.request({ method: 'GET', url: `/api/agents/messages/${confirmation.id}` })).statusCode,
    ).toBe(401);
  });

  it('a message delivered over SMTP is listed without a stored copy', async () => {
    await h.startWorkers();
    const agent = await makeAgent(h.t, { timeZone: 'UTC', availability: ALL_DAY });
    const email = buyer('jude');
    const slot = slotBetween(new Date(Date.now() + 2 * DAY), new Date(Date.now() + 3 * DAY), 'UTC');
    await book(agent, slot, { client_email: email });
    const sent = await eventually(async () =>
      (await listOf(agent)).data.find((m) => m.kind === 'booking_created.buyer.email' && m.status === 'sent'),
    );
    const detail = await h.t.request({
      method: 'GET',
      url: `/api/agents/messages/${sent!.id}`,
      token: agent.token,
    });
    expect(detail.json().data).toMatchObject({ transport: 'smtp', file_name: null, content: null });
  });

  it('a failure after the last attempt: counted for the notice, dismissed by the agent, sent again once on request', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'UTC', availability: ALL_DAY });
    const email = buyer('kit');
    const real = createMailer({ smtpUrl: h.smtp.url, outbox: databaseOutbox(h.t.database.db) });
    const down: Mailer = {
      transport: 'smtp',
      close: () => {},
      send: async (mail) => {
        if (mail.to === email) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
        return real.send(mail);
      },
    };
    await h.startWorkers({ mailer: down });
    const slot = slotBetween(new Date(Date.now() + 2 * DAY), new Date(Date.now() + 3 * DAY), 'UTC');
    await book(agent, slot, { client_email: email });
    const failed = await eventually(async () => (await listOf(agent, '?status=failed')).data[0], 30_000);
    // NOTIFY_RETRY_LIMIT=2: the first try and two retries, the reason kept for the agent.
    expect(failed).toMatchObject({
      kind: 'booking_created.buyer.email',
      status: 'failed',
      attempts: 3,
      last_error: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
    expect((await listOf(agent)).failedCount).toBe(1);
    await h.stopWorkers();

    // Dismissing hides the notice; the message stays listed as failed.
    const dismiss = await h.t.request({
      method: 'POST',
      url: '/api/agents/messages/dismiss-failures',
      token: agent.token,
    });
    expect(dismiss.json()).toEqual({ success: true, dismissed: 1 });
    const afterDismiss = await listOf(agent, '?status=failed');
    expect(afterDismiss.failedCount).toBe(0);
    expect(afterDismiss.data[0]).toMatchObject({ id: failed!.id, status: 'failed' });
    expect(afterDismiss.data[0]!.dismissed_at).not.toBeNull();

    // Another agent can neither send it again nor dismiss it.
    const stranger = await makeAgent(h.t, { timeZone: 'UTC' });
    const theirs = await h.t.request({
      method: 'POST',
      url: `/api/agents/messages/${failed!.id}/retry`,
      token: stranger.token,
    });
    expect(theirs.statusCode).toBe(404);

    // "Send again" once the mail server is back: delivered exactly once, with the same Message-ID.
    await h.startWorkers();
    const retry = await h.t.request({
      method: 'POST',
      url: `/api/agents/messages/${failed!.id}/retry`,
      token: agent.token,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ id: failed!.id, status: 'retrying', dismissed_at: null });
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    const resent = await eventually(async () =>
      (await listOf(agent)).data.find((m) => m.id === failed!.id && m.status === 'sent'),
    );
    expect(resent).toMatchObject({ status: 'sent', last_error: null });
    expect(h.smtp.to(email)[0]!.subject).toMatch(/^Confirmed: /);
    // The agent's own notice had gone out the first time and is not repeated.
    const agentAddress = await agentEmail(h.t, agent.id);
    expect(h.smtp.to(agentAddress)).toHaveLength(1);

    // Only a failed message can be sent again.
    const twice = await h.t.request({
      method: 'POST',
      url: `/api/agents/messages/${failed!.id}/retry`,
      token: agent.token,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'NOT_FAILED' });
    await sleep(1500);
    expect(h.smtp.to(email)).toHaveLength(1);
  }, 60_000);
});

describe('changing the reminder times', () => {
  it('upcoming bookings get a newly added reminder time at once, sent when due; saving again schedules nothing twice', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'UTC', availability: ALL_DAY });
    const email = buyer('lane');
    const realNow = Date.now();
    // Made an hour "ago", for two hours from now: of the defaults only the 1-hour reminder is ahead.
    h.clock.set(new Date(realNow - HOUR));
    const booked = await bookAt(h.t, agent, minutesFromNow(2 * HOUR), { client_email: email });
    const start = Date.parse(booked.starts_at);
    const reminderJobs = async () =>
      (await jobsOf(h.t, booked.id))
        .filter((j) => j.event === 'reminder')
        .map((j) => j.data?.offsetMinutes)
        .sort();
    expect(await reminderJobs()).toEqual([60]);

    // The agent now reminds 3 hours and 1 day before, and no longer 1 hour before.
    const save = await h.t.request({
      method: 'PUT',
      url: '/api/agents/notifications',
      token: agent.token,
      payload: remindersOnly([180, 1440]),
    });
    expect(save.statusCode).toBe(200);
    // 3 hours before is still ahead of the (moved) clock; a day before had passed before the booking was made.
    const jobs = (await jobsOf(h.t, booked.id)).filter((j) => j.event === 'reminder');
    expect(jobs.map((j) => [j.data?.offsetMinutes, j.startAfter?.getTime()]).sort()).toEqual(
      [
        [180, start - 3 * HOUR],
        [60, start - HOUR],
      ].sort(),
    );
    // Saving the same times again schedules nothing twice.
    await h.t.request({
      method: 'PUT',
      url: '/api/agents/notifications',
      token: agent.token,
      payload: save.json().data,
    });
    expect(await reminderJobs()).toEqual([180, 60].sort());

    // The 3-hour reminder is due now (real time): it is sent; the 1-hour one, when it comes, will send nothing.
    h.clock.set(null);
    await h.startWorkers();
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    expect(h.smtp.to(email)[0]!.subject).toMatch(/^Reminder: .* in 3 hours — /);
  });
});

function agentName(agent: TestAgent): string {
  return agent.username.replace(/^jamie-agent-(\d+)-.*$/, 'Agent$1');
}
