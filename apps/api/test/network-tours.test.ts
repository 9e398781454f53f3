// Issue 45 "Cross-agent tours": a buyer's agent plans a day of five homes listed by three other agents. The plan
// puts every home at one of its own listing's open times (each agent's hours and busy time) with the drive
// between homes (the straight-line estimate: no routing server) in every gap; sending it asks for one showing per
// home; one home declining re-plans the day (unanswered requests move up, the buyer's agent is e-mailed); a direct
// buyer racing the tour for one home's time leaves exactly one booking there; nobody else sees the tour.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_BOOKING_STATUSES } from '@keyturn/domain/enums';
import { NETWORK_TEXTS } from '@keyturn/domain/listing/network';
import { NETWORK_TOUR_TEXTS } from '@keyturn/domain/routes/networkTour';
import { estimateTravel } from '@keyturn/domain/routes/travel';
import { wallClockInZone } from '@keyturn/domain/time';
import { agents as agentRows, bookings, properties, propertyShowingRules } from '../src/db/schema';
import { whenInZone } from '../src/modules/core/mail/format';
import { bookingPayload, makeAgent, makeCalendarBusy, makeProperty, type TestAgent } from './fixtures';
import { ALL_DAY, DAY, notifyHarness, type NotifyHarness } from './support/notify';
import { OFFLINE_MAPS_ENV } from './support/offline-maps';

let h: NotifyHarness;
let scout: TestAgent;
let agents: { a: TestAgent; b: TestAgent; c: TestAgent };
const homes: { id: number; lat: number; lng: number; agent: 'a' | 'b' | 'c' }[] = [];
let date = '';

// Every agent's hours: 9 AM to 5 PM every day; A and B approve each request, C's showings are confirmed at once.
const HOURS = {
  ...ALL_DAY,
  days: ALL_DAY.days.map((d) => ({ ...d, intervals: [{ start: '09:00', end: '17:00' }] })),
};
const approval = { ...HOURS, requires_approval: true };
// Two homes of A next door, two of B next door ~4 km away, one of C ~20 km out.
const PLACES = [
  { agent: 'a', lat: 30.2672, lng: -97.7431, address: '1 Oak Street' },
  { agent: 'a', lat: 30.2686, lng: -97.7431, address: '3 Oak Street' },
  { agent: 'b', lat: 30.3005, lng: -97.7431, address: '10 Pine Avenue' },
  { agent: 'b', lat: 30.3019, lng: -97.7431, address: '12 Pine Avenue' },
  { agent: 'c', lat: 30.447, lng: -97.7431, address: '90 Ranch Road' },
] as const;

const client = { name: 'Casey Client', email: 'casey@clients.test', phone: '+1 646 555 0101' };
const sendBody = (stops: { property_id: number; starts_at: string | null }[]) => ({
  date,
  stops: stops.map((s) => ({ property_id: s.property_id, starts_at: s.starts_at })),
  client,
  brokerage: 'Oak Realty',
  licence_number: 'TX-778899',
  sms_consent: false,
});

beforeAll(async () => {
  h = await notifyHarness(OFFLINE_MAPS_ENV);
  scout = await makeAgent(h.t, { availability: ALL_DAY });
  agents = {
    a: await makeAgent(h.t, { availability: approval }),
    b: await makeAgent(h.t, { availability: approval }),
    c: await makeAgent(h.t, { availability: HOURS }),
  };
  date = wallClockInZone(new Date(Date.now() + 3 * DAY), 'America/New_York').date;
  for (const p of PLACES) {
    const id = await makeProperty(h.t, agents[p.agent].id, { address: p.address, lat: p.lat, lng: p.lng });
    homes.push({ id, lat: p.lat, lng: p.lng, agent: p.agent });
  }
  // B's own calendar is busy until 1 PM that day: B's homes are open only after it.
  await makeCalendarBusy(h.t, agents.b.id, `${date}T00:00:00-05:00`, `${date}T13:00:00-05:00`);
}, 60_000);
afterAll(async () => {
  await h.close();
});

