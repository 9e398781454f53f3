// Issue 32 §2 (decision 053): sellers and occupants, and the seller in the loop. Contacts per property (scope,
// validation, consent, plan gate); a booking of a "seller approves" listing opens a request whose e-mail (read
// from the SMTP server on 127.0.0.1) carries one signed link per action; the seller approves → the buyer's
// confirmation; declines → the buyer's kind notice; proposes → the buyer's time proposal; blocks → the rules'
// blocks and the schedule version. Links used twice or tampered are clear 4xx; reminders go once across a
// worker restart; at the showing's start the request expires with a kind message to the buyer.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalTimeline } from '@keyturn/domain/listing/sellerApproval';
import { SELLER_APPROVAL_MESSAGES as M } from '@keyturn/domain/listing/sellerApprovalTexts';
import { isoDateInZone } from '@keyturn/domain/time';
import { TIME_PROPOSAL_MESSAGES } from '@keyturn/domain/routes/proposals';
import {
  availabilitySettings,
  bookings,
  propertyShowingRules,
  sellerApprovalLinks,
  sellerApprovalRequests,
  timeProposals,
} from '../src/db/schema';
import { createMailer } from '../src/adapters/mail';
import { t as message } from '../src/i18n';
import { databaseOutbox } from '../src/adapters/outbox';
import { runSellerJob, type SellerMailDeps } from '../src/modules/sellers/approval-mail';
import { linkSignerOf } from '../src/modules/sellers/links';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import {
  ALL_DAY,
  DAY,
  HOUR,
  notifyHarness,
  PUBLIC_URL,
  slotBetween,
  type NotifyHarness,
} from './support/notify';

let h: NotifyHarness;
let pro: TestAgent;
let other: TestAgent;
let basic: TestAgent;
let listing: number;
let foreign: number;

const req = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) => h.t.request({ method, url, token, payload });
const contacts = (p: number) => `/api/properties/${p}/contacts`;
const seller = {
  name: 'Pat Seller',
  email: 'pat@sellers.test',
  phone: null,
  role: 'seller',
  gets: { approvals: true, notices: true, feedback: false, weeklyReport: false },
  channel: 'email',
};

