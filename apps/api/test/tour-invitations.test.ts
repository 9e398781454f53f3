// Buyer tours (issue 16): the invitation e-mail goes through the notification queue (queued with the tour or
// by "E-mail the invitation", sent by the real workers to a real SMTP server on 127.0.0.1, in the agent's
// branding, the stops' times in the agent's zone), and a booked tour's bookings are shown linked in the
// agent's booking details — only the caller's own.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { isoDateInZone } from '@keyturn/domain/time';
import { startOfDayInZone } from '@keyturn/domain/zoneDays';
import { agents, bookings, notificationMessages } from '../src/db/schema';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { tokenOf, tourBuyerDetails } from './support/tours';
import { seedBooking } from './support/bookings';
import { ALL_DAY, DAY, HOUR, notifyHarness, PUBLIC_URL, type NotifyHarness } from './support/notify';

// Tokyo has no daylight saving: 10:00 there is 01:00 UTC, so a time shown in UTC would be plainly wrong.
const ZONE = 'Asia/Tokyo';
const A = { lat: 30.2672, lng: -97.7431 };
const B = { lat: 30.2672, lng: -97.5871 };

let h: NotifyHarness;
let agent: TestAgent;
let stranger: TestAgent;
let pa: number;
let pb: number;
const date = isoDateInZone(new Date(Date.now() + 3 * DAY), ZONE);
const at = (hours: number) => new Date(startOfDayInZone(date, ZONE).getTime() + hours * HOUR).toISOString();

beforeAll(async () => {
  h = await notifyHarness();
  agent = await makeAgent(h.t, { plan: 'pro', timeZone: ZONE, availability: ALL_DAY });
  stranger = await makeAgent(h.t, { plan: 'pro', timeZone: ZONE, availability: ALL_DAY });
  await h.t.database.db
    .update(agents)
    .set({ companyName: 'Harbour Homes', primaryColor: '#0e7490' })
    .where(eq(agents.id, agent.id));
  pa = await makeProperty(h.t, agent.id, { address: '1 Elm St', city: 'Austin', ...A });
  pb = await makeProperty(h.t, agent.id, { address: '12 Oak St', city: 'Austin', ...B });
});
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  await h.stopWorkers();
});

const stops = (first: number, second: number) => [
  { property_id: pa, starts_at: at(first) },
  { property_id: pb, starts_at: at(second) },
];
const save = (body: object, who = agent) =>
  h.t.request({ method: 'POST', url: '/api/tours', token: who.token, payload: { date, ...body } });
const invite = (id: string, body: object, who = agent) =>
  h.t.request({ method: 'POST', url: `/api/tours/${id}/invite`, token: who.token, payload: body });
/** The buyer books the whole tour from its link (the booking form's fields, once). */
const bookTour = (inviteUrl: string, email: string) =>
  h.t.request({
    method: 'POST',
    url: `/api/tour/${tokenOf(inviteUrl)}/book`,
    payload: tourBuyerDetails(agent.id, email),
  });
const tourJobs = (tourId: string) =>
  h.t.database.db.execute(
    sql`select id from pgboss.job where name = 'notifications' and data->>'tourId' = ${tourId}`,
  );