const post = (url: string, token: string, payload: object) =>
  h.t.request({ method: 'POST', url, token, payload });
const get = (url: string, token: string) => h.t.request({ method: 'GET', url, token });
const openTimes = async (propertyId: number) =>
  (
    (await get(`/api/network/listings/${propertyId}/dates/${date}`, scout.token)).json().slots as {
      starts_at: string;
    }[]
  ).map((s) => new Date(s.starts_at).getTime());

type PlanStop = { property_id: number; starts_at: string; drive_minutes: number | null };

function expectDayHolds(stops: PlanStop[]) {
  for (let k = 1; k < stops.length; k++) {
    const [from, to] = [
      homes.find((x) => x.id === stops[k - 1]!.property_id)!,
      homes.find((x) => x.id === stops[k]!.property_id)!,
    ];
    const drive = estimateTravel(from, to).minutes;
    const gap =
      (new Date(stops[k]!.starts_at).getTime() - new Date(stops[k - 1]!.starts_at).getTime()) / 60_000 - 30;
    expect(gap).toBeGreaterThanOrEqual(drive);
  }
}

describe('a cross-agent tour of 5 homes from 3 listing agents', () => {
  let plan: { stops: PlanStop[]; feasible: boolean; drive_source: string };
  let tourId = '';

  it('plans every home at one of its own listing’s open times with the drives between them', async () => {
    const res = await post('/api/network/tours/plan', scout.token, {
      date,
      property_ids: homes.map((x) => x.id),
    });
    expect(res.statusCode).toBe(200);
    plan = res.json().data;
    expect(plan.feasible).toBe(true);
    expect(plan.drive_source).toBe('estimated');
    expect(plan.stops.map((s) => s.property_id).sort()).toEqual(homes.map((x) => x.id).sort());
    for (const stop of plan.stops) {
      expect(await openTimes(stop.property_id)).toContain(new Date(stop.starts_at).getTime());
      const home = homes.find((x) => x.id === stop.property_id)!;
      // B's homes after B's busy morning.
      if (home.agent === 'b')
        expect(new Date(stop.starts_at).getTime()).toBeGreaterThanOrEqual(
          Date.parse(`${date}T13:00:00-05:00`),
        );
    }
    expectDayHolds(plan.stops);
    // Neighbours are visited one after the other.
    const agentsInOrder = plan.stops.map((s) => homes.find((x) => x.id === s.property_id)!.agent).join('');
    expect(agentsInOrder).toMatch(/aa|bb/);
  });

  it('refuses what is not a network listing of another agent', async () => {
    const own = await makeProperty(h.t, scout.id, { lat: 30.27, lng: -97.74 });
    const mine = await post('/api/network/tours/plan', scout.token, {
      date,
      property_ids: [homes[0]!.id, own],
    });
    expect([mine.statusCode, mine.json().error]).toEqual([409, NETWORK_TEXTS.ownListing]);
    await h.t.database.db
      .update(properties)
      .set({ networkListed: false })
      .where(eq(properties.id, homes[4]!.id));
    const hidden = await post('/api/network/tours/plan', scout.token, {
      date,
      property_ids: [homes[0]!.id, homes[4]!.id],
    });
    expect(hidden.statusCode).toBe(404);
    await h.t.database.db
      .update(properties)
      .set({ networkListed: true })
      .where(eq(properties.id, homes[4]!.id));
    const one = await post('/api/network/tours/plan', scout.token, { date, property_ids: [homes[0]!.id] });
    expect(one.statusCode).toBe(400);
  });

  it('sends one request per home; a direct buyer racing one home’s time leaves exactly one booking there', async () => {
    const raced = plan.stops.find((s) => homes.find((x) => x.id === s.property_id)!.agent === 'c')!;
    const wall = wallClockInZone(new Date(raced.starts_at), 'America/New_York');
    const [sent, direct] = await Promise.all([
      post('/api/network/tours', scout.token, sendBody(plan.stops)),
      h.t.request({
        method: 'POST',
        url: '/api/booking',
        payload: bookingPayload(agents.c.id, {
          property_id: raced.property_id,
          booking_date: wall.date,
          booking_time: wall.time,
          starts_at: raced.starts_at,
          client_email: 'direct@buyers.test',
        }),
      }),
    ]);
    const at = await h.t.database.db
      .select({ id: bookings.id, email: bookings.clientEmail })
      .from(bookings)
      .where(
        and(
          eq(bookings.agentId, agents.c.id),
          eq(bookings.startsAt, new Date(raced.starts_at)),
          inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
        ),
      );
    expect(at).toHaveLength(1);
    let tour;
    if (sent.statusCode === 409) {
      // The buyer's booking came first: the plan no longer holds and nothing of the tour was written.
      expect([sent.json().code, direct.statusCode, at[0]!.email]).toEqual([
        'TOUR_CHANGED',
        201,
        'direct@buyers.test',
      ]);
      expect((await get('/api/network/tours', scout.token)).json().data).toEqual([]);
      const replanned = await post('/api/network/tours/plan', scout.token, {
        date,
        property_ids: homes.map((x) => x.id),
      });
      plan = replanned.json().data;
      const again = await post('/api/network/tours', scout.token, sendBody(plan.stops));
      expect(again.statusCode).toBe(201);
      tour = again.json().data;
      expect(tour.stops.every((s: { state: string }) => s.state !== 'not_sent')).toBe(true);
    } else {
      expect(sent.statusCode).toBe(201);
      tour = sent.json().data;
      const cStop = tour.stops.find((s: { property_id: number }) => s.property_id === raced.property_id);
      if (direct.statusCode === 201) {
        // Sent while the buyer's booking went in: that home is kept with why, not lost.
        expect(at[0]!.email).toBe('direct@buyers.test');
        expect([cStop.state, cStop.note]).toEqual(['not_sent', NETWORK_TOUR_TEXTS.notSent]);
      } else {
        expect(direct.statusCode).toBe(409);
        expect([at[0]!.email, cStop.state]).toEqual([client.email, 'confirmed']);
      }
    }
    tourId = tour.id;
    // A's and B's homes wait for their agents; every sent request carries the tour.
    const agentOf = (id: number) => homes.find((x) => x.id === id)!.agent;
    for (const s of tour.stops.filter((x: { property_id: number }) => agentOf(x.property_id) !== 'c'))
      expect(s.state).toBe('requested');
    const carried = await h.t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.networkTourId, tourId), isNotNull(bookings.buyerAgentAccountId)));
    expect(carried.length).toBeGreaterThanOrEqual(4);
  });

  it('one decline re-plans the day: later requests move up, the buyer’s agent is e-mailed', async () => {
    const before = (await get(`/api/network/tours/${tourId}`, scout.token)).json().data;
    const pending = before.stops.filter((s: { state: string }) => s.state === 'requested');
    // The first unanswered home that has another unanswered one after it on the same day.
    const declined = pending[0];
    const owner = agents[homes.find((x) => x.id === declined.property_id)!.agent];
    const answer = await h.t.request({
      method: 'PUT',
      url: `/api/bookings/${declined.booking_id}`,
      token: owner.token,
      payload: { action: 'decline' },
    });
    expect(answer.statusCode).toBe(200);
    await h.startWorkers();
    const [mail] = (await h.smtp.waitFor((m) => m.some((x) => x.subject.includes('was re-planned')))).filter(
      (x) => x.subject.includes('was re-planned'),
    );
    expect(mail!.envelopeTo).toEqual([scout.email]);
    const after = (await get(`/api/network/tours/${tourId}`, scout.token)).json().data;
    const gone = after.stops.find((s: { property_id: number }) => s.property_id === declined.property_id);
    expect(gone.state).toBe('declined');
    const kept = after.stops.filter(
      (s: { starts_at: string | null; state: string }) =>
        s.starts_at && !['declined', 'not_sent'].includes(s.state),
    );
    expectDayHolds(kept);
    const moved = kept.filter(
      (s: { property_id: number; starts_at: string }) =>
        before.stops.find((b: { property_id: number }) => b.property_id === s.property_id).starts_at !==
        s.starts_at,
    );
    expect(moved.length).toBeGreaterThanOrEqual(1);
    expect(after.note).toBe(NETWORK_TOUR_TEXTS.replanned(moved.length, 'declined'));
    expect(mail!.parsed.text).toContain(NETWORK_TOUR_TEXTS.mailIntro(declined.address, 'declined'));
  });

  it('a stop moved to another time by its listing’s side keeps it, and the day is planned around it', async () => {
    const before = (await get(`/api/network/tours/${tourId}`, scout.token)).json().data;
    const target = before.stops.find((s: { state: string }) => s.state === 'requested');
    const owner = agents[homes.find((x) => x.id === target.property_id)!.agent];
    // Its agent moves it to 4 PM (as an accepted proposal would): the re-plan keeps it there.
    const moved = await h.t.request({
      method: 'PUT',
      url: `/api/bookings/${target.booking_id}/reschedule`,
      token: owner.token,
      payload: { booking_date: date, booking_time: '16:00', reschedule_reason: 'The seller is home until 4' },
    });
    expect(moved.statusCode).toBe(200);
    const intro = NETWORK_TOUR_TEXTS.mailIntro(target.address, 'moved');
    const mails = await h.smtp.waitFor((m) => m.some((x) => (x.parsed.text ?? '').includes(intro)));
    expect(mails.filter((x) => x.subject.includes('was re-planned'))).toHaveLength(2);
    const after = (await get(`/api/network/tours/${tourId}`, scout.token)).json().data;
    const kept = after.stops.find((s: { property_id: number }) => s.property_id === target.property_id);
    expect(new Date(kept.starts_at).getTime()).toBe(Date.parse(`${date}T16:00:00-05:00`));
    const live = after.stops.filter(
      (s: { starts_at: string | null; state: string }) =>
        s.starts_at && !['declined', 'not_sent'].includes(s.state),
    );
    expectDayHolds(live);
    const shifted = live.filter(
      (s: { property_id: number; starts_at: string }) =>
        s.property_id !== target.property_id &&
        before.stops.find((b: { property_id: number }) => b.property_id === s.property_id).starts_at !==
          s.starts_at,
    );
    expect(after.note).toBe(NETWORK_TOUR_TEXTS.replanned(shifted.length, 'moved'));
  });

  it('is nobody else’s: another agent and the listing agents get 404', async () => {
    for (const other of [agents.a, agents.c]) {
      expect((await get(`/api/network/tours/${tourId}`, other.token)).statusCode).toBe(404);
      expect((await get('/api/network/tours', other.token)).json().data).toEqual([]);
    }
  });
});

