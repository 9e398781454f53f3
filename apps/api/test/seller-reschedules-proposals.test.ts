// Issue 39 §9: a buyer moving a seller-approved (confirmed) showing asks for a new time; the seller decides. The
// confirmed time stays booked meanwhile — the buyer is told the new time is a request, with no "moved" e-mail
// or calendar event — and moves only on the seller's yes; on their no the original time stays and the buyer is
// told so. §7: "Keep my time" over the seller's proposal sends the request back to the seller with fresh links.
// Mail is read from the SMTP server on 127.0.0.1.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESCHEDULE_REQUEST, WHO_DECIDES } from '@keyturn/domain/listing/whoDecides';
import { bookings, propertyShowingRules, sellerApprovalRequests } from '../src/db/schema';
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
let listing: number;
const SELLER = 'pat@reschedule-sellers.test';

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  h.t.request({ method, url, token, payload });
const bookingRow = async (id: string) =>
  (await h.t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const slotOn = (dayOffset: number) => {
  const now = h.clock.now();
  return slotBetween(
    new Date(now.getTime() + dayOffset * DAY + 2 * HOUR),
    new Date(now.getTime() + (dayOffset + 1) * DAY),
    pro.timeZone,
  );
};
const mails = (to: string) => h.smtp.to(to);

/** The seller's n-th request e-mail: its Approve and Decline tokens. */
async function sellerLinks(n: number) {
  const requests = () => mails(SELLER).filter((m) => /Showing request for/.test(m.parsed.subject ?? ''));
  await h.smtp.waitFor(() => requests().length >= n);
  const text = requests()[n - 1]!.parsed.text ?? '';
  const link = (label: string) => {
    const m = new RegExp(`${label}: (${PUBLIC_URL}/seller-approval\\?token=\\S+)`).exec(text)!;
    return decodeURIComponent(new URL(m[1]!).searchParams.get('token')!);
  };
  return { approve: link('Approve'), decline: link('Decline'), propose: link('Propose another time') };
}

/** A buyer's request for the "seller approves" listing, `dayOffset` days ahead: its booking id. */
async function requestShowing(email: string, dayOffset: number): Promise<string> {
  const slot = slotOn(dayOffset);
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
  return res.json().booking.id as string;
}

/** A showing the seller approved: confirmed, with its manage token. */
async function confirmedShowing(email: string, dayOffset: number, requestNo: number) {
  const id = await requestShowing(email, dayOffset);
  const ok = await req('POST', '/api/seller-approval/approve', undefined, {
    token: (await sellerLinks(requestNo)).approve,
  });
  expect(ok.statusCode, ok.body).toBe(200);
  const row = await bookingRow(id);
  expect(row.status).toBe('confirmed');
  return row;
}

const reschedule = (original: { id: string; manageToken: string }, email: string, dayOffset: number) => {
  const slot = slotOn(dayOffset);
  return req('POST', '/api/booking/reschedule', undefined, {
    ...bookingPayload(pro.id, {
      property_id: listing,
      client_email: email,
      client_name: 'Casey Buyer',
      booking_date: slot.booking_date,
      booking_time: slot.booking_time,
    }),
    original_booking_id: original.id,
    reschedule_reason: 'Work trip',
    token: original.manageToken,
  });
};

beforeAll(async () => {
  h = await notifyHarness();
  pro = await makeAgent(h.t, { plan: 'pro', availability: ALL_DAY });
  listing = await makeProperty(h.t, pro.id, { address: '12 Aspen Court' });
  await h.t.database.db.insert(propertyShowingRules).values({ propertyId: listing, approval: 'seller' });
  const contact = await req('POST', `/api/properties/${listing}/contacts`, pro.token, {
    name: 'Pat Seller',
    email: SELLER,
    phone: null,
    role: 'seller',
    gets: { approvals: true, notices: false, feedback: false, weeklyReport: false },
    channel: 'email',
  });
  expect(contact.statusCode, contact.body).toBe(201);
  await h.startWorkers();
});
afterAll(async () => {
  await h?.stopWorkers();
  await h?.close();
});

describe('the buyer reschedules a showing the seller approved', () => {
  it('the new time is a request awaiting the seller; the confirmed time stays until the seller approves, then it moves', async () => {
    const buyer = 'moves@buyers.test';
    const original = await confirmedShowing(buyer, 2, 1);
    await h.smtp.waitFor(() => mails(buyer).some((m) => /^Confirmed/.test(m.parsed.subject ?? '')));
    const before = mails(buyer).length;

    // A new time overlapping the kept one cannot be held beside it: a clear 409, nothing changed.
    const overlap = await req('POST', '/api/booking/reschedule', undefined, {
      ...bookingPayload(pro.id, {
        property_id: listing,
        client_email: buyer,
        client_name: 'Casey Buyer',
        booking_date: slotOn(2).booking_date,
        booking_time: slotOn(2).booking_time,
      }),
      original_booking_id: original.id,
      reschedule_reason: 'Work trip',
      token: original.manageToken,
    });
    expect(overlap.statusCode, overlap.body).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'RESCHEDULE_OVERLAPS', error: RESCHEDULE_REQUEST.overlaps });

    const res = await reschedule(original, buyer, 4);
    expect(res.statusCode, res.body).toBe(200);
    const requested = res.json().booking as { id: string };
    expect(res.json().booking).toMatchObject({ status: 'pending', awaiting: 'seller' });
    expect((await bookingRow(original.id)).status).toBe('confirmed');
    const manage = await req('GET', `/api/booking/manage?token=${original.manageToken}`);
    expect(manage.json().booking).toMatchObject({ status: 'confirmed', can_reschedule: true });
    // One new time waits at once.
    const second = await reschedule(original, buyer, 5);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('RESCHEDULE_PENDING');

    // The buyer is told it is a request the seller decides — not that it moved, and no calendar event.
    await h.smtp.waitFor(() => mails(buyer).length > before);
    const mail = mails(buyer)[before]!;
    expect(mail.parsed.subject).toMatch(/^New time requested: /);
    expect(mail.parsed.subject).not.toMatch(/Moved/);
    expect(mail.parsed.text).toContain(WHO_DECIDES.waitingDetail('seller', 'x'));
    expect(mail.parsed.text).toContain('Until then your showing stays booked for');
    expect(mail.parsed.text).not.toMatch(/has moved/);
    expect(mail.parsed.attachments ?? []).toHaveLength(0);

    // The seller approves the new time: now the showing moves, with the "moved" e-mail and its calendar file.
    const ok = await req('POST', '/api/seller-approval/approve', undefined, {
      token: (await sellerLinks(2)).approve,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await bookingRow(requested.id)).status).toBe('confirmed');
    expect((await bookingRow(original.id)).status).toBe('rescheduled');
    await h.smtp.waitFor(() => mails(buyer).some((m) => /^Moved: /.test(m.parsed.subject ?? '')));
    const moved = mails(buyer).find((m) => /^Moved: /.test(m.parsed.subject ?? ''))!;
    expect(moved.parsed.attachments?.[0]?.filename).toBe('showing.ics');
  });

  it('the seller declines the new time: the original stays confirmed and the buyer is told so', async () => {
    const buyer = 'stays@buyers.test';
    const original = await confirmedShowing(buyer, 6, 3);
    const res = await reschedule(original, buyer, 8);
    expect(res.statusCode, res.body).toBe(200);
    const requested = res.json().booking as { id: string };
    const no = await req('POST', '/api/seller-approval/decline', undefined, {
      token: (await sellerLinks(4)).decline,
      reason: 'Painters that day',
    });
    expect(no.statusCode, no.body).toBe(200);
    expect((await bookingRow(requested.id)).status).toBe('declined');
    expect((await bookingRow(original.id)).status).toBe('confirmed');
    await h.smtp.waitFor(() => mails(buyer).some((m) => /^Not available/.test(m.parsed.subject ?? '')));
    const told = mails(buyer).find((m) => /^Not available/.test(m.parsed.subject ?? ''))!;
    expect(told.parsed.text).toMatch(/Your showing stays booked for .+, as before\./);
    expect(mails(buyer).some((m) => /^Moved/.test(m.parsed.subject ?? ''))).toBe(false);
  });
});