describe('the tour invitation e-mail (issue 16)', () => {
  it("saving a tour with the buyer's e-mail queues the invitation with the tour; the worker sends it branded, with the stops in the agent's zone and the one link", async () => {
    // Without an e-mail nothing is queued: the agent copies the link.
    const plain = await save({ stops: stops(10, 11.5) });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data.invitation_sent_to).toBeNull();
    expect((await tourJobs(plain.json().data.id)).rows).toHaveLength(0);
    // A bad address is refused and saves nothing.
    const bad = await save({ stops: stops(13, 14.5), invite_email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['invite_email']);

    const email = 'tour.buyer@buyers.test';
    const saved = await save({ stops: stops(13, 14.5), invite_email: email });
    expect(saved.statusCode).toBe(201);
    const { id, invite_url: url } = saved.json().data;
    expect(saved.json().data.invitation_sent_to).toBe(email);
    // Durable: the job was committed with the tour, before any worker runs.
    expect((await tourJobs(id)).rows).toHaveLength(1);

    await h.startWorkers();
    const [mail] = await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    expect(mail!.subject).toMatch(/^Jamie Agent\d+ invites you to a tour of 2 homes on /);
    const text = mail!.parsed.text ?? '';
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/tour/`));
    expect(text).toContain(`Book all 2 showings: ${url}`);
    expect(text).toMatch(/1\. 1:00 PM GMT\+9\s+1 Elm St, Austin/);
    expect(text).toMatch(/2\. 2:30 PM GMT\+9\s+12 Oak St, Austin/);
    expect(String(mail!.parsed.html)).toContain('#0e7490');
    expect(String(mail!.parsed.html)).toContain('Harbour Homes');
    expect(mail!.parsed.replyTo?.text).toContain(agent.email);
    // Listed with the agent's other sent messages. The record commits just after the SMTP server took the mail
    // (the delivery is sent inside the record's transaction, deliver.ts), so it is awaited, not read at once.
    const record = await vi.waitFor(async () => {
      const [row] = await h.t.database.db
        .select()
        .from(notificationMessages)
        .where(eq(notificationMessages.recipient, email));
      expect(row).toMatchObject({ kind: 'tour.invitation', status: 'sent', agentId: agent.id });
      return row!;
    });
    const list = await h.t.request({ method: 'GET', url: '/api/agents/messages', token: agent.token });
    expect(JSON.stringify(list.json())).toContain(email);
    // A failed invitation is sent again from the builder, not from the list (it has no booking to re-plan).
    await h.t.database.db
      .update(notificationMessages)
      .set({ status: 'failed' })
      .where(eq(notificationMessages.id, record.id));
    const retry = await h.t.request({
      method: 'POST',
      url: `/api/agents/messages/${record.id}/retry`,
      token: agent.token,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ code: 'NOT_RETRIABLE', error: ROUTE_MESSAGES.tourInviteRetry });
  });

  it('"E-mail the invitation" on a saved tour: to the address typed (else the buyer\'s), 400 without one, 404 for another agent, 409 once booked', async () => {
    const saved = await save({ stops: stops(16, 17.5) });
    const id = saved.json().data.id as string;
    const none = await invite(id, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { email: ROUTE_MESSAGES.tourInviteNoEmail },
    });
    expect((await invite(id, { email: 'x@buyers.test' }, stranger)).statusCode).toBe(404);
    expect((await invite('not-a-uuid', { email: 'x@buyers.test' })).statusCode).toBe(404);
    expect((await tourJobs(id)).rows).toHaveLength(0);

    const email = 'late.buyer@buyers.test';
    const sent = await invite(id, { email });
    expect(sent.statusCode).toBe(202);
    expect(sent.json().data.invitation_sent_to).toBe(email);
    // The address is remembered: the next press needs none.
    expect((await invite(id, {})).json().data.invitation_sent_to).toBe(email);
    await h.startWorkers();
    const mails = await h.smtp.waitFor(() => h.smtp.to(email).length === 2);
    expect(mails.filter((m) => m.envelopeTo.includes(email))[0]!.parsed.text).toContain(
      saved.json().data.invite_url,
    );

    const booked = await bookTour(saved.json().data.invite_url, email);
    expect(booked.statusCode).toBe(201);
    expect((await invite(id, {})).json().code).toBe('TOUR_ALREADY_BOOKED');
  });
});

describe("a tour's bookings shown linked in the agent's booking details (issue 16)", () => {
  it("GET /api/bookings/:id carries the tour with every stop in time order; never another agent's", async () => {
    const saved = await save({ stops: stops(19, 20.5) });
    const booked = await bookTour(saved.json().data.invite_url, 'linked@buyers.test');
    const [first, second] = booked.json().data.booking_ids as string[];
    const [row] = await h.t.database.db.select().from(bookings).where(eq(bookings.id, first!));
    // Another agent's booking carrying the same tour id (it cannot happen through the API) stays out.
    const foreign = await seedBooking(h.t.database.db, stranger.id, {
      startsAt: at(18),
      status: 'confirmed',
    });
    await h.t.database.db.update(bookings).set({ tourId: row!.tourId }).where(eq(bookings.id, foreign));

    const details = await h.t.request({ method: 'GET', url: `/api/bookings/${second}`, token: agent.token });
    expect(details.statusCode).toBe(200);
    expect(details.json().data.tour).toEqual({
      id: row!.tourId,
      stops: [
        { booking_id: first, property_address: '1 Elm St', starts_at: at(19), booking_time: '19:00' },
        { booking_id: second, property_address: '12 Oak St', starts_at: at(20.5), booking_time: '20:30' },
      ],
    });
    expect(
      (await h.t.request({ method: 'GET', url: `/api/bookings/${first}`, token: stranger.token })).statusCode,
    ).toBe(404);
    const theirs = await h.t.request({
      method: 'GET',
      url: `/api/bookings/${foreign}`,
      token: stranger.token,
    });
    expect(theirs.json().data.tour.stops.map((s: { booking_id: string }) => s.booking_id)).toEqual([foreign]);
    // A booking outside any tour: null.
    const lone = await seedBooking(h.t.database.db, agent.id, { startsAt: at(8), status: 'confirmed' });
    const plain = await h.t.request({ method: 'GET', url: `/api/bookings/${lone}`, token: agent.token });
    expect(plain.json().data.tour).toBeNull();
  });
});

describe("a tour's stops follow their properties' showing rules (issue 32)", () => {
  it('a stop at a property whose seller blocked that evening refuses the whole tour with the rule', async () => {
    const pc = await makeProperty(h.t, agent.id, { address: '3 Ash St', city: 'Austin', ...A });
    const saved = await save({
      stops: [
        { property_id: pa, starts_at: at(14) },
        { property_id: pc, starts_at: at(15.5) },
      ],
    });
    expect(saved.statusCode).toBe(201);
    const put = await h.t.request({
      method: 'PUT',
      url: `/api/properties/${pc}/showing-rules`,
      token: agent.token,
      payload: { blocks: [{ kind: 'once', date, start: '15:00', end: '17:00', by: 'contact' }] },
    });
    expect(put.statusCode).toBe(200);
    const booked = await bookTour(saved.json().data.invite_url, 'blocked@buyers.test');
    expect(booked.statusCode).toBe(409);
    expect(booked.json().code).toBe('PROPERTY_NOT_SHOWN');
    const rows = await h.t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.clientEmail, 'blocked@buyers.test'));
    expect(rows).toEqual([]);
  });
});

describe('the tour invitation in the buyer’s language (issue 43)', () => {
  const invited = async (hours: [number, number], email: string) => {
    const saved = await save({ stops: stops(...hours), invite_email: email });
    expect(saved.statusCode, saved.body).toBe(201);
    await h.startWorkers();
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    await h.stopWorkers();
    return { mail: h.smtp.to(email)[0]!, url: saved.json().data.invite_url as string };
  };
  const weekAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

  it('speaks the language of the buyer’s latest booking with the agent (same address, any case): Spanish, with ?lang=es', async () => {
    const email = 'maria.tour@buyers.test';
    // An older English booking, then a newer Spanish one (the address typed in capitals there).
    const older = await seedBooking(h.t.database.db, agent.id, {
      startsAt: weekAgo(9),
      clientEmail: email,
      createdAt: weekAgo(10),
    });
    const newer = await seedBooking(h.t.database.db, agent.id, {
      startsAt: weekAgo(7),
      clientEmail: 'Maria.Tour@Buyers.test',
      createdAt: weekAgo(8),
    });
    await h.t.database.db.update(bookings).set({ locale: 'es' }).where(eq(bookings.id, newer));
    // Another agent's booking from the same address, newer still and in English, is not this agent's buyer's.
    await seedBooking(h.t.database.db, stranger.id, {
      startsAt: weekAgo(2),
      clientEmail: email,
      createdAt: weekAgo(3),
    });
    expect((await h.t.database.db.select().from(bookings).where(eq(bookings.id, older)))[0]!.locale).toBe(
      'en',
    );

    const { mail, url } = await invited([0.5, 2], email);
    expect(mail.subject).toMatch(
      /^Invitación de Jamie Agent\d+: un recorrido por 2 propiedades el \S+, \d{1,2} de /,
    );
    const text = mail.parsed.text ?? '';
    expect(text).toContain('Su recorrido por 2 propiedades');
    expect(text).toContain('Hola:');
    expect(text).toMatch(
      /Jamie Agent\d+ planeó un recorrido para usted el (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}: 2 visitas seguidas, con el trayecto entre una propiedad y otra\. Con un solo clic las reserva todas\./,
    );
    expect(text).toMatch(/1\. 12:30\sa\.\s?m\. GMT\+9\s+1 Elm St, Austin/);
    expect(text).toMatch(/2\. 2:00\sa\.\s?m\. GMT\+9\s+12 Oak St, Austin/);
    expect(text).toContain(
      'Cada visita dura 30 minutos. Si algún horario ya no le conviene, responda a este correo electrónico.',
    );
    // The link opens the tour page in Spanish; the builder's own link stays as it was.
    expect(url).not.toContain('lang=');
    expect(text).toContain(`Reservar las 2 visitas: ${url}?lang=es`);
    expect(text).toMatch(/enviado por Keyturn en nombre de Jamie Agent\d+/);
    expect(text).not.toMatch(/\b(Hello|Hi|Your tour|Book all|Each showing|sent by Keyturn)\b/);
    expect(String(mail.parsed.html)).toContain('<html lang="es">');
  });

  it('without a booking from that address: the agent’s default language for buyers; a booking in English wins over it', async () => {
    await h.t.database.db.update(agents).set({ defaultLanguage: 'es' }).where(eq(agents.id, agent.id));
    try {
      const fresh = await invited([6, 7.5], 'new.tour@buyers.test');
      expect(fresh.mail.subject).toMatch(/^Invitación de Jamie Agent\d+: un recorrido por 2 propiedades el /);
      expect(fresh.mail.parsed.text).toContain(`Reservar las 2 visitas: ${fresh.url}?lang=es`);

      const email = 'english.tour@buyers.test';
      await seedBooking(h.t.database.db, agent.id, { startsAt: weekAgo(5), clientEmail: email });
      const known = await invited([3, 4.5], email);
      expect(known.mail.subject).toMatch(/^Jamie Agent\d+ invites you to a tour of 2 homes on /);
      expect(known.mail.parsed.text).toContain(`Book all 2 showings: ${known.url}`);
      expect(known.mail.parsed.text).not.toContain('lang=');
      expect(known.mail.parsed.text).toContain('Hello,');
    } finally {
      await h.t.database.db.update(agents).set({ defaultLanguage: 'en' }).where(eq(agents.id, agent.id));
    }
  });
});