// A proposal re-plans the day at once, as if accepted: the proposed stop at its proposed time, the unanswered
// stops fitted around it; a proposed time clashing with a settled stop moves nothing and the e-mail says why.
describe('a time proposed for a stop of a 3-stop tour', () => {
  let day = '';
  let tourId = '';
  let d: TestAgent;
  const stopHomes: { id: number; lat: number; lng: number; address: string }[] = [];
  const at = (time: string) => new Date(`${day}T${time}:00-05:00`).toISOString();
  const timeOf = (iso: string) => {
    const w = whenInZone(new Date(iso), 'America/New_York');
    return `${w.time} ${w.zone}`;
  };
  const replanMails = async () =>
    (await h.smtp.waitFor(() => true)).filter(
      (m) => m.subject.includes('was re-planned') && m.envelopeTo.includes(scout.email),
    );
  const propose = (agent: TestAgent, bookingId: string, startsAt: string) =>
    post('/api/routes/day/apply', agent.token, {
      date: day,
      moves: [{ booking_id: bookingId, starts_at: startsAt }],
    });
  const tourNow = async () => (await get(`/api/network/tours/${tourId}`, scout.token)).json().data;

  beforeAll(async () => {
    day = wallClockInZone(new Date(Date.now() + 5 * DAY), 'America/New_York').date;
    // D shows from 11 AM only, and approves each request.
    d = await makeAgent(h.t, {
      availability: {
        ...HOURS,
        requires_approval: true,
        days: ALL_DAY.days.map((x) => ({ ...x, intervals: [{ start: '11:00', end: '17:00' }] })),
      },
    });
    // B proposes from the day's route (Optimise: a Pro feature).
    await h.t.database.db.update(agentRows).set({ plan: 'pro' }).where(eq(agentRows.id, agents.b.id));
    const dHome = { lat: 30.31, lng: -97.7431, address: '40 Elm Court' };
    const dId = await makeProperty(h.t, d.id, dHome);
    for (const k of [0, 2]) stopHomes.push({ ...homes[k]!, address: PLACES[k]!.address });
    stopHomes.push({ id: dId, ...dHome });
  });

  it('moves the unanswered later stop to fit the drive after the proposed time; the mail says so; once', async () => {
    const sent = await post('/api/network/tours', scout.token, {
      ...sendBody([
        { property_id: stopHomes[0]!.id, starts_at: at('09:00') },
        { property_id: stopHomes[1]!.id, starts_at: at('10:00') },
        { property_id: stopHomes[2]!.id, starts_at: at('11:00') },
      ]),
      date: day,
    });
    expect(sent.statusCode).toBe(201);
    tourId = sent.json().data.id;
    const before = await tourNow();
    expect(before.stops.map((s: { state: string }) => s.state)).toEqual([
      'requested',
      'requested',
      'requested',
    ]);
    const middle = before.stops[1];
    expect(middle.property_id).toBe(stopHomes[1]!.id);
    const mailsBefore = (await replanMails()).length;

    // B proposes 11 AM for the middle home while the workers are down; the re-plan waits on the queue.
    await h.stopWorkers();
    const proposed = await propose(agents.b, middle.booking_id, at('11:00'));
    expect(proposed.statusCode).toBe(200);
    await h.startWorkers();
    const intro = NETWORK_TOUR_TEXTS.mailIntro(middle.address, 'proposed', timeOf(at('11:00')));
    const mails = await h.smtp.waitFor((m) => m.some((x) => (x.parsed.text ?? '').includes(intro)));
    const mail = mails.find((x) => (x.parsed.text ?? '').includes(intro))!;
    expect(mail.envelopeTo).toEqual([scout.email]);

    const after = await tourNow();
    const byId = (id: number) => after.stops.find((s: { property_id: number }) => s.property_id === id);
    // The proposed home waits on the buyer's agent's answer, still at its requested time.
    expect([byId(stopHomes[1]!.id).state, byId(stopHomes[1]!.id).starts_at]).toEqual([
      'proposed',
      at('10:00'),
    ]);
    // …and the time proposed, where the re-plan placed it (the tour page shows it there).
    expect(byId(stopHomes[1]!.id).proposed_starts_at).toBe(at('11:00'));
    const order = after.stops.map((s: { property_id: number }) => s.property_id);
    expect(order.indexOf(stopHomes[1]!.id)).toBeLessThan(order.indexOf(stopHomes[2]!.id));
    // D's home could not stay at 11: it now starts after the proposed showing and the drive to it.
    const last = byId(stopHomes[2]!.id);
    expect(last.state).toBe('requested');
    const drive = estimateTravel(stopHomes[1]!, stopHomes[2]!).minutes;
    expect(new Date(last.starts_at).getTime()).toBeGreaterThanOrEqual(
      Date.parse(at('11:30')) + drive * 60_000,
    );
    const dTimes = (await get(`/api/network/listings/${stopHomes[2]!.id}/dates/${day}`, scout.token)).json()
      .slots as { starts_at: string }[];
    // D's old time is free again (the request moved, booked at its new time through D's own check).
    const dStarts = dTimes.map((x) => new Date(x.starts_at).getTime());
    expect(dStarts).toContain(Date.parse(at('11:00')));
    const moved = after.stops.filter(
      (s: { property_id: number; starts_at: string }) =>
        before.stops.find((b: { property_id: number }) => b.property_id === s.property_id).starts_at !==
        s.starts_at,
    );
    expect(moved.length).toBeGreaterThanOrEqual(1);
    expect(after.note).toBe(NETWORK_TOUR_TEXTS.replanned(moved.length, 'proposed'));
    const text = mail.parsed.text ?? '';
    expect(text).toContain(after.note);
    expect(text).toContain(`${timeOf(last.starts_at)} · ${stopHomes[2]!.address}`);
    expect(text).toContain(NETWORK_TOUR_TEXTS.proposedLine(timeOf(at('11:00'))));

    // A worker restart runs nothing again: one re-plan and one e-mail for the proposal.
    await h.stopWorkers();
    await h.startWorkers();
    await new Promise((r) => setTimeout(r, 1500));
    const all = await replanMails();
    expect(all.filter((x) => (x.parsed.text ?? '').includes(intro))).toHaveLength(1);
    expect(all.length).toBe(mailsBefore + 1);
    expect((await tourNow()).stops.map((s: { starts_at: string }) => s.starts_at)).toEqual(
      after.stops.map((s: { starts_at: string }) => s.starts_at),
    );
  });

  it('a proposed time clashing with a settled stop moves nothing, and the mail says why', async () => {
    const before = await tourNow();
    const first = before.stops.find((s: { property_id: number }) => s.property_id === stopHomes[0]!.id);
    const middle = before.stops.find((s: { property_id: number }) => s.property_id === stopHomes[1]!.id);
    // A confirms the first home; B then proposes that very time for the middle one.
    const confirmed = await h.t.request({
      method: 'PUT',
      url: `/api/bookings/${first.booking_id}`,
      token: agents.a.token,
      payload: { action: 'confirm' },
    });
    expect(confirmed.statusCode).toBe(200);
    const proposed = await propose(agents.b, middle.booking_id, first.starts_at);
    expect(proposed.statusCode).toBe(200);
    const why = NETWORK_TOUR_TEXTS.proposalClash(middle.address, timeOf(first.starts_at));
    const mails = await h.smtp.waitFor((m) => m.some((x) => (x.parsed.text ?? '').includes(why)));
    const mail = mails.find((x) => (x.parsed.text ?? '').includes(why))!;
    expect(mail.envelopeTo).toEqual([scout.email]);
    expect(mail.parsed.text).toContain(
      NETWORK_TOUR_TEXTS.mailIntro(middle.address, 'proposed', timeOf(first.starts_at)),
    );
    const after = await tourNow();
    expect(after.note).toBe(why);
    const timesOf = (t: { stops: { property_id: number; starts_at: string }[] }) =>
      Object.fromEntries(t.stops.map((s) => [s.property_id, s.starts_at]));
    expect(timesOf(after)).toEqual(timesOf(before));
  });
});