describe("the seller's proposal (issue 39 §7)", () => {
  it('any day of the window may be proposed; "Keep my time" sends the request back to the seller with fresh links; their yes confirms the requested time', async () => {
    const buyer = 'keeps@buyers.test';
    const slot = slotOn(10);
    const id = await requestShowing(buyer, 10);
    const first = await sellerLinks(5);
    const page = (await req('GET', `/api/seller-approval?token=${encodeURIComponent(first.propose)}`)).json()
      .data;
    // Any day of the booking window, before or after the requested one (not only the days up to it).
    const days = [...new Set((page.open_times as { date: string }[]).map((t) => t.date))];
    expect(days.some((d) => d < slot.booking_date)).toBe(true);
    expect(days.some((d) => d > slot.booking_date)).toBe(true);
    const later = (page.open_times as { date: string; starts_at: string }[]).find(
      (t) => t.date > slot.booking_date,
    )!;
    const proposed = await req('POST', '/api/seller-approval/propose', undefined, {
      token: first.propose,
      starts_at: later.starts_at,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    await h.smtp.waitFor(() =>
      mails(buyer).some((m) => (m.parsed.text ?? '').includes('/booking/proposal?token=')),
    );
    const offer = mails(buyer).find((m) => (m.parsed.text ?? '').includes('/booking/proposal?token='))!;
    const proposalToken = decodeURIComponent(
      /\/booking\/proposal\?token=(\S+)/.exec(offer.parsed.text!)![1]!,
    );

    // The buyer's proposal page is told the seller proposed it (its wording is the seller's).
    const view = await req('GET', `/api/booking/proposal?token=${encodeURIComponent(proposalToken)}`);
    expect(view.json().data).toMatchObject({ status: 'proposed', proposed_by: 'seller' });
    const kept = await req('POST', '/api/booking/proposal/keep', undefined, { token: proposalToken });
    expect(kept.statusCode, kept.body).toBe(200);
    // Not stranded: an open request again, the buyer's manage page waiting for the seller, a fresh e-mail.
    const requests = await h.t.database.db
      .select()
      .from(sellerApprovalRequests)
      .where(eq(sellerApprovalRequests.bookingId, id));
    expect(requests.map((r) => r.status).sort()).toEqual(['open', 'proposed']);
    const { manageToken } = await bookingRow(id);
    const manage = await req('GET', `/api/booking/manage?token=${manageToken}`);
    expect(manage.json().booking).toMatchObject({ status: 'pending', awaiting: 'seller' });
    const fresh = await sellerLinks(6);
    expect(fresh.approve).not.toBe(first.approve);
    const ok = await req('POST', '/api/seller-approval/approve', undefined, { token: fresh.approve });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ status: 'confirmed', startsAt: slot.startsAt });
    // Keeping twice changes nothing more: no third request.
    expect(
      (await req('POST', '/api/booking/proposal/keep', undefined, { token: proposalToken })).statusCode,
    ).toBe(200);
    const after = await h.t.database.db
      .select()
      .from(sellerApprovalRequests)
      .where(eq(sellerApprovalRequests.bookingId, id));
    expect(after).toHaveLength(2);
  });
});

