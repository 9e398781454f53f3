// What the notification tests share: an app on a fresh database whose mail goes to a real SMTP server and
// whose texts go to a Twilio-shaped server (both on 127.0.0.1), in-process workers started on demand, a clock
// the test sets, and slot arithmetic for bookings at a chosen instant.
import { SMS_CONSENT_VERSION } from '@keyturn/domain/texts/consent';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AgentAvailability } from '@keyturn/domain/schemas/availability';
import { wallClockInZone } from '@keyturn/domain/time';
import { agents, bookings, notificationJobs } from '../../src/db/schema';
import { startWorkers, type Workers } from '../../src/compose-workers';
import type { Mailer } from '../../src/adapters/mail';
import type { SmsSender } from '../../src/adapters/sms';
import { createTestApp, type TestApp } from '../app';
import { bookingPayload, type TestAgent } from '../fixtures';
import { startSmsProvider, type TestSmsProvider } from './sms-provider';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';
import { TEXTS_ON } from './texts-on';

export const PUBLIC_URL = 'http://keyturn.test';
export const MAIL_FROM = 'Keyturn <no-reply@keyturn.test>';
export const SMS_FROM = '+15005550006';

/** Bookable around the clock: tests book at the instant they need. */
export const ALL_DAY: AgentAvailability = {
  days: [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => ({
    day_of_week,
    is_available: true,
    intervals: [{ start: '00:00', end: '23:59' }],
  })),
  overrides: [],
  minimum_notice_minutes: 0,
  buffer_minutes: 0,
  requires_approval: false,
};

export type Clock = { now: () => Date; set: (at: Date | null) => void };

/** The real time unless set: the tests move "now" to the past to make bookings whose messages are due now. */
export function testClock(): Clock {
  let at: Date | null = null;
  return { now: () => at ?? new Date(), set: (d) => (at = d) };
}

