// Issue 39 §2: every stored contact preference has a reader. A contact ticked for one kind of message — and only
// that — gets a message when its event happens (read from the SMTP server on 127.0.0.1): approval requests, booked
// and cancelled showings, feedback, the weekly report. The domain's list of kinds drives the first test, so a kind
// added without a reader fails it. Then: what the notices say, texts where the contact consented, and a buyer's
// cancellation reaching the seller who was asked to approve.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_GETS_KINDS, type ContactGetsKind } from '@keyturn/domain/listing/sellerNotices';
import { SELLER_NOTICE_TEXTS as T } from '@keyturn/domain/listing/sellerNotices';
import { SELLER_APPROVAL_MESSAGES as M } from '@keyturn/domain/listing/sellerApprovalTexts';
import { WHO_DECIDES } from '@keyturn/domain/listing/whoDecides';
import { bookings, notificationMessages, propertyShowingRules } from '../src/db/schema';
import { jobOptionsOf, openJobQueue } from '../src/jobs/queue';
import { queueWeeklyDigests } from '../src/modules/seller-report/digest';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import { ALL_DAY, bookAt, DAY, HOUR, notifyHarness, slotBetween, type NotifyHarness } from './support/notify';

let h: NotifyHarness;
let pro: TestAgent;
let seq = 0;

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  h.t.request({ method, url, token, payload });

const gets = (kind: ContactGetsKind | null) => ({
  approvals: kind === 'approvals',
  notices: kind === 'notices',
  feedback: kind === 'feedback',
  weeklyReport: kind === 'weeklyReport',
});