describe('a showing cancelled while its new time waits, and a new time withdrawn (issue 39 §9)', () => {
  it('the buyer cancels the confirmed showing while its new time waits: the request goes with it, and the seller’s links say the buyer cancelled', async () => {
    const buyer = 'ends-all@buyers.test';
    const original = await confirmedShowing(buyer, 9, 7);
    const res = await reschedule(original, buyer, 11);
    expect(res.statusCode, res.body).toBe(200);
    const requested = res.json().booking as { id: string };
    const links = await sellerLinks(8);

    const cancel = await req('POST', '/api/booking/cancel', undefined, {
      token: original.manageToken,
      reason: 'Bought elsewhere',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await bookingRow(original.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer' });
    expect(await bookingRow(requested.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer' });
    const [request] = await h.t.database.db
      .select()
      .from(sellerApprovalRequests)
      .where(eq(sellerApprovalRequests.bookingId, requested.id));
    expect(request?.status).toBe('withdrawn');

    // The seller's approve link of the new time cannot move a showing that is gone, and says who ended it.
    const page = await req('GET', `/api/seller-approval?token=${encodeURIComponent(links.approve)}`);
    expect(page.json().data).toMatchObject({ booking_status: 'cancelled', cancelled_by: 'buyer' });
    const late = await req('POST', '/api/seller-approval/approve', undefined, { token: links.approve });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('The buyer cancelled this showing request: there is nothing to answer.');
    expect(await bookingRow(original.id)).toMatchObject({ status: 'cancelled' });

    // The agent sees who cancelled.
    const detail = await req('GET', `/api/bookings/${original.id}`, pro.token);
    expect(detail.json().data).toMatchObject({ status: 'cancelled', cancelled_by: 'buyer' });
  });

  it('the agent cancels the confirmed showing while its new time waits: the request goes with it, cancelled by the agent', async () => {
    const buyer = 'agent-ends@buyers.test';
    const original = await confirmedShowing(buyer, 12, 9);
    const res = await reschedule(original, buyer, 13);
    expect(res.statusCode, res.body).toBe(200);
    const requested = res.json().booking as { id: string };
    await sellerLinks(10);
    const cancel = await req('PUT', `/api/bookings/${original.id}`, pro.token, {
      action: 'cancel',
      reason: 'The listing is off the market',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', cancelled_by: 'agent' });
    expect(await bookingRow(requested.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'agent' });
    const open = await h.t.database.db
      .select()
      .from(sellerApprovalRequests)
      .where(eq(sellerApprovalRequests.bookingId, requested.id));
    expect(open.map((r) => r.status)).toEqual(['withdrawn']);
  });

  it('the buyer withdraws the new time: the confirmed showing stands and the buyer is told so, with its link', async () => {
    const buyer = 'withdraws@buyers.test';
    const original = await confirmedShowing(buyer, 14, 11);
    const res = await reschedule(original, buyer, 15);
    expect(res.statusCode, res.body).toBe(200);
    const requested = await bookingRow((res.json().booking as { id: string }).id);
    await sellerLinks(12);
    const cancel = await req('POST', '/api/booking/cancel', undefined, { token: requested.manageToken });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await bookingRow(requested.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer' });
    expect(await bookingRow(original.id)).toMatchObject({ status: 'confirmed', cancelledBy: null });
    await h.smtp.waitFor(() =>
      mails(buyer).some((m) => /^New time cancelled: /.test(m.parsed.subject ?? '')),
    );
    const told = mails(buyer).find((m) => /^New time cancelled: /.test(m.parsed.subject ?? ''))!;
    expect(told.parsed.text).toMatch(/Your showing stays booked for .+, as before\./);
    expect(told.parsed.text).toContain(`token=${original.manageToken}`);
    expect(mails(buyer).some((m) => /^Cancelled: /.test(m.parsed.subject ?? ''))).toBe(false);
  });
});