async function bookListing(email: string, dayOffset: number, awaiting: 'seller' | 'agent' = 'seller') {
  const now = h.clock.now();
  const slot = slotBetween(
    new Date(now.getTime() + dayOffset * DAY + 2 * HOUR),
    new Date(now.getTime() + (dayOffset + 1) * DAY),
    pro.timeZone,
  );
  const res = await req(
    'POST',
    '/api/booking',
    undefined,
    bookingPayload(pro.id, {
      property_id: listing,
      client_email: email,
      client_name: 'Casey Buyer',
      booking_date: slot.booking_date,
      booking_time: slot.booking_time,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().booking).toMatchObject({ status: 'pending', awaiting });
  return { id: res.json().booking.id as string, startsAt: slot.startsAt };
}

const requestOf = async (bookingId: string) =>
  (
    await h.t.database.db
      .select()
      .from(sellerApprovalRequests)
      .where(eq(sellerApprovalRequests.bookingId, bookingId))
  )[0]!;
const bookingRow = async (id: string) =>
  (await h.t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** The seller's e-mail for a request: its links by label. */
// Issue 39 §2: a contact also ticked for "Booked and cancelled showings" gets those notices in between.
const requestMails = (to: string) =>
  h.smtp.to(to).filter((m) => /Showing request for/.test(m.parsed.subject ?? ''));

/** The buyer's mail telling them the answer, whatever came before it. */
async function answerMail(to: string, subject: RegExp) {
  const answers = () => h.smtp.to(to).filter((m) => subject.test(m.parsed.subject ?? ''));
  await h.smtp.waitFor(() => answers().length === 1);
  return answers()[0]!;
}

async function linksIn(to: string, count: number) {
  const requests = () => requestMails(to);
  await h.smtp.waitFor(() => requests().length >= count);
  const text = requests()[count - 1]!.parsed.text ?? '';
  const link = (label: string) => {
    const m = new RegExp(`${label}: (${PUBLIC_URL}/seller-approval\\?token=\\S+)`).exec(text);
    return m ? decodeURIComponent(new URL(m[1]!).searchParams.get('token')!) : null;
  };
  return {
    text,
    approve: link('Approve')!,
    decline: link('Decline')!,
    propose: link('Propose another time')!,
    block: link('Block times')!,
  };
}

beforeAll(async () => {
  h = await notifyHarness();
  pro = await makeAgent(h.t, { plan: 'pro', availability: ALL_DAY });
  other = await makeAgent(h.t, { plan: 'pro', availability: ALL_DAY });
  basic = await makeAgent(h.t, { availability: ALL_DAY });
  listing = await makeProperty(h.t, pro.id, { address: '7 Willow Lane' });
  foreign = await makeProperty(h.t, other.id, { address: '9 Other St' });
  await h.t.database.db.insert(propertyShowingRules).values({ propertyId: listing, approval: 'seller' });
});
afterAll(async () => {
  await h?.close();
});

describe('contacts: sellers and occupants of a property', () => {
  let contactId: string;
  it('adds, lists, changes and removes a contact; another agent’s property is 404 on every route', async () => {
    const created = await req('POST', contacts(listing), pro.token, seller);
    expect(created.statusCode, created.body).toBe(201);
    contactId = created.json().data.id;
    expect(created.json().data).toMatchObject({
      name: 'Pat Seller',
      role: 'seller',
      channel: 'email',
      sms_consent_at: null,
    });
    const listed = await req('GET', contacts(listing), pro.token);
    expect(listed.json().data.map((c: { id: string }) => c.id)).toEqual([contactId]);

    const occupant = await req('POST', contacts(listing), pro.token, {
      name: 'Olly Occupant',
      phone: '+1 646 555 0123',
      role: 'occupant',
      channel: 'sms',
      sms_consent: true,
    });
    expect(occupant.statusCode, occupant.body).toBe(201);
    expect(occupant.json().data.sms_consent_at).not.toBeNull();
    const renamed = await req('PATCH', `${contacts(listing)}/${occupant.json().data.id}`, pro.token, {
      name: 'Olly O.',
    });
    expect(renamed.json().data).toMatchObject({ name: 'Olly O.', phone: '+1 646 555 0123' });
    expect(
      (await req('DELETE', `${contacts(listing)}/${occupant.json().data.id}`, pro.token)).statusCode,
    ).toBe(200);
    expect((await req('GET', contacts(listing), pro.token)).json().data).toHaveLength(1);

    // Another agent: every route 404, nothing changed.
    const theirs = [
      await req('GET', contacts(listing), other.token),
      await req('POST', contacts(listing), other.token, seller),
      await req('PATCH', `${contacts(listing)}/${contactId}`, other.token, { name: 'X' }),
      await req('DELETE', `${contacts(listing)}/${contactId}`, other.token),
      await req('PATCH', `${contacts(foreign)}/${contactId}`, pro.token, { name: 'X' }),
      await req('GET', contacts(foreign), pro.token),
    ];
    expect(theirs.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await req('GET', contacts(listing), pro.token)).json().data[0].name).toBe('Pat Seller');
  });

  it('bad input is a 400 with fields: no e-mail and no phone, texts without consent or phone, a bad e-mail, a role', async () => {
    const cases: [object, string][] = [
      [{ name: 'A', role: 'seller' }, 'email'],
      [{ name: 'A', role: 'seller', phone: '+1 646 555 0123', channel: 'sms' }, 'sms_consent'],
      [{ name: 'A', role: 'seller', email: 'a@b.test', channel: 'sms', sms_consent: true }, 'phone'],
      [{ name: 'A', role: 'seller', email: 'not-an-email' }, 'email'],
      [{ name: 'A', role: 'landlord', email: 'a@b.test' }, 'role'],
      [{ name: '', role: 'seller', email: 'a@b.test' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await req('POST', contacts(listing), pro.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    const patched = await req('PATCH', `${contacts(listing)}/${contactId}`, pro.token, { email: null });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fields.email).toBe(M.contactNeedsReach);
    expect((await req('PATCH', `${contacts(listing)}/not-a-uuid`, pro.token, { name: 'B' })).statusCode).toBe(
      404,
    );
  });

  it('one person, one contact per listing: the same e-mail (any case) or phone again is a 409 naming the field; two saves at once make one', async () => {
    const mine = await makeProperty(h.t, pro.id, { address: '7 Twin Lane' });
    const pat = { ...seller, email: 'twin@sellers.test', phone: '+1 646 555 0190' };
    const first = await req('POST', contacts(mine), pro.token, pat);
    expect(first.statusCode, first.body).toBe(201);
    const sameEmail = await req('POST', contacts(mine), pro.token, {
      ...pat,
      email: 'TWIN@sellers.test',
      phone: null,
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      code: 'CONTACT_EXISTS',
      fields: { email: M.contactEmailTaken(pat.name) },
    });
    const samePhone = await req('POST', contacts(mine), pro.token, { ...pat, email: 'other@sellers.test' });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().fields).toEqual({ phone: M.contactPhoneTaken(pat.name) });
    // Changing another contact to Pat's address is refused the same way; changing Pat keeps Pat's own.
    const olly = await req('POST', contacts(mine), pro.token, {
      ...pat,
      name: 'Olly',
      email: 'olly@x.test',
      phone: null,
    });
    expect(olly.statusCode).toBe(201);
    const moved = await req('PATCH', `${contacts(mine)}/${olly.json().data.id}`, pro.token, {
      email: pat.email,
    });
    expect(moved.statusCode).toBe(409);
    const self = await req('PATCH', `${contacts(mine)}/${first.json().data.id}`, pro.token, {
      name: 'Pat S.',
    });
    expect(self.statusCode, self.body).toBe(200);
    // A double click: two identical saves at once leave one contact.
    const twice = await Promise.all([
      req('POST', contacts(mine), pro.token, { ...pat, name: 'Dee', email: 'dee@x.test', phone: null }),
      req('POST', contacts(mine), pro.token, { ...pat, name: 'Dee', email: 'dee@x.test', phone: null }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const listed = (await req('GET', contacts(mine), pro.token)).json().data as { email: string | null }[];
    expect(listed.map((c) => c.email)).toEqual(['twin@sellers.test', 'olly@x.test', 'dee@x.test']);
  });

  it('approval requests are a Professional feature, refused on Basic by the server', async () => {
    const mine = await makeProperty(h.t, basic.id);
    const res = await req('POST', contacts(mine), basic.token, seller);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED' });
    const notices = await req('POST', contacts(mine), basic.token, { ...seller, gets: { notices: true } });
    expect(notices.statusCode).toBe(201);
  });
});

describe('the approval chain, end to end with the SMTP server', () => {
  it('request → the seller approves by the e-mail’s link → the buyer’s confirmation; the link twice or tampered is a clear 4xx', async () => {
    const booked = await bookListing('approve@buyers.test', 2);
    expect((await bookingRow(booked.id)).status).toBe('pending');
    const request = await requestOf(booked.id);
    const t = approvalTimeline(request.createdAt, booked.startsAt, pro.timeZone);
    expect(request).toMatchObject({
      status: 'open',
      expiresAt: booked.startsAt,
      reminderAt: t.reminderAt,
      escalateAt: t.escalateAt,
    });

    await h.startWorkers();
    const links = await linksIn('pat@sellers.test', 1);
    expect(links.text).toContain('7 Willow Lane');
    // The buyer is told the seller confirms (not the agent), by e-mail and on the manage page.
    await h.smtp.waitFor(() => h.smtp.to('approve@buyers.test').length === 1);
    const waiting = h.smtp.to('approve@buyers.test')[0]!.parsed.text ?? '';
    expect(waiting).toContain(M.buyerWaiting);
    const { manageToken } = await bookingRow(booked.id);
    const manage = await req('GET', `/api/booking/manage?token=${manageToken}`);
    expect(manage.json().booking).toMatchObject({ status: 'pending', awaiting: 'seller' });

    // The agent sees who was asked; nobody answered yet.
    const state = await req('GET', `/api/bookings/${booked.id}/seller-approval`, pro.token);
    expect(state.json().data).toMatchObject({ status: 'open', asked: ['Pat Seller'], answered_by: null });
    expect((await req('GET', `/api/bookings/${booked.id}/seller-approval`, other.token)).statusCode).toBe(
      404,
    );

    const page = await req('GET', `/api/seller-approval?token=${encodeURIComponent(links.approve)}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      action: 'approve',
      status: 'open',
      link_used: false,
      contact_name: 'Pat Seller',
    });

    // The decline link cannot approve; a changed signature is refused before anything is read.
    expect(
      (await req('POST', '/api/seller-approval/approve', undefined, { token: links.decline })).statusCode,
    ).toBe(400);
    const tampered = links.approve.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const bad = await req('POST', '/api/seller-approval/approve', undefined, { token: tampered });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ code: 'APPROVAL_LINK_INVALID', error: M.linkInvalid });

    const ok = await req('POST', '/api/seller-approval/approve', undefined, { token: links.approve });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', message: M.approved });
    expect((await bookingRow(booked.id)).status).toBe('confirmed');
    const again = await req('POST', '/api/seller-approval/approve', undefined, { token: links.approve });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'APPROVAL_LINK_USED',
      error: 'Pat Seller approved this request: the showing is confirmed.',
    });
    const late = await req('POST', '/api/seller-approval/decline', undefined, {
      token: links.decline,
      reason: null,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'APPROVAL_ANSWERED',
      error: 'Pat Seller approved this request: the showing is confirmed.',
    });
    // Issue 43: the same refusal to a Spanish page, in the seller area's Spanish, the name as written.
    const lateEs = await h.t.request({
      method: 'POST',
      url: '/api/seller-approval/decline',
      headers: { 'accept-language': 'es' },
      payload: { token: links.decline, reason: null },
    });
    expect(lateEs.json()).toEqual({
      code: 'APPROVAL_ANSWERED',
      error: message('es', 'seller.noteApproved', { who: 'Pat Seller' }),
    });
    expect(lateEs.json().error).not.toBe(late.json().error);

    // The buyer's confirmation e-mail. (Their "Request received" goes out only if its job ran before the
    // answer: the worker may be that late, and then it is not sent at all.)
    await answerMail('approve@buyers.test', /^Confirmed/);
    const answered = await req('GET', `/api/bookings/${booked.id}/seller-approval`, pro.token);
    expect(answered.json().data).toMatchObject({
      status: 'approved',
      answered_by: 'Pat Seller',
      summary: 'Pat Seller approved',
    });
    await h.stopWorkers();
  });

  it('decline (with a reason) → the booking declined and the buyer’s kind notice offering other times', async () => {
    const booked = await bookListing('decline@buyers.test', 3);
    await h.startWorkers();
    const links = await linksIn('pat@sellers.test', 2);
    const res = await req('POST', '/api/seller-approval/decline', undefined, {
      token: links.decline,
      reason: 'We are away that day',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bookingRow(booked.id)).toMatchObject({
      status: 'declined',
      cancelReason: 'We are away that day',
    });
    const notice = (await answerMail('decline@buyers.test', /^Not available/)).parsed.text ?? '';
    expect(notice).toContain('Choose another time');
    expect((await requestOf(booked.id)).declineReason).toBe('We are away that day');
    await h.stopWorkers();
  });

  it('propose → the buyer gets the proposed time (decision 042’s proposal) from the property’s open times only', async () => {
    const booked = await bookListing('propose@buyers.test', 4);
    await h.startWorkers();
    const links = await linksIn('pat@sellers.test', 3);
    const page = (await req('GET', `/api/seller-approval?token=${encodeURIComponent(links.propose)}`)).json()
      .data;
    expect(page.open_times.length).toBeGreaterThan(0);
    expect(page.open_times.map((o: { starts_at: string }) => o.starts_at)).not.toContain(
      booked.startsAt.toISOString(),
    );
    const notOpen = await req('POST', '/api/seller-approval/propose', undefined, {
      token: links.propose,
      starts_at: new Date(h.clock.now().getTime() - DAY).toISOString(),
    });
    expect(notOpen.statusCode).toBe(409);
    const choice = page.open_times[3].starts_at as string;
    const res = await req('POST', '/api/seller-approval/propose', undefined, {
      token: links.propose,
      starts_at: choice,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [proposal] = await h.t.database.db
      .select()
      .from(timeProposals)
      .where(eq(timeProposals.bookingId, booked.id));
    expect(proposal).toMatchObject({ status: 'proposed', startsAt: new Date(choice) });
    expect((await bookingRow(booked.id)).status).toBe('pending');
    await h.smtp.waitFor(() =>
      h.smtp
        .to('propose@buyers.test')
        .some((m) => (m.parsed.text ?? '').includes('/booking/proposal?token=')),
    );
    // Issue 39 §7: the buyer is told the seller proposed it, not that the agent is planning the day.
    const offer = h.smtp
      .to('propose@buyers.test')
      .find((m) => (m.parsed.text ?? '').includes('/booking/proposal?token='))!;
    expect(offer.parsed.subject).toMatch(/^The seller proposes another time for your showing on /);
    expect(offer.parsed.text).toContain(TIME_PROPOSAL_MESSAGES.introSeller);
    expect(offer.parsed.text).not.toContain("planning the day's showings");
    await h.stopWorkers();
  });

  it('block "not tonight" from the link → the requested showing’s evening (not today) blocked by the contact, the request declined with the reason and the buyer told; once (issue 39 §10)', async () => {
    const booked = await bookListing('block@buyers.test', 5);
    await h.startWorkers();
    const links = await linksIn('pat@sellers.test', 4);
    const version = async () =>
      Number(
        (
          await h.t.database.db.execute<{ version: string }>(
            sql`select version from schedule_versions where agent_id = ${pro.id}::uuid`,
          )
        ).rows[0]!.version,
      );
    const before = await version();
    const sellerId = (await req('GET', contacts(listing), pro.token)).json().data[0].id;
    const tooLong = await req('POST', '/api/seller-approval/block', undefined, {
      token: links.block,
      date: '2099-01-01',
      start: '07:00',
      end: '23:00',
    });
    expect(tooLong.statusCode).toBe(400);
    const res = await req('POST', '/api/seller-approval/block', undefined, {
      token: links.block,
      tonight: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [rules] = await h.t.database.db
      .select()
      .from(propertyShowingRules)
      .where(eq(propertyShowingRules.propertyId, listing));
    expect(rules!.blocks).toEqual([
      expect.objectContaining({
        kind: 'once',
        // The evening of the requested showing's date in the property's zone, five days from now.
        date: isoDateInZone(booked.startsAt, pro.timeZone),
        start: '17:00',
        end: '23:59',
        by: 'contact',
        contactId: sellerId,
      }),
    ]);
    expect(isoDateInZone(booked.startsAt, pro.timeZone)).not.toBe(isoDateInZone(h.clock.now(), pro.timeZone));
    expect(await version()).toBeGreaterThan(before);
    expect(res.json().data).toMatchObject({ status: 'declined', message: M.blockedAndDeclined });
    // "Not tonight" answers the request: declined with the reason, the buyer's decline notice as usual.
    expect(await requestOf(booked.id)).toMatchObject({
      status: 'declined',
      declineReason: M.notTonightReason,
      answeredByName: 'Pat Seller',
    });
    expect(await bookingRow(booked.id)).toMatchObject({
      status: 'declined',
      cancelReason: M.notTonightReason,
    });
    const notice = (await answerMail('block@buyers.test', /^Not available/)).parsed.text ?? '';
    expect(notice).toContain(M.notTonightReason);
    await h.stopWorkers();
    // The spent link says what the answer was and who gave it.
    const again = await req('POST', '/api/seller-approval/block', undefined, {
      token: links.block,
      tonight: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Pat Seller declined this request: the buyer has been told.');
    const page = (await req('GET', `/api/seller-approval?token=${encodeURIComponent(links.approve)}`)).json();
    expect(page.data).toMatchObject({
      status: 'declined',
      answered_by: 'Pat Seller',
      booking_status: 'declined',
    });
  });

  it('the reminder goes once across a worker restart; the escalation reaches the agent; at the start the request expires kindly', async () => {
    const booked = await bookListing('expire@buyers.test', 6);
    const request = await requestOf(booked.id);
    const deps: SellerMailDeps = {
      db: h.t.database.db,
      mailer: createMailer({ smtpUrl: h.smtp.url, outbox: databaseOutbox(h.t.database.db) }),
      sms: { transport: 'sms', send: async () => ({ transport: 'sms', providerRef: 'x', fileName: null }) },
      signer: linkSignerOf(h.t.config),
      publicUrl: PUBLIC_URL,
      mailFrom: h.t.config.mail.from,
      smsDefaultCountry: 'US',
      now: h.clock.now,
    };
    const attempt = { retryCount: 0, retryLimit: 2 };
    const reminder = {
      kind: 'seller.approval' as const,
      requestId: request.id,
      step: 'reminder' as const,
      at: request.reminderAt!.toISOString(),
    };
    const before = requestMails('pat@sellers.test').length;
    expect((await runSellerJob(deps, reminder, attempt)).sent).toBe(1);
    // A second worker (or the same job after a restart) finds the message sent.
    expect((await runSellerJob(deps, reminder, attempt)).sent).toBe(0);
    await h.smtp.waitFor(() => requestMails('pat@sellers.test').length === before + 1);
    expect(requestMails('pat@sellers.test').at(-1)!.parsed.subject).toMatch(/^Reminder: /);
    expect((await requestOf(booked.id)).remindersSent).toBe(1);

    const escalation = { ...reminder, step: 'escalation' as const, at: request.escalateAt!.toISOString() };
    expect((await runSellerJob(deps, escalation, attempt)).sent).toBe(1);
    await h.smtp.waitFor(() =>
      h.smtp.to(pro.email).some((m) => /No answer yet from the seller/.test(m.parsed.subject ?? '')),
    );

    const expiry = { ...reminder, step: 'expiry' as const, at: request.expiresAt.toISOString() };
    expect((await runSellerJob(deps, expiry, attempt)).sent).toBe(1);
    expect((await runSellerJob(deps, expiry, attempt)).sent).toBe(0);
    expect((await requestOf(booked.id)).status).toBe('expired');
    expect((await bookingRow(booked.id)).status).toBe('declined');
    await h.smtp.waitFor(() =>
      h.smtp.to('expire@buyers.test').some((m) => (m.parsed.text ?? '').includes(M.expiredBuyer)),
    );
    // The seller's links now say so.
    const links = await linksIn('pat@sellers.test', before + 1);
    const res = await req('POST', '/api/seller-approval/approve', undefined, { token: links.approve });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('APPROVAL_EXPIRED');
    deps.mailer.close();
  });

  it('the queued steps are the domain timeline’s times, one job each', async () => {
    const booked = await bookListing('jobs@buyers.test', 7);
    const request = await requestOf(booked.id);
    const jobs = await h.t.database.db.execute<{ data: { step: string }; start_after: Date }>(
      sql`select data, start_after from pgboss.job where name = 'notifications' and data->>'requestId' = ${request.id}`,
    );
    const byStep = Object.fromEntries(
      jobs.rows.map((j) => [j.data.step, new Date(j.start_after).toISOString()]),
    );
    expect(byStep).toEqual({
      request: request.createdAt.toISOString(),
      reminder: request.reminderAt!.toISOString(),
      escalation: request.escalateAt!.toISOString(),
      expiry: request.expiresAt.toISOString(),
    });
    // A property without approval contacts: the agent approves as before (no request).
    await h.t.database.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(and(eq(bookings.id, booked.id)));
  });
});

describe('the agent and the seller', () => {
  it('the agent approves a "seller" booking themselves: the seller’s request is withdrawn, no reminder follows', async () => {
    const booked = await bookListing('agent-first@buyers.test', 8);
    const res = await req('PUT', `/api/bookings/${booked.id}`, pro.token, { action: 'confirm' });
    expect(res.json().data.status).toBe('confirmed');
    expect((await requestOf(booked.id)).status).toBe('withdrawn');
  });

  it('"agent, then seller": the agent’s yes opens the seller’s request and the booking waits; the seller’s yes confirms', async () => {
    const db = h.t.database.db;
    await db
      .update(propertyShowingRules)
      .set({ approval: 'agent_then_seller' })
      .where(eq(propertyShowingRules.propertyId, listing));
    await db
      .update(availabilitySettings)
      .set({ requiresApproval: true })
      .where(eq(availabilitySettings.agentId, pro.id));
    try {
      const booked = await bookListing('chain@buyers.test', 9, 'agent');
      // Before the agent answers, nobody asked the seller.
      expect(await requestOf(booked.id)).toBeUndefined();
      const agentYes = await req('PUT', `/api/bookings/${booked.id}`, pro.token, { action: 'confirm' });
      expect(agentYes.statusCode, agentYes.body).toBe(200);
      expect(agentYes.json().data.status).toBe('pending');
      const request = await requestOf(booked.id);
      expect(request.status).toBe('open');
      const [link] = await db
        .select()
        .from(sellerApprovalLinks)
        .where(and(eq(sellerApprovalLinks.requestId, request.id), eq(sellerApprovalLinks.action, 'approve')));
      const token = linkSignerOf(h.t.config).sign(link!.id, 'approve');
      const yes = await req('POST', '/api/seller-approval/approve', undefined, { token });
      expect(yes.statusCode, yes.body).toBe(200);
      expect((await bookingRow(booked.id)).status).toBe('confirmed');
    } finally {
      await db
        .update(propertyShowingRules)
        .set({ approval: 'seller' })
        .where(eq(propertyShowingRules.propertyId, listing));
      await db
        .update(availabilitySettings)
        .set({ requiresApproval: false })
        .where(eq(availabilitySettings.agentId, pro.id));
    }
  });
});

describe('texts where the contact consented', () => {
  it('an occupant who gets approvals by e-mail and text is texted the Approve and Decline links too', async () => {
    const added = await req('POST', contacts(listing), pro.token, {
      name: 'Olly Occupant',
      email: 'olly@sellers.test',
      phone: '+1 646 555 0177',
      role: 'occupant',
      gets: { approvals: true, notices: false, feedback: false, weeklyReport: false },
      channel: 'both',
      sms_consent: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    await bookListing('texted@buyers.test', 10);
    await h.startWorkers();
    const [text] = await h.sms.waitFor((m) => m.some((s) => s.to === '+16465550177'));
    expect(text!.body).toMatch(/Approve: http:\/\/keyturn\.test\/seller-approval\?token=\S+ Decline: /);
    await h.smtp.waitFor(() => h.smtp.to('olly@sellers.test').length === 1);
    await h.stopWorkers();
  });
});