// Issue 45 / decision 087: the seller's own proposal (the "Propose another time" link of their approval request)
// re-plans the tour at once, as the listing agent's does.
describe("a seller's proposal for a stop of a tour", () => {
  it('moves the other stop clear of the proposed time and the drive, says so to the buyer’s agent, once', async () => {
    // (The workers send the mails; an earlier test may have started them already.)
    await h.stopWorkers();
    await h.startWorkers();
    const day = wallClockInZone(new Date(Date.now() + 6 * DAY), 'America/New_York').date;
    const at = (time: string) => new Date(`${day}T${time}:00-05:00`).toISOString();
    const timeOf = (iso: string) => {
      const w = whenInZone(new Date(iso), 'America/New_York');
      return `${w.time} ${w.zone}`;
    };
    // E's home asks its seller for each showing; F, 4 km north, approves each request (so F's stop can move).
    const e = await makeAgent(h.t, { plan: 'pro', availability: HOURS });
    const f = await makeAgent(h.t, { availability: approval });
    const eHome = { lat: 30.2672, lng: -97.7431, address: '5 Willow Lane' };
    const fHome = { lat: 30.3005, lng: -97.7431, address: '20 Birch Road' };
    const eId = await makeProperty(h.t, e.id, eHome);
    const fId = await makeProperty(h.t, f.id, fHome);
    await h.t.database.db.insert(propertyShowingRules).values({ propertyId: eId, approval: 'seller' });
    const seller = `pat.${Date.now()}@sellers.test`;
    const contact = await post(`/api/properties/${eId}/contacts`, e.token, {
      name: 'Pat Seller',
      email: seller,
      phone: null,
      role: 'seller',
      gets: { approvals: true, notices: false, feedback: false, weeklyReport: false },
      channel: 'email',
    });
    expect(contact.statusCode, contact.body).toBe(201);

    const sent = await post('/api/network/tours', scout.token, {
      ...sendBody([
        { property_id: eId, starts_at: at('10:00') },
        { property_id: fId, starts_at: at('11:00') },
      ]),
      date: day,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const tourId = sent.json().data.id as string;
    // The seller's request e-mail and its "Propose another time" link.
    const requests = () =>
      h.smtp.to(seller).filter((m) => /Showing request for/.test(m.parsed.subject ?? ''));
    await h.smtp.waitFor(() => requests().length === 1);
    const link = /Propose another time: (\S+)/.exec(requests()[0]!.parsed.text ?? '')?.[1];
    const token = decodeURIComponent(new URL(link!).searchParams.get('token')!);
    const page = (
      await h.t.request({ method: 'GET', url: `/api/seller-approval?token=${encodeURIComponent(token)}` })
    ).json().data;
    // The seller proposes 11 AM, the second stop's time: that stop has to move after it and the drive.
    const proposedAt = (page.open_times as { starts_at: string }[]).find(
      (t) => Date.parse(t.starts_at) === Date.parse(at('11:00')),
    )?.starts_at;
    expect(proposedAt).toBeDefined();
    const proposed = await h.t.request({
      method: 'POST',
      url: '/api/seller-approval/propose',
      payload: { token, starts_at: proposedAt },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);

    const intro = NETWORK_TOUR_TEXTS.mailIntro(eHome.address, 'proposed', timeOf(at('11:00')));
    const mails = await h.smtp.waitFor((m) => m.some((x) => (x.parsed.text ?? '').includes(intro)));
    expect(mails.find((x) => (x.parsed.text ?? '').includes(intro))!.envelopeTo).toEqual([scout.email]);
    const tour = (await get(`/api/network/tours/${tourId}`, scout.token)).json().data;
    const byId = (id: number) => tour.stops.find((s: { property_id: number }) => s.property_id === id);
    expect(byId(eId).state).toBe('proposed');
    // F's stop left 11 AM and sits clear of the proposed showing and the drive, before it or after it.
    const drive = estimateTravel(eHome, fHome).minutes * 60_000;
    const fStart = Date.parse(byId(fId).starts_at);
    expect(fStart).not.toBe(Date.parse(at('11:00')));
    const before = fStart + 30 * 60_000 + drive <= Date.parse(at('11:00'));
    const after = fStart >= Date.parse(at('11:30')) + drive;
    expect(before || after).toBe(true);
    expect(tour.note).toBe(NETWORK_TOUR_TEXTS.replanned(1, 'proposed'));
    // Once: a worker restart sends nothing more for the proposal.
    await h.stopWorkers();
    await h.startWorkers();
    await new Promise((r) => setTimeout(r, 1500));
    expect(h.smtp.mails.filter((x) => (x.parsed.text ?? '').includes(intro))).toHaveLength(1);
  });
});