/** Notification settings with only the buyer's reminder e-mails on (at the given times). */
export function remindersOnly(offsets: number[]) {
  return {
    buyer_confirmation_email: false,
    agent_new_booking_email: false,
    reminder_emails: true,
    reminder_offsets_minutes: offsets,
    sms_reminders: false,
    feedback_request_email: false,
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * A 30-minute-grid slot starting in [from, to), as the §3 payload's booking_date and booking_time in `timeZone`,
 * whose local start leaves room for the whole appointment before midnight.
 */
export function slotBetween(from: Date, to: Date, timeZone: string) {
  const grid = 30 * MINUTE;
  for (let t = Math.ceil(from.getTime() / grid) * grid; t < to.getTime(); t += grid) {
    const wall = wallClockInZone(new Date(t), timeZone);
    if (wall.time <= '23:00') {
      return { booking_date: wall.date, booking_time: wall.time, startsAt: new Date(t) };
    }
  }
  throw new Error(`no slot between ${from.toISOString()} and ${to.toISOString()} in ${timeZone}`);
}

/** The first whole minute at least `ms` from now: a showing time for the agent API, which takes any minute. */
export function minutesFromNow(ms: number): Date {
  return new Date(Math.ceil((Date.now() + ms) / MINUTE) * MINUTE);
}

export type Booked = {
  id: string;
  manage_token: string;
  starts_at: string;
  booking_date: string;
  booking_time: string;
};

/**
 * The agent books a buyer in at exactly `at` (POST /api/bookings: any future minute of the agent's calendar,
 * so the tests need no slot grid), as of the app's clock.
 */
export async function bookAt(
  t: TestApp,
  agent: TestAgent,
  at: Date,
  overrides: Record<string, unknown> = {},
): Promise<Booked> {
  const wall = wallClockInZone(at, agent.timeZone);
  // `sms_consent: true`: the buyer agreed to texts (issue 33) — the agent's form has no such box, so it is
  // recorded on the row as the booking page records it.
  const { sms_consent: smsConsent, ...fields } = overrides;
  const res = await t.request({
    method: 'POST',
    url: '/api/bookings',
    token: agent.token,
    payload: bookingPayload(agent.id, { booking_date: wall.date, booking_time: wall.time, ...fields }),
  });
  if (res.statusCode !== 201) throw new Error(`agent booking failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { id: string; starts_at: string };
  if (smsConsent === true) {
    await t.database.db
      .update(bookings)
      .set({ smsConsentVersion: SMS_CONSENT_VERSION, smsConsentAt: new Date() })
      .where(eq(bookings.id, data.id));
  }
  const [row] = await t.database.db
    .select({ manageToken: bookings.manageToken })
    .from(bookings)
    .where(eq(bookings.id, data.id));
  return { ...data, manage_token: row!.manageToken, booking_date: wall.date, booking_time: wall.time };
}

export type NotifyHarness = {
  t: TestApp;
  clock: Clock;
  smtp: TestSmtpServer;
  sms: TestSmsProvider;
  startWorkers: (options?: { mailer?: Mailer; sms?: SmsSender }) => Promise<Workers>;
  stopWorkers: () => Promise<void>;
  close: () => Promise<void>;
};

export async function notifyHarness(
  env: Record<string, string> = {},
  options: {
    /** The SMS provider is left out of the environment: the test saves it in Server settings. */
    textsFromServerSettings?: boolean;
  } = {},
): Promise<NotifyHarness> {
  // Account mail (the verification link every sign-up sends) is accepted and set aside: these tests count the
  // showing messages an address receives.
  const smtp = await startSmtpServer({
    setAside: [
      ACCOUNT_TEXTS.verifyMail.subject,
      ACCOUNT_TEXTS.changeMail.subject,
      ACCOUNT_TEXTS.resetMail.subject,
    ],
  });
  const sms = await startSmsProvider();
  const clock = testClock();
  const smsEnv: Record<string, string> = options.textsFromServerSettings
    ? {}
    : {
        SMS_PROVIDER_URL: sms.url,
        SMS_ACCOUNT_SID: sms.accountSid,
        SMS_AUTH_TOKEN: sms.authToken,
        SMS_FROM,
      };
  const t = await createTestApp({
    now: clock.now,
    env: {
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      MAIL_FROM,
      ...smsEnv,
      JOBS_POLL_SECONDS: '0.5',
      JOBS_MAINTENANCE_SECONDS: '1',
      NOTIFY_RETRY_LIMIT: '2',
      NOTIFY_RETRY_DELAY_SECONDS: '1',
      NOTIFY_SEND_TIMEOUT_SECONDS: '5',
      // The stand-in SMS provider listens on 127.0.0.1, which the outbound guard refuses by default.
      ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true',
      ...env,
    },
  });
  const running: Workers[] = [];
  const stopWorkers = async () => {
    for (const w of running.splice(0)) await w.stop();
  };
  return {
    t,
    clock,
    smtp,
    sms,
    startWorkers: async (adapters) => {
      const quiet = { info: () => {}, warn: () => {}, error: () => {} };
      const w = await startWorkers({
        config: t.config,
        db: t.database.db,
        now: clock.now,
        adapters,
        log: quiet,
      });
      running.push(w);
      return w;
    },
    stopWorkers,
    close: async () => {
      await stopWorkers();
      await t.close();
      await smtp.close();
      await sms.close();
    },
  };
}

/**
 * One harness for a test file: made before its tests, closed after them, and after each test its workers
 * stopped, the clock back to real time and the SMS server answering again. Read it through the getter.
 */
export function notifyHarnessPerFile(): () => NotifyHarness {
  let h: NotifyHarness | undefined;
  beforeAll(async () => {
    h = await notifyHarness();
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async () => {
    await h!.stopWorkers();
    h!.clock.set(null);
    h!.sms.failAlways(false);
    h!.sms.failNext(0);
  });
  return () => h!;
}

export async function agentEmail(t: TestApp, agentId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ email: agents.email })
    .from(agents)
    .where(eq(agents.id, agentId));
  return row!.email;
}

/** The pg-boss jobs a booking scheduled, with their state and start time. */
export async function jobsOf(t: TestApp, bookingId: string) {
  const rows = await t.database.db
    .select()
    .from(notificationJobs)
    .where(eq(notificationJobs.bookingId, bookingId));
  const states = await t.database.db.execute<{ id: string; state: string; start_after: Date; data: unknown }>(
    sql`select id, state, start_after, data from pgboss.job where name = 'notifications' and id = any(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[])`,
  );
  return rows.map((r) => {
    const job = states.rows.find((s) => s.id === r.id);
    return {
      event: r.event,
      scheduledFor: r.scheduledFor,
      state: job?.state ?? 'archived',
      startAfter: job ? new Date(job.start_after) : null,
      data: job?.data as Record<string, unknown> | undefined,
    };
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An iCalendar file's VEVENTs as maps of property name → value (lines unfolded). */
export function parseIcs(text: string): { method: string | undefined; events: Map<string, string>[] } {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: Map<string, string>[] = [];
  let method: string | undefined;
  let current: Map<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).split(';')[0]!;
      const value = line.slice(colon + 1);
      if (current) current.set(name, value);
      else if (name === 'METHOD') method = value;
    }
  }
  return { method, events };
}

/** 20300108T150000Z */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** Switches texts on for a Professional/Enterprise agent (Settings → Notifications), reminders a day and an hour ahead. */
export async function enableTexts(t: TestApp, agent: { token: string }): Promise<void> {
  const res = await t.request({
    method: 'PUT',
    url: '/api/agents/notifications',
    token: agent.token,
    payload: TEXTS_ON,
  });
  if (res.statusCode !== 200) throw new Error(`texts not switched on: ${res.statusCode} ${res.body}`);
}
