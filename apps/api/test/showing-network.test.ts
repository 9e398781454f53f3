// Issue 45 "The showing network": any signed-in agent finds the other agents' published listings (public data
// only, opted-out and own listings left out), reads a listing's open times as its booking page offers them, and
// asks for a showing for their client through the booking page's own write — the listing's rules and its seller
// approval apply, the buyer's agent's own consent to texts is in the ledger for their own number, and every step
// reaches their e-mail (read from the SMTP server on 127.0.0.1). Their requests list says where each stands;
// another agent's request or an unlisted listing is 404.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_TEXTS } from '@keyturn/domain/listing/network';
import { SELLER_APPROVAL_MESSAGES as M } from '@keyturn/domain/listing/sellerApprovalTexts';
import { buyerAgentCopyLine } from '@keyturn/domain/listing/buyerAgent';
import { agents, bookings, propertyShowingRules, smsConsentLedger } from '../src/db/schema';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import {
  ALL_DAY,
  DAY,
  enableTexts,
  HOUR,
  notifyHarness,
  PUBLIC_URL,
  slotBetween,
  type NotifyHarness,
} from './support/notify';

let h: NotifyHarness;
let lister: TestAgent;
let scout: TestAgent;
let listerName = '';
let scoutName = '';
let third: TestAgent;
let sellerListing: number;
let cheap: number;
let noticed: number;
let optedOut: number;
let own: number;

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  h.t.request({ method, url, token, payload });

const client = { name: 'Casey Client', email: 'casey@clients.test', phone: '+1 646 555 0101' };

function slotIn(days: number, agent: TestAgent) {
  const now = h.clock.now();
  return slotBetween(
    new Date(now.getTime() + days * DAY + 2 * HOUR),
    new Date(now.getTime() + (days + 1) * DAY),
    agent.timeZone,
  );
}

const request = (token: string, property: number, slot: { booking_date: string; booking_time: string }) =>
  req('POST', '/api/network/requests', token, {
    property_id: property,
    booking_date: slot.booking_date,
    booking_time: slot.booking_time,
    client,
    brokerage: 'Oak Realty',
    licence_number: 'TX-778899',
    sms_consent: true,
    message: 'My client loves the garden.',
  });

beforeAll(async () => {
  h = await notifyHarness();
  lister = await makeAgent(h.t, { plan: 'pro', availability: ALL_DAY });
  scout = await makeAgent(h.t, { availability: ALL_DAY });
  third = await makeAgent(h.t, { availability: ALL_DAY });
  await enableTexts(h.t, lister);
  sellerListing = await makeProperty(h.t, lister.id, {
    address: '7 Willow Lane',
    city: 'Austin',
    zipCode: '78701',
    price: 650000,
    bedrooms: 4,
    images: ['https://img.test/willow-1.jpg', 'https://img.test/willow-2.jpg'],
  });
  cheap = await makeProperty(h.t, lister.id, {
    address: '2 Birch Road',
    city: 'Dallas',
    price: 200000,
    bedrooms: 2,
  });
  noticed = await makeProperty(h.t, lister.id, { address: '5 Notice Court', city: 'Austin', price: 400000 });
  optedOut = await makeProperty(h.t, lister.id, { address: '9 Quiet Street', city: 'Austin' });
  await makeProperty(h.t, lister.id, { address: '11 Hidden Way', city: 'Austin', isPublic: false });
  own = await makeProperty(h.t, scout.id, { address: '3 Own Street', city: 'Austin' });
  await h.t.database.db.insert(propertyShowingRules).values([
    { propertyId: sellerListing, approval: 'seller' },
    { propertyId: noticed, minNoticeMinutes: 3 * 24 * 60 },
    { propertyId: cheap, approval: 'agent' },
  ]);
  const contact = await req('POST', `/api/properties/${sellerListing}/contacts`, lister.token, {
    name: 'Pat Seller',
    email: 'pat@sellers.test',
    phone: null,
    role: 'seller',
    gets: { approvals: true, notices: false, feedback: false, weeklyReport: false },
    channel: 'email',
  });
  expect(contact.statusCode, contact.body).toBe(201);
  // Agents are numbered in the order any file of this worker made them: read their names back.
  const nameOf = async (agent: TestAgent) => {
    const [row] = await h.t.database.db
      .select({ first: agents.firstName, last: agents.lastName })
      .from(agents)
      .where(eq(agents.id, agent.id));
    return `${row!.first} ${row!.last}`;
  };
  listerName = await nameOf(lister);
  scoutName = await nameOf(scout);
});
afterAll(async () => {
  await h?.close();
});

