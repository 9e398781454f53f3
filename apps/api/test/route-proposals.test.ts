// Issue 29, failing main path 2: Optimise never moves a buyer's requested time. The proposal names each buyer
// (name, property, time now → proposed); Apply stores a proposal per pending showing and e-mails its buyer
// (through the notifications queue, to a real SMTP server on 127.0.0.1); confirmed showings stay. The buyer
// accepts (the booking moves through the booking checks; twice answers the same), keeps their time (nothing
// changes), and a stale proposal or a time taken since is a 409 that changes nothing. My day shows each state.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_PROPOSAL_MESSAGES } from '@keyturn/domain/routes/proposals';
import { SMS_CONSENT_VERSION } from '@keyturn/domain/texts/consent';
import { agents, bookings, notificationJobs, timeProposals } from '../src/db/schema';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';
import { enableTexts, notifyHarness, PUBLIC_URL, type NotifyHarness } from './support/notify';

// Monday 5 January 2026, noon in New York (a clock in the past, so the queued e-mails are due at once); the
// day planned is Tuesday 6 January (EST, UTC−5).
const now = new Date('2026-01-05T17:00:00Z');
const DATE = '2026-01-06';
const at = (hhmm: string, date = DATE) => `${date}T${hhmm}:00-05:00`;
const iso = (hhmm: string, date = DATE) => new Date(at(hhmm, date)).toISOString();
// A, then C 1 km east, then B 15 km east (Austin).
const A = { lat: 30.2672, lng: -97.7431 };
const C = { lat: 30.2672, lng: -97.7327 };
const B = { lat: 30.2672, lng: -97.5871 };

let h: NotifyHarness;
let pro: TestAgent;
let other: TestAgent;
const ids: Record<string, string> = {};
let pa: number;
let pb: number;

beforeAll(async () => {
  h = await notifyHarness();
  h.clock.set(now);
  pro = await makeAgent(h.t, { plan: 'pro', timeZone: 'America/New_York' });
  other = await makeAgent(h.t, { plan: 'pro', timeZone: 'America/New_York' });
  const db = h.t.database.db;
  await db
    .update(agents)
    .set({ companyName: 'Harbour Homes', primaryColor: '#0e7490' })
    .where(eq(agents.id, pro.id));
  pa = await makeProperty(h.t, pro.id, { address: '1 Elm St', ...A });
  pb = await makeProperty(h.t, pro.id, { address: '12 Oak St', ...B });
  const pc = await makeProperty(h.t, pro.id, { address: '3 Ash Rd', ...C });
  // Booked A 10:00 (confirmed) → B 11:00 → C 12:00 (requests): 15 km out and 14 km back.
  ids.a = await seedBooking(db, pro.id, {
    startsAt: at('10:00'),
    status: 'confirmed',
    propertyId: pa,
    clientName: 'Ann Confirmed',
    clientEmail: 'ann@buyers.test',
  });
  ids.b = await seedBooking(db, pro.id, {
    startsAt: at('11:00'),
    status: 'pending',
    propertyId: pb,
    clientName: 'Bo Requester',
    clientEmail: 'bo@buyers.test',
  });
  ids.c = await seedBooking(db, pro.id, {
    startsAt: at('12:00'),
    status: 'pending',
    propertyId: pc,
    clientName: 'Cy Requester',
    clientEmail: 'cy@buyers.test',
  });
});
afterAll(async () => {
  await h?.close();
});

type Move = { booking_id: string; starts_at: string };
const optimise = (agent: TestAgent, date = DATE) =>
  h.t.request({ method: 'POST', url: '/api/routes/day/optimise', token: agent.token, payload: { date } });
const apply = (agent: TestAgent, moves: Move[], date = DATE) =>
  h.t.request({ method: 'POST', url: '/api/routes/day/apply', token: agent.token, payload: { date, moves } });
const day = async (date = DATE) =>
  (await h.t.request({ method: 'GET', url: `/api/routes/day?date=${date}`, token: pro.token })).json().data;
const proposalOf = (token: string) =>
  h.t.request({ method: 'GET', url: `/api/booking/proposal?token=${encodeURIComponent(token)}` });
const answer = (what: 'accept' | 'keep', token: string) =>
  h.t.request({ method: 'POST', url: `/api/booking/proposal/${what}`, payload: { token } });
