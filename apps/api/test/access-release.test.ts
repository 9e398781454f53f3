// Issue 32 §3 on a real database: a property's access details are stored sealed, released by a job of the
// durable queue N minutes before a confirmed showing (read when it runs: never an old code, nothing for a
// cancelled showing), shown on the manage page only from then until the showing ends, every release logged —
// and never in any other answer, webhook, CSV export or log line. The clock is the notification tests' one.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  accessReleases,
  notificationMessages,
  propertyAccess,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/db/schema';
import { runAccessReleaseJob, type AccessReleaseJobData } from '../src/modules/access/release-mail';
import { accessBoxOf } from '../src/modules/access/service';
import { createMailer } from '../src/adapters/mail';
import { databaseOutbox } from '../src/adapters/outbox';
import { wallClockInZone } from '@keyturn/domain/time';
import { startOfDayInZone } from '@keyturn/domain/zoneDays';
import { createTestApp, type TestApp } from './app';
import { sayTo } from './assistant/talk';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import {
  ALL_DAY,
  bookAt,
  MINUTE,
  MAIL_FROM,
  notifyHarness,
  PUBLIC_URL,
  type NotifyHarness,
} from './support/notify';

const CODE = 'LOCKBOX-4729';
const ALARM = 'ALARM-PIN-7731';
const access = (lockboxCode: string) => ({
  lockboxCode,
  alarm: ALARM,
  parking: 'Driveway on the left',
  pets: 'A friendly cat: keep the door shut',
  entryNotes: 'Side gate, key in the blue box',
  releaseMinutes: 60,
});

let h: NotifyHarness;
let agent: TestAgent;
let seq = 0;
const buyer = () => `access.buyer.${++seq}.${Date.now()}@buyers.test`;

beforeAll(async () => {
  h = await notifyHarness();
  agent = await makeAgent(h.t, { plan: 'enterprise', availability: ALL_DAY });
});
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  await h.stopWorkers();
  h.clock.set(null);
});

const putAccess = (propertyId: number, body: object, token = agent.token) =>
  h.t.request({ method: 'PUT', url: `/api/properties/${propertyId}/access`, token, payload: body });
const manageAccess = (token: string) =>
  h.t.request({ method: 'GET', url: `/api/booking/manage/access?token=${token}` });

/**
 * A showing on the 30-minute grid, between `minutes` − 30 and `minutes` from now: with 50, its release (60
 * minutes before) is already past on the database's clock, so the queue runs the job at once.
 */
const showingIn = (minutes: number) =>
  new Date(Math.floor((Date.now() + minutes * MINUTE) / (30 * MINUTE)) * 30 * MINUTE);

const jobDeps = () => ({
  db: h.t.database.db,
  mailer: createMailer({ smtpUrl: h.smtp.url, outbox: databaseOutbox(h.t.database.db) }),
  publicUrl: PUBLIC_URL,
  mailFrom: MAIL_FROM,
  box: accessBoxOf(h.t.config),
  now: h.clock.now,
});
const jobFor = (bookingId: string, startsAt: Date): AccessReleaseJobData => ({
  kind: 'access.release',
  bookingId,
  startsAt: startsAt.toISOString(),
  releaseAt: new Date(startsAt.getTime() - 60 * MINUTE).toISOString(),
});
const once = { retryCount: 0, retryLimit: 2 };