/** A new listing of `pro` with one contact ticked for `kind` only (and an e-mail of their own). */
async function listingWith(kind: ContactGetsKind | null, extra: object = {}) {
  seq += 1;
  const property = await makeProperty(h.t, pro.id, { address: `${seq} Notice Lane` });
  const email = `contact${seq}@sellers.test`;
  const res = await req('POST', `/api/properties/${property}/contacts`, pro.token, {
    name: `Sam Seller${seq}`,
    email,
    phone: null,
    role: 'seller',
    gets: gets(kind),
    channel: 'email',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { property, email };
}

/** The agent books a confirmed showing of the listing, `days` ahead. */
const bookConfirmed = (property: number, days: number, overrides: Record<string, unknown> = {}) =>
  bookAt(h.t, pro, new Date(h.clock.now().getTime() + days * DAY + 3 * HOUR), {
    property_id: property,
    client_email: `buyer${seq}@buyers.test`,
    client_name: 'Casey Buyer',
    ...overrides,
  });

/** A buyer requests a showing from the booking page (a "seller approves" listing waits for the seller). */
async function requestShowing(property: number, days: number) {
  const now = h.clock.now();
  const slot = slotBetween(
    new Date(now.getTime() + days * DAY + 2 * HOUR),
    new Date(now.getTime() + (days + 1) * DAY),
    pro.timeZone,
  );
  const res = await req(
    'POST',
    '/api/booking',
    undefined,
    bookingPayload(pro.id, {
      property_id: property,
      client_email: `requester${seq}@buyers.test`,
      client_name: 'Riley Requester',
      booking_date: slot.booking_date,
      booking_time: slot.booking_time,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await h.t.database.db
    .select({ manageToken: bookings.manageToken })
    .from(bookings)
    .where(eq(bookings.id, res.json().booking.id));
  return { id: res.json().booking.id as string, manageToken: row!.manageToken };
}

async function giveFeedback(bookingId: string) {
  const [row] = await h.t.database.db
    .select({ publicId: bookings.publicId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  const res = await req('PUT', `/api/feedback/public/${row!.publicId}`, undefined, {
    rating: 4,
    interest_level: 'somewhat_interested',
    price_opinion: 'fair',
    second_showing: false,
    liked: 'The garden',
    comments: 'Kitchen is small',
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** What makes each kind of message happen. A kind missing here does not compile; one without a reader fails. */
const TRIGGERS: Record<ContactGetsKind, (property: number) => Promise<void>> = {
  approvals: async (property) => {
    await h.t.database.db.insert(propertyShowingRules).values({ propertyId: property, approval: 'seller' });
    await requestShowing(property, 3);
  },
  notices: async (property) => {
    await bookConfirmed(property, 2);
  },
  feedback: async (property) => {
    const booked = await bookConfirmed(property, 4);
    await giveFeedback(booked.id);
  },
  weeklyReport: async (property) => {
    await bookConfirmed(property, 5);
    const queue = await openJobQueue(h.t.database.db, jobOptionsOf(h.t.config));
    await queueWeeklyDigests(h.t.database.db, queue, h.clock.now());
  },
};

beforeAll(async () => {
  h = await notifyHarness();
  pro = await makeAgent(h.t, { plan: 'pro', availability: ALL_DAY });
});
afterAll(async () => {
  await h?.close();
});

describe('every stored contact preference has a reader', () => {
  it.each(CONTACT_GETS_KINDS.map((k) => [k]))(
    'a contact ticked only for "%s" receives a message when it happens',
    async (kind) => {
      expect(TRIGGERS[kind], `no trigger for the preference "${kind}"`).toBeTypeOf('function');
      const { property, email } = await listingWith(kind);
      await TRIGGERS[kind](property);
      await h.startWorkers();
      await h.smtp.waitFor(() => h.smtp.to(email).length >= 1);
      // Recorded as a message to the seller (Settings → Messages), once its delivery committed.
      await vi.waitFor(async () => {
        const [stored] = await h.t.database.db
          .select()
          .from(notificationMessages)
          .where(eq(notificationMessages.recipient, email));
        expect(stored).toMatchObject({ status: 'sent', audience: 'seller' });
      });
      await h.stopWorkers();
    },
  );

  it('a contact ticked for nothing receives nothing from a booked, cancelled or reviewed showing', async () => {
    const { property, email } = await listingWith(null);
    const booked = await bookConfirmed(property, 6);
    await giveFeedback(booked.id);
    await req('POST', '/api/booking/cancel', undefined, {
      token: booked.manage_token,
      reason: 'Changed plans',
    });
    const watcher = await listingWith('notices');
    await bookConfirmed(watcher.property, 6);
    await h.startWorkers();
    // The other listing's notice went out: the queue ran; this contact still has nothing.
    await h.smtp.waitFor(() => h.smtp.to(watcher.email).length >= 1);
    expect(h.smtp.to(email)).toHaveLength(0);
    await h.stopWorkers();
  });
});

describe('what the notices say', () => {
  it('booked, then cancelled by the buyer: the seller is told both, the buyer named as who cancelled', async () => {
    const { property, email } = await listingWith('notices');
    const booked = await bookConfirmed(property, 7);
    await h.startWorkers();
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    const first = h.smtp.to(email)[0]!;
    expect(first.parsed.subject).toMatch(/^Showing booked: \d+ Notice Lane, /);
    expect(first.parsed.text).toContain(T.booked.heading);
    expect(first.parsed.text).toContain('Booked and cancelled showings');
    expect(first.parsed.text).not.toContain('Casey Buyer');
    const cancel = await req('POST', '/api/booking/cancel', undefined, {
      token: booked.manage_token,
      reason: 'Changed plans',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await h.smtp.waitFor(() => h.smtp.to(email).length === 2);
    const second = h.smtp.to(email)[1]!;
    expect(second.parsed.subject).toMatch(/^Showing cancelled: /);
    expect(second.parsed.text).toContain('The buyer cancelled the showing');
    await h.stopWorkers();
  });

  it('feedback reaches the contact without the buyer’s name; texts go where the contact consented', async () => {
    const { property, email } = await listingWith('feedback', {
      phone: '+1 646 555 0188',
      channel: 'both',
      sms_consent: true,
    });
    const booked = await bookConfirmed(property, 8);
    await giveFeedback(booked.id);
    await h.startWorkers();
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    const mail = h.smtp.to(email)[0]!;
    expect(mail.parsed.text).toContain('4 of 5');
    expect(mail.parsed.text).toContain('The garden');
    expect(mail.parsed.text).not.toContain('Casey');
    const texts = await h.sms.waitFor((m) => m.some((s) => s.to === '+16465550188'));
    const text = texts.find((s) => s.to === '+16465550188')!;
    expect(text.body).toContain('gave this feedback');
    expect(text.body).toContain(T.stopLine);
    await h.stopWorkers();
  });

  it('a buyer who cancels a request waiting for the seller: the seller who was asked is told, no need to answer', async () => {
    const { property, email } = await listingWith('approvals');
    await h.t.database.db.insert(propertyShowingRules).values({ propertyId: property, approval: 'seller' });
    const requested = await requestShowing(property, 9);
    await h.startWorkers();
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    const cancel = await req('POST', '/api/booking/cancel', undefined, {
      token: requested.manageToken,
      reason: null,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await h.smtp.waitFor(() => h.smtp.to(email).length === 2);
    const told = h.smtp.to(email)[1]!;
    expect(told.parsed.subject).toMatch(/^Showing cancelled: /);
    expect(told.parsed.text).toContain('The buyer cancelled');
    expect(told.parsed.text).toContain('Nothing is needed from you.');
    await h.stopWorkers();
  });
});

describe('who decides, said the same way everywhere (issue 39 §6) and the seller’s reason as theirs (§8)', () => {
  it('a "seller approves" listing: the page says so before booking; buyer and agent e-mails say it waits for the seller', async () => {
    const { property, email } = await listingWith('approvals');
    await h.t.database.db.insert(propertyShowingRules).values({ propertyId: property, approval: 'seller' });
    const details = await req('GET', `/api/booking/property/${property}`);
    expect(details.json().showing.decides).toBe('seller');
    expect(WHO_DECIDES.beforeBooking('seller', 'Jamie')).toMatch(/^The seller must approve this time/);

    const requested = await requestShowing(property, 10);
    await h.startWorkers();
    const buyer = `requester${seq}@buyers.test`;
    await h.smtp.waitFor(() => h.smtp.to(buyer).length === 1);
    const buyerMail = h.smtp.to(buyer)[0]!.parsed.text ?? '';
    expect(buyerMail).toContain(WHO_DECIDES.waiting('seller', ''));
    expect(buyerMail).toContain(WHO_DECIDES.waitingDetail('seller', ''));
    expect(buyerMail).not.toContain('The seller confirms this time');
    await h.smtp.waitFor(() =>
      h.smtp
        .to(pro.email)
        .some((m) => /^Waiting for the seller: Riley Requester/.test(m.parsed.subject ?? '')),
    );
    const agentMail = h.smtp
      .to(pro.email)
      .find((m) => /^Waiting for the seller: Riley Requester/.test(m.parsed.subject ?? ''))!;
    expect(agentMail.parsed.text).toContain(WHO_DECIDES.agentHeading);
    expect(agentMail.parsed.subject).not.toMatch(/booking/i);

    // The seller declines with a reason: the buyer reads it as the seller's, not as a note from the agent.
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    const token = /Decline: (\S+)/.exec(h.smtp.to(email)[0]!.parsed.text ?? '')![1]!;
    const declineToken = decodeURIComponent(new URL(token).searchParams.get('token')!);
    const page = await req('GET', `/api/seller-approval?token=${encodeURIComponent(declineToken)}`);
    expect(page.statusCode).toBe(200);
    const res = await req('POST', '/api/seller-approval/decline', undefined, {
      token: declineToken,
      reason: 'We are away that week',
    });
    expect(res.statusCode, res.body).toBe(200);
    await h.smtp.waitFor(() => h.smtp.to(buyer).length === 2);
    const declined = h.smtp.to(buyer)[1]!.parsed.text ?? '';
    expect(declined).toContain(M.buyerDeclineReason('We are away that week'));
    expect(declined).not.toContain('Note from');
    expect(M.reasonHint).toMatch(/The buyer reads this reason/);
    expect(requested.id).toBeTruthy();
    await h.stopWorkers();
  });
});
