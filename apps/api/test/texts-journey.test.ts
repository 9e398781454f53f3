// Issue 39: texts as a buyer meets them on a server whose texts were set up on the Server settings page only
// (no SMS_* in the environment): the confirmation goes out and every reply — Y, N, STOP, Spanish — comes back
// through the signed inbound webhook, verified with the token the outbound side used (one reader, item 1).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookings, smsConsentLedger, smsOptOuts } from '../src/db/schema';
import { twilioSignature } from '../src/modules/texts/routes';
import { bookingPayload, makeAgent, type TestAgent } from './fixtures';
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