const bookingRow = async (id: string) =>
  (await h.t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const tokenFor = async (bookingId: string) =>
  (
    await h.t.database.db
      .select({ token: timeProposals.token })
      .from(timeProposals)
      .where(and(eq(timeProposals.bookingId, bookingId), eq(timeProposals.status, 'proposed')))
  )[0]!.token;

let plan: { moves: (Move & { client_name: string; from_starts_at: string; address: string })[] };

describe('Optimise proposes new times to buyers, never moves them (issue 29)', () => {
  it('the proposal names every buyer per stop (name, property, time now → proposed); confirmed showings stay', async () => {
    const res = await optimise(pro);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p.saving_minutes).toBeGreaterThan(0);
    expect(p.stops.map((s: { client_name: string }) => s.client_name).sort()).toEqual([
      'Ann Confirmed',
      'Bo Requester',
      'Cy Requester',
    ]);
    const ann = p.stops.find((s: { booking_id: string }) => s.booking_id === ids.a);
    expect(ann).toMatchObject({ address: '1 Elm St', status: 'confirmed', moves: false });
    expect(ann.starts_at).toBe(ann.from_starts_at);
    expect(p.moves.length).toBeGreaterThan(0);
    for (const m of p.moves) {
      expect(m.booking_id).not.toBe(ids.a);
      expect(m.client_name).toMatch(/Requester$/);
      // Each proposed time is free while every other showing keeps its place (decision 042).
      for (const id of [ids.a!, ids.b!, ids.c!].filter((x) => x !== m.booking_id)) {
        const row = await bookingRow(id);
        expect(Date.parse(m.starts_at)).not.toBe(row.startsAt.getTime());
      }
    }
    plan = p;
  });

  it('Apply moves no pending booking: it stores a proposal per buyer and e-mails each, branded, with both times in the zone', async () => {
    const res = await apply(
      pro,
      plan.moves.map((m) => ({ booking_id: m.booking_id, starts_at: m.starts_at })),
    );
    expect(res.statusCode).toBe(200);
    // The requested times are where the buyers asked for them (today's main rescheduled them here).
    expect(await bookingRow(ids.b!)).toMatchObject({ status: 'pending', startsAt: new Date(at('11:00')) });
    expect(await bookingRow(ids.c!)).toMatchObject({ status: 'pending', startsAt: new Date(at('12:00')) });
    expect(await bookingRow(ids.a!)).toMatchObject({ status: 'confirmed', startsAt: new Date(at('10:00')) });
    const moved = await h.t.database.db.select().from(bookings).where(eq(bookings.status, 'rescheduled'));
    expect(moved).toEqual([]);
    const d = res.json().data;
    expect(d.proposals).toHaveLength(plan.moves.length);
    expect(d.proposals.every((p: { status: string }) => p.status === 'proposed')).toBe(true);
    expect(d.proposals.map((p: { client_name: string }) => p.client_name).sort()).toEqual(
      plan.moves.map((m) => m.client_name).sort(),
    );

    await h.startWorkers();
    const first = plan.moves[0]!;
    const email = first.client_name === 'Bo Requester' ? 'bo@buyers.test' : 'cy@buyers.test';
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    const [mail] = h.smtp.to(email);
    const text = mail!.parsed.text ?? '';
    const token = await tokenFor(first.booking_id);
    expect(text).toContain(`See the proposed time: ${PUBLIC_URL}/booking/proposal?token=${token}`);
    expect(text).toContain(first.address);
    expect(text).toMatch(/Your requested time\s+Tuesday, January 6, 2026, \d{1,2}:\d\d (AM|PM) EST/);
    expect(text).toMatch(/Proposed time\s+Tuesday, January 6, 2026, \d{1,2}:\d\d (AM|PM) EST/);
    expect(mail!.parsed.replyTo?.text).toContain(pro.email);
    expect(String(mail!.parsed.html)).toContain('#0e7490');
    expect(String(mail!.parsed.html)).toContain('Harbour Homes');
    // Nobody else was written to (the confirmed buyer least of all).
    expect(h.smtp.to('ann@buyers.test')).toHaveLength(0);
    await h.stopWorkers();
  });

  it("the buyer's page: the proposal by its token only (404 otherwise), with the booking as it is and the agent's zone", async () => {
    const move = plan.moves[0]!;
    const res = await proposalOf(await tokenFor(move.booking_id));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'proposed',
      from_starts_at: move.from_starts_at,
      starts_at: new Date(move.starts_at).toISOString(),
      time_zone: 'America/New_York',
      booking: { id: move.booking_id, client_name: move.client_name, status: 'pending' },
    });
    expect((await proposalOf('not-a-token')).statusCode).toBe(404);
    expect((await answer('accept', 'not-a-token')).statusCode).toBe(404);
    expect((await answer('keep', '')).statusCode).toBe(400);
  });

  it('accept moves the booking to the proposed time (the reschedule message queued); accepting twice answers the same', async () => {
    const move = plan.moves[0]!;
    const token = await tokenFor(move.booking_id);
    const res = await answer('accept', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('accepted');
    expect(await bookingRow(move.booking_id)).toMatchObject({ status: 'rescheduled' });
    const db = h.t.database.db;
    const successors = await db
      .select()
      .from(bookings)
      .where(eq(bookings.rescheduledFromId, move.booking_id));
    expect(successors).toHaveLength(1);
    expect(successors[0]).toMatchObject({
      status: 'pending',
      startsAt: new Date(move.starts_at),
      clientName: move.client_name,
      rescheduleReason: TIME_PROPOSAL_MESSAGES.reason,
    });
    expect(res.json().data.booking.id).toBe(successors[0]!.id);
    expect(res.json().data.manage_token).toBe(successors[0]!.manageToken);
    const jobs = await db
      .select()
      .from(notificationJobs)
      .where(
        and(
          eq(notificationJobs.bookingId, successors[0]!.id),
          eq(notificationJobs.event, 'booking_rescheduled'),
        ),
      );
    expect(jobs).toHaveLength(1);

    const again = await answer('accept', token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'accepted', booking: { id: successors[0]!.id } });
    expect(
      await db.select().from(bookings).where(eq(bookings.rescheduledFromId, move.booking_id)),
    ).toHaveLength(1);
    // Keeping after accepting is refused, and says so.
    const keep = await answer('keep', token);
    expect(keep.statusCode).toBe(409);
    expect(keep.json()).toMatchObject({
      code: 'PROPOSAL_ANSWERED',
      error: TIME_PROPOSAL_MESSAGES.alreadyAccepted,
    });
  });

  it('keep my time changes nothing (twice is the same); accepting afterwards is a 409; My day shows each state', async () => {
    const other = plan.moves[1];
    if (!other) {
      // The plan moved one buyer only: propose the other one a time by hand to answer "keep".
      const id = plan.moves[0]!.booking_id === ids.b ? ids.c! : ids.b!;
      expect((await apply(pro, [{ booking_id: id, starts_at: at('16:00') }])).statusCode).toBe(200);
    }
    const keptId = other?.booking_id ?? (plan.moves[0]!.booking_id === ids.b ? ids.c! : ids.b!);
    const before = await bookingRow(keptId);
    const token = await tokenFor(keptId);
    const res = await answer('keep', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('kept');
    expect((await answer('keep', token)).json().data.status).toBe('kept');
    expect(await bookingRow(keptId)).toEqual(before);
    const late = await answer('accept', token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'PROPOSAL_ANSWERED',
      error: TIME_PROPOSAL_MESSAGES.alreadyKept,
    });
    expect(await bookingRow(keptId)).toEqual(before);

    const states = (await day()).proposals.map((p: { booking_id: string; status: string }) => [
      p.booking_id,
      p.status,
    ]);
    expect(states).toContainEqual([plan.moves[0]!.booking_id, 'accepted']);
    expect(states).toContainEqual([keptId, 'kept']);
  });
});