describe('Find homes to show', () => {
  it('the listing agent opts a listing out through the property form (network_listed)', async () => {
    const put = await req('PUT', `/api/properties/${optedOut}`, lister.token, {
      address: '9 Quiet Street',
      city: 'Austin',
      state: 'IL',
      zip_code: '62701',
      price: 350000,
      bedrooms: 3,
      bathrooms: 2,
      property_type: 'Residential',
      images: [],
      is_public: true,
      network_listed: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ network_listed: false, is_public: true });
  });

  it('lists the other agents’ published, listed homes with public fields only; filters work', async () => {
    const all = await req('GET', '/api/network/listings', scout.token);
    expect(all.statusCode, all.body).toBe(200);
    const addresses = all.json().data.map((l: { address: string }) => l.address);
    expect(addresses).toEqual(expect.arrayContaining(['7 Willow Lane', '2 Birch Road', '5 Notice Court']));
    // Opted out, unpublished and the caller's own are not there.
    expect(addresses).not.toContain('9 Quiet Street');
    expect(addresses).not.toContain('11 Hidden Way');
    expect(addresses).not.toContain('3 Own Street');
    const willow = all.json().data.find((l: { id: number }) => l.id === sellerListing);
    expect(Object.keys(willow).sort()).toEqual(
      [
        'address',
        'agent',
        'bathrooms',
        'bedrooms',
        'city',
        'id',
        'image',
        'price',
        'property_type',
        'public_id',
        'state',
        'zip_code',
      ].sort(),
    );
    expect(willow).toMatchObject({ image: 'https://img.test/willow-1.jpg', agent: { name: listerName } });
    expect(Object.keys(willow.agent).sort()).toEqual(['company', 'name']);

    const ids = async (qs: string) =>
      (await req('GET', `/api/network/listings?${qs}`, scout.token))
        .json()
        .data.map((l: { id: number }) => l.id);
    expect(await ids('q=willow')).toEqual([sellerListing]);
    expect(await ids('q=78701')).toEqual([sellerListing]);
    expect((await ids('city=dallas')).sort()).toEqual([cheap]);
    expect(await ids('min_price=600000')).toEqual([sellerListing]);
    expect((await ids('max_price=450000')).sort()).toEqual([cheap, noticed].sort());
    expect(await ids('beds=4')).toEqual([sellerListing]);
    // The listing agent sees the scout's listing, not their own.
    const theirs = (await req('GET', '/api/network/listings', lister.token)).json().data;
    expect(theirs.map((l: { id: number }) => l.id)).toEqual([own]);
  });

  it('pages with limit and offset', async () => {
    const first = (await req('GET', '/api/network/listings?limit=2', scout.token)).json();
    expect(first.data).toHaveLength(2);
    expect(first.next_offset).toBe(2);
    const second = (await req('GET', '/api/network/listings?limit=2&offset=2', scout.token)).json();
    expect(second.next_offset).toBeNull();
    expect(second.data.map((l: { id: number }) => l.id)).not.toContain(first.data[0].id);
  });

  it('400 on a bad query, 401 without an account', async () => {
    for (const qs of ['beds=many', 'limit=51', 'min_price=-1', 'min_price=5&max_price=4']) {
      const res = await req('GET', `/api/network/listings?${qs}`, scout.token);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await req('GET', '/api/network/listings')).statusCode).toBe(401);
  });

  it('a listing’s open times are the booking page’s; an unlisted listing is 404, one’s own 409', async () => {
    const slot = slotIn(2, lister);
    const mine = await req(
      'GET',
      `/api/network/listings/${sellerListing}/dates/${slot.booking_date}`,
      scout.token,
    );
    const page = await req('GET', `/api/booking/availability/${sellerListing}/${slot.booking_date}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().slots.map((s: { starts_at: string }) => s.starts_at)).toEqual(
      page.json().slots.map((s: { starts_at: string }) => s.starts_at),
    );
    expect(mine.json().slots.length).toBeGreaterThan(0);
    const hidden = await req(
      'GET',
      `/api/network/listings/${optedOut}/dates/${slot.booking_date}`,
      scout.token,
    );
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'LISTING_NOT_IN_NETWORK' });
    const mineOwn = await req('GET', `/api/network/listings/${own}/dates/${slot.booking_date}`, scout.token);
    expect(mineOwn.statusCode).toBe(409);
  });
});

describe('a showing request through the listing’s rules and approval chain', () => {
  let requestId: string;

  it('refuses a time inside the listing’s minimum notice exactly as the booking page does', async () => {
    const slot = slotIn(1, lister);
    const res = await request(scout.token, noticed, slot);
    const page = await req(
      'POST',
      '/api/booking',
      undefined,
      bookingPayload(lister.id, { property_id: noticed, ...slot, client_email: 'page@buyers.test' }),
    );
    expect(page.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBe(page.statusCode);
    expect(res.json().code).toBe(page.json().code);
  });

  it('refuses the caller’s own listing and an unlisted one', async () => {
    const slot = slotIn(2, scout);
    const mine = await request(scout.token, own, slot);
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toMatchObject({ code: 'OWN_LISTING', error: NETWORK_TEXTS.ownListing });
    expect((await request(scout.token, optedOut, slot)).statusCode).toBe(404);
  });

  it('request → the seller approves by the e-mail link → confirmed; every step reaches the buyer’s agent', async () => {
    const slot = slotIn(2, lister);
    const res = await request(scout.token, sellerListing, slot);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      awaiting: 'seller',
      data: { state: 'waiting_for_seller', status: 'pending' },
    });
    expect(body.message).toBe(NETWORK_TEXTS.sent(listerName, true));
    requestId = body.data.id;

    const [row] = await h.t.database.db.select().from(bookings).where(eq(bookings.id, requestId));
    expect(row).toMatchObject({
      buyerAgentAccountId: scout.id,
      buyerAgentName: scoutName,
      buyerAgentBrokerage: 'Oak Realty',
      buyerAgentLicence: 'TX-778899',
      buyerAgentEmail: scout.email,
      clientEmail: client.email,
    });
    // The consent ledger: the buyer's agent's own number, never the client's.
    const ledger = await h.t.database.db
      .select()
      .from(smsConsentLedger)
      .where(and(eq(smsConsentLedger.bookingId, requestId), eq(smsConsentLedger.event, 'consent')));
    expect(ledger.map((l) => l.phone)).toEqual(['+12125550100']);

    await h.startWorkers();
    const toScout = (subject: RegExp) =>
      h.smtp.to(scout.email).filter((m) => subject.test(m.parsed.subject ?? ''));
    await h.smtp.waitFor(() => toScout(/^Request received/).length === 1);
    const received = toScout(/^Request received/)[0]!.parsed.text ?? '';
    expect(received).toContain(buyerAgentCopyLine(client.name));
    expect(received).toContain(M.buyerWaiting);

    // The seller's e-mail and its approve link.
    const sellerMail = () =>
      h.smtp.to('pat@sellers.test').filter((m) => /Showing request for/.test(m.parsed.subject ?? ''));
    await h.smtp.waitFor(() => sellerMail().length === 1);
    const text = sellerMail()[0]!.parsed.text ?? '';
    const link = new RegExp(`Approve: (${PUBLIC_URL}/seller-approval\\?token=\\S+)`).exec(text)![1]!;
    const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
    const ok = await req('POST', '/api/seller-approval/approve', undefined, { token });
    expect(ok.statusCode, ok.body).toBe(200);

    await h.smtp.waitFor(() => toScout(/^Confirmed/).length === 1);
    expect(toScout(/^Confirmed/)[0]!.parsed.text).toContain(buyerAgentCopyLine(client.name));
    // Texts go to the buyer's agent's own number (their consent), never to the client's.
    const texts = await h.sms.waitFor((m) => m.some((s) => s.to === '+12125550100'));
    expect(texts.some((s) => s.to === '+16465550101')).toBe(false);

    const one = await req('GET', `/api/network/requests/${requestId}`, scout.token);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      state: 'confirmed',
      listing: { address: '7 Willow Lane', city: 'Austin' },
      listing_agent: { name: listerName },
      client: { name: client.name, email: client.email },
      time_zone: lister.timeZone,
    });
  });

  it('a plain request waits for the listing agent; the list is newest first with states and the last firm', async () => {
    const slot = slotIn(3, lister);
    const res = await request(scout.token, cheap, slot);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      awaiting: 'agent',
      message: NETWORK_TEXTS.sent(listerName, false),
    });
    const list = await req('GET', '/api/network/requests', scout.token);
    expect(list.statusCode).toBe(200);
    const data = list.json().data as { id: string; state: string }[];
    expect(data.map((r) => r.state)).toEqual(['requested', 'confirmed']);
    expect(data[1]!.id).toBe(requestId);
    expect(list.json().last_used).toEqual({ brokerage: 'Oak Realty', licence_number: 'TX-778899' });
    expect(list.json().own_phone).toBe('+1 212 555 0100');
  });

  it('the seller proposes another time → "proposed" in the list, and the buyer’s agent gets the proposal by e-mail', async () => {
    const slot = slotIn(4, lister);
    const res = await request(scout.token, sellerListing, slot);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    const sellerMails = () =>
      h.smtp.to('pat@sellers.test').filter((m) => /Showing request for/.test(m.parsed.subject ?? ''));
    await h.smtp.waitFor(() => sellerMails().length === 2);
    const text = sellerMails()[1]!.parsed.text ?? '';
    const link = new RegExp(`Propose another time: (${PUBLIC_URL}/seller-approval\\?token=\\S+)`).exec(
      text,
    )![1]!;
    const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
    const page = (await req('GET', `/api/seller-approval?token=${encodeURIComponent(token)}`)).json().data;
    const proposed = await req('POST', '/api/seller-approval/propose', undefined, {
      token,
      starts_at: page.open_times[2].starts_at,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const proposalMail = () =>
      h.smtp.to(scout.email).filter((m) => (m.parsed.text ?? '').includes('/booking/proposal?token='));
    await h.smtp.waitFor(() => proposalMail().length === 1);
    expect(proposalMail()[0]!.parsed.text).toContain(buyerAgentCopyLine(client.name));
    expect(
      h.smtp.to(client.email).some((m) => (m.parsed.text ?? '').includes('/booking/proposal?token=')),
    ).toBe(true);
    const one = await req('GET', `/api/network/requests/${id}`, scout.token);
    expect(one.json().data.state).toBe('proposed');
  });

  it('another agent’s request is 404, and the listing agent’s other data is not in the list', async () => {
    expect((await req('GET', `/api/network/requests/${requestId}`, third.token)).statusCode).toBe(404);
    expect((await req('GET', `/api/network/requests/${requestId}`, lister.token)).statusCode).toBe(404);
    expect((await req('GET', '/api/network/requests/not-an-id', scout.token)).statusCode).toBe(404);
    expect((await req('GET', '/api/network/requests', third.token)).json().data).toEqual([]);
  });
});

describe('the listing agent’s answers reach the buyer’s agent by e-mail, and the list follows them', () => {
  const toScout = (subject: RegExp) =>
    h.smtp.to(scout.email).filter((m) => subject.test(m.parsed.subject ?? ''));
  const states = async () =>
    Object.fromEntries(
      (
        (await req('GET', '/api/network/requests', scout.token)).json().data as {
          listing: { address: string };
          state: string;
          id: string;
        }[]
      ).map((r) => [`${r.listing.address}:${r.id}`, r.state]),
    );

  it('moved, then cancelled by the listing agent; a request declined', async () => {
    const list = (await req('GET', '/api/network/requests', scout.token)).json().data as {
      id: string;
      state: string;
      listing: { address: string };
    }[];
    const confirmed = list.find((r) => r.state === 'confirmed')!;
    const requested = list.find((r) => r.state === 'requested')!;

    const slot = slotIn(6, lister);
    const moved = await req('PUT', `/api/bookings/${confirmed.id}/reschedule`, lister.token, {
      booking_date: slot.booking_date,
      booking_time: slot.booking_time,
      reschedule_reason: 'The seller asked for a later day',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const newId = moved.json().data.id as string;
    await h.smtp.waitFor(() => toScout(/^Moved/).length === 1);
    expect(toScout(/^Moved/)[0]!.parsed.text).toContain(buyerAgentCopyLine(client.name));
    // The list shows the showing at its new time (the replaced row is not listed twice).
    const afterMove = await states();
    expect(afterMove[`7 Willow Lane:${newId}`]).toBe('confirmed');
    expect(afterMove[`7 Willow Lane:${confirmed.id}`]).toBeUndefined();
    expect((await req('GET', `/api/network/requests/${newId}`, scout.token)).statusCode).toBe(200);

    const cancelled = await req('PUT', `/api/bookings/${newId}`, lister.token, {
      action: 'cancel',
      reason: 'The seller accepted an offer',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await h.smtp.waitFor(() => toScout(/^Cancelled/).length === 1);

    const declined = await req('PUT', `/api/bookings/${requested.id}`, lister.token, {
      action: 'decline',
      reason: null,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    await h.smtp.waitFor(() => toScout(/^Not available/).length === 1);

    const after = await states();
    expect(after[`7 Willow Lane:${newId}`]).toBe('cancelled');
    expect(after[`2 Birch Road:${requested.id}`]).toBe('declined');
  });
});
