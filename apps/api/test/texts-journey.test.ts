// Issue 39: texts as a buyer meets them on a server whose texts were set up on the Server settings page only
// (no SMS_* in the environment): the confirmation goes out and every reply — Y, N, STOP, Spanish — comes back
// through the signed inbound webhook, verified with the token the outbound side used (one reader, item 1).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  propertyShowingRules,
  smsConsentLedger,
  smsOptOuts,
  timeProposals,
} from '../src/db/schema';
import { twilioSignature } from '../src/modules/texts/routes';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import {
  ALL_DAY,
  DAY,
  enableTexts,
  notifyHarness,
  PUBLIC_URL,
  SMS_FROM,
  slotBetween,
} from './support/notify';
import type { NotifyHarness } from './support/notify';

let h: NotifyHarness;
beforeAll(async () => {
  h = await notifyHarness({}, { textsFromServerSettings: true });
  // The first account administers the server and saves the provider's account on the Server settings page.
  const admin = await h.t.signUp();
  const saved = await h.t.request({
    method: 'PUT',
    url: '/api/server-settings',
    token: admin.token,
    payload: {
      values: {
        SMS_PROVIDER_URL: h.sms.url,
        SMS_ACCOUNT_SID: h.sms.accountSid,
        SMS_AUTH_TOKEN: h.sms.authToken,
        SMS_FROM,
      },
    },
  });
  if (saved.statusCode !== 200) throw new Error(`settings not saved: ${saved.statusCode} ${saved.body}`);
});
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  await h.stopWorkers();
});

const INBOUND = '/api/notifications/sms/inbound';
let seq = 0;
/** A phone number no other test of this file uses (718 555 03xx). */
const nextPhone = () => {
  seq += 1;
  const n = String(seq).padStart(2, '0');
  return { typed: `(718) 555-03${n}`, e164: `+171855503${n}` };
};