describe('stale proposals and scoping (issue 29)', () => {
  const DAY2 = '2026-01-07';
  /** A buyer's request at `from` on DAY2, and the agent's proposal of `to`: the request's id. */
  const requestProposed = async (from: string, to: string, propertyId: number, clientEmail: string) => {
    const id = await seedBooking(h.t.database.db, pro.id, {
      startsAt: at(from, DAY2),
      status: 'pending',
      propertyId,
      clientEmail,
    });
    expect((await apply(pro, [{ booking_id: id, starts_at: at(to, DAY2) }], DAY2)).statusCode).toBe(200);
    return id;
  };
  it('the booking changed since (the agent confirmed it): accept is a 409 PROPOSAL_STALE, nothing moves, the page says so', async () => {
    const id = await requestProposed('10:00', '14:00', pa, 'dee@buyers.test');
    const token = await tokenFor(id);
    const confirm = await h.t.request({
      method: 'PUT',
      url: `/api/bookings/${id}`,
      token: pro.token,
      payload: { action: 'confirm' },
    });
    expect(confirm.statusCode).toBe(200);
    const res = await answer('accept', token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PROPOSAL_STALE', error: TIME_PROPOSAL_MESSAGES.staleError });
    expect(await bookingRow(id)).toMatchObject({
      status: 'confirmed',
      startsAt: new Date(at('10:00', DAY2)),
    });
    expect((await proposalOf(token)).json().data.status).toBe('changed');
    expect((await answer('keep', token)).statusCode).toBe(409);
  });

  it('the proposed time was taken since: accept is a 409 PROPOSAL_TIME_TAKEN, the booking stays as it was', async () => {
    const id = await requestProposed('11:00', '15:00', pb, 'eve@buyers.test');
    // Another buyer books 15:00 through the public page meanwhile.
    await seedBooking(h.t.database.db, pro.id, {
      startsAt: at('15:00', DAY2),
      status: 'confirmed',
      propertyId: pb,
    });
    const token = await tokenFor(id);
    const res = await answer('accept', token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PROPOSAL_TIME_TAKEN',
      error: TIME_PROPOSAL_MESSAGES.takenError,
    });
    expect(await bookingRow(id)).toMatchObject({ status: 'pending', startsAt: new Date(at('11:00', DAY2)) });
    expect((await proposalOf(token)).json().data.status).toBe('proposed');
    // A newer proposal for the same showing replaces it: the old link says so.
    expect((await apply(pro, [{ booking_id: id, starts_at: at('16:00', DAY2) }], DAY2)).statusCode).toBe(200);
    expect((await proposalOf(token)).json().data.status).toBe('withdrawn');
    const withdrawn = await answer('accept', token);
    expect(withdrawn.json()).toMatchObject({ code: 'PROPOSAL_WITHDRAWN' });
    const fresh = await answer('accept', await tokenFor(id));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.booking.starts_at).toBe(iso('16:00', DAY2));
  });

  it("Apply refuses another agent's booking (404), a confirmed showing (409) and a time not open (409); nothing is proposed", async () => {
    const count = async () => (await h.t.database.db.select().from(timeProposals)).length;
    const before = await count();
    expect((await apply(other, [{ booking_id: ids.c!, starts_at: at('16:30') }])).statusCode).toBe(404);
    expect((await apply(pro, [{ booking_id: ids.a!, starts_at: at('16:30') }])).statusCode).toBe(409);
    const kept = (await day()).proposals.find((p: { status: string }) => p.status === 'kept');
    // 10:00 is the confirmed showing's time.
    const taken = await apply(pro, [{ booking_id: kept.booking_id, starts_at: at('10:00') }]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(TIME_PROPOSAL_MESSAGES.applyTaken);
    expect(await count()).toBe(before);
    // Another agent's My day lists none of these proposals.
    const theirs = await h.t.request({
      method: 'GET',
      url: `/api/routes/day?date=${DATE}`,
      token: other.token,
    });
    expect(theirs.json().data.proposals).toEqual([]);
  });
});