describe('access details: released at the right time, to the confirmed buyer only', () => {
  it('are stored sealed; before the window no answer, webhook or CSV carries them; the queued message sends them 60 minutes before, once; the manage page shows them until the showing ends; every release is logged', async () => {
    const propertyId = await makeProperty(h.t, agent.id, { address: '8 Access Lane' });
    await h.t.database.db.insert(webhookEndpoints).values({
      agentId: agent.id,
      url: 'http://127.0.0.1:9/hook',
      events: ['booking.created', 'booking.confirmed', 'booking.cancelled', 'booking.rescheduled'],
      secret: 'whsec_test',
    });
    const saved = await putAccess(propertyId, access(CODE));
    expect(saved.statusCode).toBe(200);
    const read = await h.t.request({
      method: 'GET',
      url: `/api/properties/${propertyId}/access`,
      token: agent.token,
    });
    expect(read.json().data).toMatchObject({ lockboxCode: CODE, alarm: ALARM, releaseMinutes: 60 });
    const [stored] = await h.t.database.db
      .select()
      .from(propertyAccess)
      .where(eq(propertyAccess.propertyId, propertyId));
    expect(stored!.sealed).toMatch(/^v1\./);
    expect(stored!.sealed).not.toContain(CODE);

    // Booked 90 minutes before the showing: the window is not open yet.
    const startsAt = showingIn(50);
    h.clock.set(new Date(startsAt.getTime() - 90 * MINUTE));
    const email = buyer();
    const booked = await bookAt(h.t, agent, startsAt, { property_id: propertyId, client_email: email });

    const answers = [
      await h.t.request({ method: 'GET', url: `/api/booking/manage?token=${booked.manage_token}` }),
      await h.t.request({ method: 'GET', url: `/api/bookings/${booked.id}`, token: agent.token }),
      await h.t.request({ method: 'GET', url: '/api/bookings', token: agent.token }),
      await h.t.request({ method: 'GET', url: `/api/properties/${propertyId}`, token: agent.token }),
      await h.t.request({ method: 'GET', url: '/api/exports/bookings.csv', token: agent.token }),
      await h.t.request({ method: 'GET', url: '/api/exports/leads.csv', token: agent.token }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(CODE);
      expect(res.body).not.toContain(ALARM);
    }
    const before = await manageAccess(booked.manage_token);
    expect(before.json()).toEqual({
      success: true,
      access: null,
      available_from: new Date(startsAt.getTime() - 60 * MINUTE).toISOString(),
    });
    const { rows: queued } = await h.t.database.db.execute<{ start_after: Date }>(
      sql`select start_after from pgboss.job where name = 'notifications' and data->>'kind' = 'access.release' and data->>'bookingId' = ${booked.id}`,
    );
    expect(queued.map((r) => new Date(r.start_after).toISOString())).toEqual([
      new Date(startsAt.getTime() - 60 * MINUTE).toISOString(),
    ]);

    // 60 minutes before (already past on the database's clock, so the queue runs the job now).
    h.clock.set(new Date(startsAt.getTime() - 59 * MINUTE));
    await h.startWorkers();
    await h.smtp.waitFor(() => h.smtp.to(email).some((m) => m.subject.startsWith('Getting in')));
    const released = h.smtp.to(email).filter((m) => m.subject.startsWith('Getting in'));
    expect(released).toHaveLength(1);
    expect(released[0]!.subject).toMatch(/^Getting in: 8 Access Lane at \d{1,2}:\d\d [AP]M$/);
    expect(released[0]!.subject).not.toContain(CODE);
    expect(released[0]!.parsed.text).toContain(CODE);
    expect(released[0]!.parsed.text).toContain(ALARM);
    await h.stopWorkers();
    // The same job again sends nothing: once per recipient.
    expect((await runAccessReleaseJob(jobDeps(), jobFor(booked.id, startsAt), once)).sent).toBe(0);

    const open = await manageAccess(booked.manage_token);
    expect(open.json().access).toMatchObject({ lockboxCode: CODE, alarm: ALARM });
    const log = await h.t.request({
      method: 'GET',
      url: `/api/bookings/${booked.id}/access-releases`,
      token: agent.token,
    });
    expect(log.statusCode).toBe(200);
    expect(
      log
        .json()
        .data.map((r: { channel: string; recipient: string; role: string }) => [
          r.channel,
          r.recipient,
          r.role,
        ])
        .sort(),
    ).toEqual([
      ['email', email, 'buyer'],
      ['page', email, 'buyer'],
    ]);

    // After the showing ends the page shows nothing again.
    h.clock.set(new Date(startsAt.getTime() + 31 * MINUTE));
    expect((await manageAccess(booked.manage_token)).json()).toMatchObject({
      access: null,
      available_from: null,
    });

    // Webhook bodies and message records never carry the details.
    const deliveries = await h.t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.agentId, agent.id));
    expect(deliveries.length).toBeGreaterThan(0);
    expect(JSON.stringify(deliveries)).not.toContain(CODE);
    const messages = await h.t.database.db
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.bookingId, booked.id));
    expect(messages.some((m) => m.kind === 'access.release')).toBe(true);
    expect(JSON.stringify(messages)).not.toContain(CODE);
  });

  it('a code changed after booking is sent in its new form only; a cancelled showing gets nothing', async () => {
    const propertyId = await makeProperty(h.t, agent.id, { address: '9 Access Lane' });
    await putAccess(propertyId, access('OLD-1111'));
    const startsAt = showingIn(6 * 60);
    h.clock.set(new Date(startsAt.getTime() - 3 * 60 * MINUTE));
    const kept = buyer();
    const gone = buyer();
    const one = await bookAt(h.t, agent, startsAt, { property_id: propertyId, client_email: kept });
    const two = await bookAt(h.t, agent, new Date(startsAt.getTime() + 60 * MINUTE), {
      property_id: propertyId,
      client_email: gone,
    });
    expect((await putAccess(propertyId, access('NEW-2222'))).statusCode).toBe(200);
    const cancel = await h.t.request({
      method: 'PUT',
      url: `/api/bookings/${two.id}`,
      token: agent.token,
      payload: { action: 'cancel' },
    });
    expect(cancel.statusCode).toBe(200);

    h.clock.set(new Date(startsAt.getTime() + 2 * MINUTE));
    expect(await runAccessReleaseJob(jobDeps(), jobFor(one.id, startsAt), once)).toEqual({ sent: 1 });
    const twoStart = new Date(startsAt.getTime() + 60 * MINUTE);
    expect(await runAccessReleaseJob(jobDeps(), jobFor(two.id, twoStart), once)).toEqual({
      sent: 0,
      skipped: 'the booking is cancelled',
    });
    await h.smtp.waitFor(() => h.smtp.to(kept).some((m) => m.subject.startsWith('Getting in')));
    const text = h.smtp.to(kept).find((m) => m.subject.startsWith('Getting in'))!.parsed.text ?? '';
    expect(text).toContain('NEW-2222');
    expect(text).not.toContain('OLD-1111');
    expect(h.smtp.to(gone).filter((m) => m.subject.startsWith('Getting in'))).toEqual([]);
    expect(
      await h.t.database.db.select().from(accessReleases).where(eq(accessReleases.bookingId, two.id)),
    ).toEqual([]);
    expect((await manageAccess(two.manage_token)).json().access).toBeNull();
  });

  it("a Spanish booking's buyer gets the details in Spanish: words, date, labels, the link with lang=es (issue 43)", async () => {
    const propertyId = await makeProperty(h.t, agent.id, { address: '10 Access Lane' });
    await putAccess(propertyId, access('ES-3333'));
    const startsAt = showingIn(10 * 60);
    h.clock.set(new Date(startsAt.getTime() - 3 * 60 * MINUTE));
    const email = buyer();
    const booked = await bookAt(h.t, agent, startsAt, { property_id: propertyId, client_email: email });
    await h.t.database.db.execute(sql`update bookings set locale = 'es' where id = ${booked.id}`);

    h.clock.set(new Date(startsAt.getTime() - 30 * MINUTE));
    expect(await runAccessReleaseJob(jobDeps(), jobFor(booked.id, startsAt), once)).toEqual({ sent: 1 });
    await h.smtp.waitFor(() => h.smtp.to(email).some((m) => m.subject.startsWith('Cómo entrar')));
    const mail = h.smtp.to(email).find((m) => m.subject.startsWith('Cómo entrar'))!;
    expect(mail.subject).toMatch(/^Cómo entrar: 10 Access Lane, \d{1,2}:\d{2}\s[ap]\.\s?m\.$/);
    const text = mail.parsed.text ?? '';
    expect(text).toMatch(
      /^Cómo entrar\n\nHola, Casey:\n\nSu visita a 10 Access Lane es el (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}, /,
    );
    expect(text).toContain('Le rogamos que no comparta estos datos con nadie.');
    expect(text).toMatch(/Código de la caja de llaves o del teclado\s+ES-3333/);
    expect(text).toContain('Estos datos son solo para esta visita.');
    expect(text).toMatch(/Abrir su reserva: http:\/\/keyturn\.test\/booking\/manage\?token=\S+&lang=es\n/);
    expect(typeof mail.parsed.html === 'string' && mail.parsed.html).toContain('<html lang="es">');
  });

  it("a moved showing: the old time's job sends nothing; the new booking's job is queued at its own release time", async () => {
    const propertyId = await makeProperty(h.t, agent.id, { address: '10 Access Lane' });
    await putAccess(propertyId, access('MOVE-3333'));
    // 10 AM on the agent's clock two days on, moved to noon: inside their hours (00:00–23:59) whatever the hour the
    // suite runs at (nine hours from now moved two later fell on 23:30 when run near 17:30 UTC: refused).
    const day = wallClockInZone(new Date(Date.now() + 2 * 24 * 60 * MINUTE), agent.timeZone).date;
    const startsAt = new Date(startOfDayInZone(day, agent.timeZone).getTime() + 10 * 60 * MINUTE);
    // A day and more before the showing: on the agent's clock the old and the new time are on a later date
    // than today, whatever the hour the suite runs at (the booking window starts tomorrow; three hours before
    // made this test fail whenever both fell on the clock's own date).
    h.clock.set(new Date(startsAt.getTime() - 26 * 60 * MINUTE));
    const email = buyer();
    const first = await bookAt(h.t, agent, startsAt, { property_id: propertyId, client_email: email });
    const later = new Date(startsAt.getTime() + 2 * 60 * MINUTE);
    const wall = wallClockInZone(later, agent.timeZone);
    const moved = await h.t.request({
      method: 'PUT',
      url: `/api/bookings/${first.id}/reschedule`,
      token: agent.token,
      payload: { booking_date: wall.date, booking_time: wall.time, reschedule_reason: 'The seller asked' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    h.clock.set(new Date(startsAt.getTime() - 30 * MINUTE));
    expect(await runAccessReleaseJob(jobDeps(), jobFor(first.id, startsAt), once)).toEqual({
      sent: 0,
      skipped: 'the booking is rescheduled',
    });
    const { rows } = await h.t.database.db.execute<{ start_after: Date; booking: string }>(
      sql`select start_after, data->>'bookingId' as booking from pgboss.job where name = 'notifications' and data->>'kind' = 'access.release' and data->>'bookingId' <> ${first.id} and data->>'startsAt' = ${later.toISOString()}`,
    );
    expect(rows.map((r) => new Date(r.start_after).toISOString())).toEqual([
      new Date(later.getTime() - 60 * MINUTE).toISOString(),
    ]);
    expect(h.smtp.to(email).filter((m) => m.subject.startsWith('Getting in'))).toEqual([]);
  });

  it("another agent's property and booking are 404 on every access route; Basic is refused; bad input is a 400 with fields", async () => {
    const propertyId = await makeProperty(h.t, agent.id);
    const other = await makeAgent(h.t, { plan: 'enterprise' });
    const startsAt = showingIn(24 * 60);
    const booked = await bookAt(h.t, agent, startsAt, { property_id: propertyId, client_email: buyer() });
    for (const res of [
      await h.t.request({ method: 'GET', url: `/api/properties/${propertyId}/access`, token: other.token }),
      await putAccess(propertyId, access('X'), other.token),
      await h.t.request({
        method: 'GET',
        url: `/api/bookings/${booked.id}/access-releases`,
        token: other.token,
      }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const basic = await makeAgent(h.t, { plan: 'basic' });
    const basicProperty = await makeProperty(h.t, basic.id);
    const refused = await putAccess(basicProperty, access('X'), basic.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PLAN_UPGRADE_REQUIRED');
    const bad = await putAccess(propertyId, { ...access('X'), releaseMinutes: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('releaseMinutes');
  });
});

describe('access details and the booking assistant', () => {
  it("the assistant's answers about a listing with access details never carry them", async () => {
    const propertyId = await makeProperty(h.t, agent.id, { address: '3 Keypad Close' });
    await putAccess(propertyId, access('ASSIST-8080'));
    const started = await h.t.request({
      method: 'POST',
      url: '/api/assistant/conversations',
      payload: { agent_id: agent.id },
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().conversation_id as string;
    const answers = [
      await sayTo(h.t, id, 'What is the lockbox code for 3 Keypad Close?'),
      await sayTo(h.t, id, 'How do I get in? Is there an alarm or a keypad code?'),
      await sayTo(h.t, id, 'I would like to see 3 Keypad Close tomorrow afternoon'),
    ];
    for (const answer of answers) {
      expect(answer.messages.length).toBeGreaterThan(0);
      expect(JSON.stringify(answer)).not.toContain('ASSIST-8080');
      expect(JSON.stringify(answer)).not.toContain(ALARM);
    }
  });
});

describe('access details in the logs', () => {
  let logged: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    logged = await createTestApp({
      database: h.t.database,
      logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
    });
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('saving, reading and releasing them writes no detail to any log line', async () => {
    const propertyId = await makeProperty(h.t, agent.id);
    lines.length = 0;
    const put = await logged.request({
      method: 'PUT',
      url: `/api/properties/${propertyId}/access`,
      token: agent.token,
      payload: access('LOGGED-5150'),
    });
    expect(put.statusCode).toBe(200);
    await logged.request({ method: 'GET', url: `/api/properties/${propertyId}/access`, token: agent.token });
    const bad = await logged.request({
      method: 'PUT',
      url: `/api/properties/${propertyId}/access`,
      token: agent.token,
      payload: { ...access('LOGGED-5150'), releaseMinutes: 'soon' },
    });
    expect(bad.statusCode).toBe(400);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain('LOGGED-5150');
  });
});