/** The buyer's reply as the provider delivers it, signed with the saved token. */
async function reply(from: string, body: string, token = h.sms.authToken) {
  const params = {
    AccountSid: h.sms.accountSid,
    MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
    From: from,
    To: SMS_FROM,
    Body: body,
  };
  const res = await h.t.request({
    method: 'POST',
    url: INBOUND,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, `${PUBLIC_URL}${INBOUND}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
  return { status: res.statusCode, answer: /<Message>([\s\S]*)<\/Message>/.exec(res.body)?.[1] ?? '' };
}

async function textingAgent(): Promise<TestAgent> {
  const agent = await makeAgent(h.t, { timeZone: 'UTC', plan: 'pro', availability: ALL_DAY });
  await enableTexts(h.t, agent);
  return agent;
}

/** A buyer books on the public page `days` ahead, ticking "Text me about this showing". */
async function bookWithTexts(agent: TestAgent, days: number, phone: string, extra: object = {}) {
  const res = await h.t.request({
    method: 'POST',
    url: '/api/booking',
    headers: { 'user-agent': 'JourneyTest/1.0', referer: `${PUBLIC_URL}/agent/x` },
    payload: bookingPayload(agent.id, {
      ...slotBetween(new Date(Date.now() + days * DAY), new Date(Date.now() + (days + 1) * DAY), 'UTC'),
      client_phone: phone,
      client_email: `b${randomUUID()}@buyers.test`,
      sms_consent: true,
      ...extra,
    }),
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().booking as { id: string; status: string };
}

const statusOf = async (id: string) =>
  (await h.t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe('texts set up on the Server settings page only (issue 39 item 1)', () => {
  it('the confirmation goes out, and signed Y, STOP replies reach the handler: Y answered, STOP recorded', async () => {
    await h.startWorkers();
    const agent = await textingAgent();
    const phone = nextPhone();
    const booked = await bookWithTexts(agent, 2, phone.typed);
    await h.sms.waitFor((m) => m.some((x) => x.to === phone.e164));

    const yes = await reply(phone.e164, 'Y');
    expect(yes.status).toBe(200);
    expect(yes.answer).toMatch(/^Thanks — your showing .* is confirmed\.$/);
    expect((await statusOf(booked.id)).buyerConfirmedVia).toBe('text');

    // Signed with another token than the saved one: refused, as with the environment's.
    expect((await reply(phone.e164, 'N', 'not-the-saved-token')).status).toBe(403);
    expect((await statusOf(booked.id)).status).toBe('confirmed');

    const stop = await reply(phone.e164, 'STOP');
    expect(stop.status).toBe(200);
    expect(
      await h.t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone.e164)),
    ).toHaveLength(1);
    const ledger = await h.t.database.db
      .select()
      .from(smsConsentLedger)
      .where(eq(smsConsentLedger.phone, phone.e164));
    expect(ledger.map((e) => e.event)).toEqual(['consent', 'opt_out']);
  });
});

/** A listing whose showings the seller approves, with the seller reached by e-mail. */
async function sellerListing(agent: TestAgent, sellerEmail: string): Promise<number> {
  const listing = await makeProperty(h.t, agent.id, { address: '7 Willow Lane' });
  await h.t.database.db.insert(propertyShowingRules).values({ propertyId: listing, approval: 'seller' });
  const contact = await h.t.request({
    method: 'POST',
    url: `/api/properties/${listing}/contacts`,
    token: agent.token,
    payload: {
      name: 'Pat Seller',
      email: sellerEmail,
      phone: null,
      role: 'seller',
      gets: { approvals: true, notices: false, feedback: false, weeklyReport: false },
      channel: 'email',
    },
  });
  if (contact.statusCode !== 201) throw new Error(`contact: ${contact.statusCode} ${contact.body}`);
  return listing;
}

/** The seller's link of one action from the n-th request e-mail they got. */
async function sellerLink(to: string, n: number, label: 'Decline' | 'Propose another time') {
  await h.smtp.waitFor(() => h.smtp.to(to).length >= n);
  const text = h.smtp.to(to)[n - 1]!.parsed.text ?? '';
  const m = new RegExp(`${label}: (${PUBLIC_URL}/seller-approval\\?token=\\S+)`).exec(text);
  return decodeURIComponent(new URL(m![1]!).searchParams.get('token')!);
}

const textTo = (e164: string, match: RegExp) =>
  h.sms
    .waitFor((m) => m.some((x) => x.to === e164 && match.test(x.body)))
    .then((m) => m.filter((x) => x.to === e164 && match.test(x.body)).at(-1)!.body);

describe('a buyer by text on a listing the seller approves (issue 39 item 11)', () => {
  it('Y to a request waiting for the seller is not "confirmed"; the decline and the proposal are texted', async () => {
    await h.startWorkers();
    const agent = await textingAgent();
    const listing = await sellerListing(agent, 'pat.journey@sellers.test');
    const phone = nextPhone();
    // A confirmed consultation first (its confirmation text is what the buyer's replies answer), then a
    // request for the listing, waiting for the seller; the consultation is called off.
    const consultation = await bookWithTexts(agent, 2, phone.typed);
    await textTo(phone.e164, /is confirmed for/);
    const request = await bookWithTexts(agent, 3, phone.typed, { property_id: listing });
    expect(request.status).toBe('pending');
    await h.t.database.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, consultation.id));

    const yes = await reply(phone.e164, 'Y');
    expect(yes.answer).toMatch(
      /^Thanks — your showing .* is a request still waiting for the seller's answer; it is not confirmed yet\./,
    );
    const row = await statusOf(request.id);
    expect(row.status).toBe('pending');
    expect(row.buyerConfirmedAt).toBeNull();

    // The seller declines: the buyer, who ticked "Text me", is texted who decided and where to book again.
    const declined = await h.t.request({
      method: 'POST',
      url: '/api/seller-approval/decline',
      payload: { token: await sellerLink('pat.journey@sellers.test', 1, 'Decline'), reason: 'Away' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const declinedText = await textTo(phone.e164, /declined/);
    expect(declinedText).toMatch(
      /Your requested viewing of 7 Willow Lane on .* was declined by the seller\./,
    );
    expect(declinedText).toContain('Choose another time: http://keyturn.test/');
    expect(declinedText).toMatch(/Reply STOP to opt out\.$/);
    expect(declinedText).not.toContain('Away');

    // Another request; the seller proposes another time: texted with the proposal's page.
    const second = await bookWithTexts(agent, 4, phone.typed, { property_id: listing });
    const token = await sellerLink('pat.journey@sellers.test', 2, 'Propose another time');
    const page = (
      await h.t.request({ method: 'GET', url: `/api/seller-approval?token=${encodeURIComponent(token)}` })
    ).json().data;
    const proposed = await h.t.request({
      method: 'POST',
      url: '/api/seller-approval/propose',
      payload: { token, starts_at: page.open_times[2].starts_at },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const [proposal] = await h.t.database.db
      .select()
      .from(timeProposals)
      .where(eq(timeProposals.bookingId, second.id));
    const proposalText = await textTo(phone.e164, /proposed another time/);
    expect(proposalText).toMatch(
      /^Jamie Agent\d+: The seller proposed another time for your viewing of 7 Willow Lane: /,
    );
    expect(proposalText).toContain(`/booking/proposal?token=${encodeURIComponent(proposal!.token)}`);
    expect(proposalText).toMatch(/Reply STOP to opt out\.$/);
  });

  it('a Spanish text is answered in Spanish, and so is a later "N"; the agent\'s answer is signed, with the STOP line', async () => {
    await h.startWorkers();
    const agent = await textingAgent();
    const phone = nextPhone();
    const booked = await bookWithTexts(agent, 2, phone.typed);
    await textTo(phone.e164, /is confirmed for/);

    const si = await reply(phone.e164, 'Sí, ahí estaré');
    expect(si.answer).toMatch(
      /^Gracias\. Su visita del .* a las \d{1,2}:\d{2}.* \([A-Z]{2,5}[+-]?\d*\) está confirmada\.$/,
    );
    const question = await reply(phone.e164, '¿Hay estacionamiento en la casa?');
    expect(question.answer).toMatch(
      /^Gracias, le pasamos su mensaje a Jamie Agent\d+\. Para hablar directamente, llame al /,
    );

    // The agent answers from "Messages from buyers": the text carries their name and the STOP line, in Spanish.
    const list = await h.t.request({ method: 'GET', url: '/api/agents/buyer-texts', token: agent.token });
    const sid = list.json().data[0].id as string;
    const answered = await h.t.request({
      method: 'POST',
      url: `/api/agents/buyer-texts/${sid}/reply`,
      token: agent.token,
      payload: { text: 'Sí, en la entrada.' },
    });
    expect(answered.statusCode).toBe(200);
    expect(await textTo(phone.e164, /en la entrada/)).toMatch(
      /^Jamie Agent\d+: Sí, en la entrada\. Responda STOP para no recibir más mensajes\.$/,
    );

    // "N" alone says no language: the conversation's Spanish answers it.
    const no = await reply(phone.e164, 'N');
    expect(no.answer).toMatch(/^Su visita del .* está cancelada\. Ya le avisamos a su agente\.$/);
    expect((await statusOf(booked.id)).status).toBe('cancelled');

    // STOP is recorded whatever the language; the provider answers it itself.
    const stop = await reply(phone.e164, 'STOP');
    expect(stop.answer).toBe('');
    expect(
      await h.t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone.e164)),
    ).toHaveLength(1);
  });
});

describe("a buyer's agent booking for their client (issue 39 item 5)", () => {
  it('their tick is their consent for their own number: they are texted in their own name, the client never', async () => {
    await h.startWorkers();
    const agent = await textingAgent();
    const settings = await h.t.request({
      method: 'PUT',
      url: '/api/agents/notifications',
      token: agent.token,
      payload: {
        buyer_confirmation_email: true,
        agent_new_booking_email: true,
        reminder_emails: true,
        reminder_offsets_minutes: [1440, 60],
        sms_reminders: true,
        feedback_request_email: true,
      },
    });
    expect(settings.statusCode).toBe(200);
    const client = nextPhone();
    const buyersAgent = nextPhone();
    const clientEmail = `client${randomUUID()}@buyers.test`;
    const booked = await bookWithTexts(agent, 2, client.typed, {
      client_email: clientEmail,
      buyer_agent: {
        name: 'Lee Broker',
        brokerage: 'Oak Realty',
        licence_number: 'TX-778899',
        phone: buyersAgent.typed,
        email: 'lee.broker@oak.test',
      },
    });

    // The consent ledger holds the buyer's agent's number, and only theirs.
    const ledger = await h.t.database.db
      .select()
      .from(smsConsentLedger)
      .where(eq(smsConsentLedger.bookingId, booked.id));
    expect(ledger.map((e) => [e.event, e.phone])).toEqual([['consent', buyersAgent.e164]]);

    // The confirmation text goes to the buyer's agent, worded for them; the client gets no text.
    const text = await textTo(buyersAgent.e164, /is confirmed for/);
    expect(text).toMatch(/^Jamie Agent\d+: Casey Buyer's appointment of .* is confirmed for /);
    expect(text).toMatch(/Reply STOP to opt out\.$/);

    // The buyer's agent gets the confirmation e-mail too; the client theirs.
    await h.smtp.waitFor(
      () => h.smtp.to('lee.broker@oak.test').length >= 1 && h.smtp.to(clientEmail).length >= 1,
    );
    expect(h.smtp.to('lee.broker@oak.test')[0]!.parsed.subject).toMatch(/confirmed/i);

    // The listing agent's e-mail names the buyer's agent who booked.
    const own = await h.t.request({ method: 'GET', url: '/api/agents/me', token: agent.token });
    const listingEmail = own.json().data?.email ?? agent.email;
    await h.smtp.waitFor(() => h.smtp.to(listingEmail).length >= 1);
    const notice = h.smtp.to(listingEmail)[0]!.parsed.text ?? '';
    expect(notice).toContain("Booked by the buyer's agent");
    expect(notice).toContain('Lee Broker (Oak Realty, licence TX-778899)');
    expect(notice).toContain('lee.broker@oak.test');

    // Their reply acts on the showing they booked (matched by their own number).
    const yes = await reply(buyersAgent.e164, 'Y');
    // Whose showing, at what time in which zone (issue 39 walk: "your showing Mon 10:00 AM" had neither).
    expect(yes.answer).toMatch(
      /^Thanks — your showing .* \d{1,2}:\d{2} [AP]M [A-Z]{2,5}[+-]?\d* with .+ is confirmed\.$/,
    );
    expect(yes.answer).toContain(` with ${(await statusOf(booked.id)).clientName} is confirmed.`);
    expect((await statusOf(booked.id)).buyerConfirmedVia).toBe('text');
    expect(h.sms.messages.filter((m) => m.to === client.e164)).toEqual([]);
  });
});

describe('"Text me about this showing" is offered only when texts will go out (issue 39 walk)', () => {
  const offered = async (agentId: string) => {
    const res = await h.t.request({ method: 'GET', url: `/api/booking/texts/${agentId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.offered as boolean;
  };

  it('a Professional agent who has not switched texts on, and a Basic agent who has, offer none; a tick is not consent', async () => {
    // Texts are set up on Server settings (beforeAll), yet this agent has not switched on texts to buyers.
    const quiet = await makeAgent(h.t, { timeZone: 'UTC', plan: 'pro', availability: ALL_DAY });
    expect(await offered(quiet.id)).toBe(false);
    const basic = await makeAgent(h.t, { timeZone: 'UTC', plan: 'basic', availability: ALL_DAY });
    await enableTexts(h.t, basic);
    expect(await offered(basic.id)).toBe(false);

    const phone = nextPhone();
    const booked = await bookWithTexts(quiet, 3, phone.typed);
    expect(await statusOf(booked.id)).toMatchObject({ smsConsentVersion: null, smsConsentAt: null });
    const ledger = await h.t.database.db
      .select()
      .from(smsConsentLedger)
      .where(eq(smsConsentLedger.bookingId, booked.id));
    expect(ledger).toEqual([]);

    // Switched on: offered, and the tick is the buyer's consent.
    await enableTexts(h.t, quiet);
    expect(await offered(quiet.id)).toBe(true);
    const second = await bookWithTexts(quiet, 5, nextPhone().typed);
    expect((await statusOf(second.id)).smsConsentVersion).not.toBeNull();
  });

  it('an unknown agent is a 404', async () => {
    const res = await h.t.request({ method: 'GET', url: '/api/booking/texts/no-such-agent' });
    expect(res.statusCode).toBe(404);
  });
});