describe('two accepts at once (issue 29)', () => {
  it('both answer 200 with the same moved booking; the booking moves once', async () => {
    const DAY3 = '2026-01-08';
    const id = await seedBooking(h.t.database.db, pro.id, {
      startsAt: at('10:00', DAY3),
      status: 'pending',
      propertyId: pa,
      clientEmail: 'fay@buyers.test',
    });
    expect((await apply(pro, [{ booking_id: id, starts_at: at('14:00', DAY3) }], DAY3)).statusCode).toBe(200);
    const token = await tokenFor(id);
    const [one, two] = await Promise.all([answer('accept', token), answer('accept', token)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().data.booking.id).toBe(two.json().data.booking.id);
    const moved = await h.t.database.db.select().from(bookings).where(eq(bookings.rescheduledFromId, id));
    expect(moved).toHaveLength(1);
    expect(moved[0]!.startsAt).toEqual(new Date(at('14:00', DAY3)));
  });
});

describe('a Spanish booking’s proposal (issue 43)', () => {
  it('e-mails the buyer and their agent in Spanish (dates through es-US), texts them in Spanish, and the link opens the page in Spanish', async () => {
    const DAY4 = '2026-01-09';
    const agent = await makeAgent(h.t, { plan: 'pro', timeZone: 'America/New_York' });
    await enableTexts(h.t, agent);
    const property = await makeProperty(h.t, agent.id, { address: '9 Birch Ln', ...A });
    const id = await seedBooking(h.t.database.db, agent.id, {
      startsAt: at('10:00', DAY4),
      status: 'pending',
      propertyId: property,
      clientName: 'Lucía Compradora',
      clientEmail: 'lucia@buyers.test',
    });
    await h.t.database.db
      .update(bookings)
      .set({
        locale: 'es',
        buyerAgentName: 'Lee Agente',
        buyerAgentBrokerage: 'Oak Realty',
        buyerAgentLicence: '12345',
        buyerAgentEmail: 'lee@agents.test',
        buyerAgentPhone: '(646) 555-0791',
        smsConsentVersion: SMS_CONSENT_VERSION,
        smsConsentAt: now,
      })
      .where(eq(bookings.id, id));
    expect((await apply(agent, [{ booking_id: id, starts_at: at('14:00', DAY4) }], DAY4)).statusCode).toBe(
      200,
    );
    const token = await tokenFor(id);
    const link = `${PUBLIC_URL}/booking/proposal?token=${token}&lang=es`;

    await h.startWorkers();
    await h.smtp.waitFor(
      () => h.smtp.to('lucia@buyers.test').length === 1 && h.smtp.to('lee@agents.test').length === 1,
    );
    const [mail] = h.smtp.to('lucia@buyers.test');
    expect(mail!.subject).toMatch(
      /^Jamie Agent\d+ le propone un nuevo horario para su visita del vie, 9 de ene\.?$/,
    );
    const text = mail!.parsed.text ?? '';
    expect(text).toContain('Hola, Lucía:');
    expect(text).toMatch(
      /Jamie Agent\d+ está organizando las visitas del día y le propone un nuevo horario para la suya\./,
    );
    expect(text).toMatch(/Propiedad\s+9 Birch Ln, /);
    expect(text).toMatch(/El horario que pidió\s+viernes, 9 de enero de 2026, 10:00\s[ap]\.\s?m\. /);
    expect(text).toMatch(/Horario propuesto\s+viernes, 9 de enero de 2026, 2:00\s[ap]\.\s?m\. /);
    expect(text).toContain('Desde la página puede aceptarlo, conservar su horario o elegir otro.');
    expect(text).toContain(`Ver el horario propuesto: ${link}`);
    expect(text).toMatch(/enviado por Keyturn en nombre de Jamie Agent\d+/);
    expect(text).not.toMatch(
      /\b(Hi|Your requested time|Proposed time|See the proposed time|sent by Keyturn)\b/,
    );
    expect(String(mail!.parsed.html)).toContain('<html lang="es">');

    // The buyer's agent's copy: greeted in Spanish, told whose showing it is.
    const copy = h.smtp.to('lee@agents.test')[0]!.parsed.text ?? '';
    expect(copy).toContain('Hola, Lee:');
    expect(copy).toContain('Usted hizo esta reserva para su cliente, Lucía Compradora:');
    expect(copy).toContain(`Ver el horario propuesto: ${link}`);

    // Their agent ticked "Text me": the text is Spanish, with the Spanish STOP line and the Spanish link.
    await h.sms.waitFor((m) => m.some((s) => s.to === '+16465550791'));
    const body = h.sms.messages.find((s) => s.to === '+16465550791')!.body;
    expect(body).toMatch(
      /^Jamie Agent\d+: Jamie Agent\d+ propuso cambiar la visita de Lucía Compradora a 9 Birch Ln del vie, 9 de ene\.?, 10:00\s[ap]\.\s?m\. al vie, 9 de ene\.?, 2:00\s[ap]\.\s?m\. \S+\. Acepte el nuevo horario o conserve el que pidió: /,
    );
    expect(body).toContain(link);
    expect(body).toMatch(/Responda STOP para no recibir más mensajes\.$/);
    await h.stopWorkers();
  });
});
