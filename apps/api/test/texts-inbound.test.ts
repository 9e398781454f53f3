// Issue 33, the inbound side on a real database: bookings send their texts through the Twilio-shaped server on
// 127.0.0.1 (support/sms-provider.ts); the buyer's replies come back through the signed inbound webhook and act
// — confirm, cancel (asking which showing when there are several), opt out and in, rate, or reach the agent.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  notificationMessages,
  smsConsentLedger,
  smsInboundMessages,
  smsOptOuts,
} from '../src/db/schema';
import { twilioSignature } from '../src/modules/texts/routes';
import { bookingPayload, makeAgent, type TestAgent } from './fixtures';
import {
  ALL_DAY,
  agentEmail,
  DAY,
  enableTexts,
  notifyHarness,
  PUBLIC_URL,
  SMS_FROM,
  sleep,
  slotBetween,
  type NotifyHarness,
} from './support/notify';

let h: NotifyHarness;
beforeAll(async () => {
  h = await notifyHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  await h.stopWorkers();
});

const URL_SIGNED = `${PUBLIC_URL}/api/notifications/sms/inbound`;
let seq = 0;
/** A phone number no other test uses (646 555 02xx). */
const nextPhone = () => {
  seq += 1;
  return {
    typed: `(646) 555-02${String(seq).padStart(2, '0')}`,
    e164: `+164655502${String(seq).padStart(2, '0')}`,
  };
};

function post(params: Record<string, string>, signature?: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (signature !== null)
    headers['x-twilio-signature'] = signature ?? twilioSignature(h.sms.authToken, URL_SIGNED, params);
  return h.t.request({
    method: 'POST',
    url: '/api/notifications/sms/inbound',
    headers,
    payload: new URLSearchParams(params).toString(),
  });
}
/** The buyer's reply as the provider delivers it. */
const reply = (from: string, body: string, sid = `SM${randomUUID().replace(/-/g, '')}`) =>
  post({ AccountSid: h.sms.accountSid, MessageSid: sid, From: from, To: SMS_FROM, Body: body });
/** The text our webhook answered with (TwiML), '' for none. */
const answerOf = (xml: string) => /<Message>([\s\S]*)<\/Message>/.exec(xml)?.[1] ?? '';

async function proAgent(): Promise<TestAgent> {
  const agent = await makeAgent(h.t, { timeZone: 'UTC', plan: 'pro', availability: ALL_DAY });
  await enableTexts(h.t, agent);
  return agent;
}

const slot = (days: number) =>
  slotBetween(new Date(Date.now() + days * DAY), new Date(Date.now() + (days + 1) * DAY), 'UTC');

async function book(
  agent: TestAgent,
  days: number,
  phone: string,
  consent: boolean,
  email = `b${randomUUID()}@buyers.test`,
) {
  const res = await h.t.request({
    method: 'POST',
    url: '/api/booking',
    headers: { 'user-agent': 'TextsTest/1.0', referer: `${PUBLIC_URL}/agent/x` },
    payload: bookingPayload(agent.id, {
      ...slot(days),
      client_phone: phone,
      client_email: email,
      sms_consent: consent,
    }),
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json().booking as { id: string }), email };
}

const bookingRow = async (id: string) =>
  (await h.t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const textsTo = (e164: string) => h.sms.messages.filter((m) => m.to === e164);

/** Waits until the worker has recorded the booking's confirmation text as sent (what matches a reply to it). */
async function confirmationTexted(bookingId: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const rows = await h.t.database.db
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.bookingId, bookingId));
    const sms = rows.find((r) => r.channel === 'sms' && r.status !== 'sending' && r.status !== 'retrying');
    if (sms) return sms;
    if (Date.now() > until) throw new Error('no text recorded');
    await sleep(100);
  }
}

describe('the inbound webhook', () => {
  it('unsigned or wrongly signed → 403 and nothing changes', async () => {
    await h.startWorkers();
    const agent = await proAgent();
    const phone = nextPhone();
    const booked = await book(agent, 2, phone.typed, true);
    await confirmationTexted(booked.id);
    const params = {
      AccountSid: h.sms.accountSid,
      MessageSid: 'SMforged1',
      From: phone.e164,
      To: SMS_FROM,
      Body: 'N',
    };
    expect((await post(params, null)).statusCode).toBe(403);
    expect((await post(params, 'bm90LWEtc2lnbmF0dXJl')).statusCode).toBe(403);
    // Signed for another URL, or with another token: refused too.
    expect(
      (await post(params, twilioSignature(h.sms.authToken, `${URL_SIGNED}?x=1`, params))).statusCode,
    ).toBe(403);
    expect((await post(params, twilioSignature('other-token', URL_SIGNED, params))).statusCode).toBe(403);
    // A parameter changed after signing.
    const signed = twilioSignature(h.sms.authToken, URL_SIGNED, params);
    expect((await post({ ...params, Body: 'Y' }, signed)).statusCode).toBe(403);
    const res = await post(params, null);
    expect(res.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    expect(
      await h.t.database.db
        .select()
        .from(smsInboundMessages)
        .where(eq(smsInboundMessages.messageSid, 'SMforged1')),
    ).toEqual([]);
    expect((await bookingRow(booked.id)).status).toBe('confirmed');
  });

  it('Y confirms the showing ("Confirmed by text" on the booking); a repeated delivery acts once', async () => {
    await h.startWorkers();
    const agent = await proAgent();
    const phone = nextPhone();
    const booked = await book(agent, 2, phone.typed, true);
    await confirmationTexted(booked.id);

    const first = await reply(phone.e164, 'Yes!', 'SMconfirm0001');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/xml');
    expect(answerOf(first.body)).toMatch(/^Thanks — your showing .* is confirmed\.$/);
    const confirmed = await bookingRow(booked.id);
    expect(confirmed.buyerConfirmedVia).toBe('text');
    expect(confirmed.buyerConfirmedAt).toBeInstanceOf(Date);

    // The provider retries the same MessageSid: the same answer, nothing acted again.
    const again = await reply(phone.e164, 'Yes!', 'SMconfirm0001');
    expect(again.statusCode).toBe(200);
    expect(answerOf(again.body)).toBe(answerOf(first.body));
    expect((await bookingRow(booked.id)).buyerConfirmedAt).toEqual(confirmed.buyerConfirmedAt);
    const rows = await h.t.database.db
      .select()
      .from(smsInboundMessages)
      .where(eq(smsInboundMessages.messageSid, 'SMconfirm0001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'confirmed', bookingId: booked.id, agentId: agent.id });

    const detail = await h.t.request({
      method: 'GET',
      url: `/api/bookings/${booked.id}`,
      token: agent.token,
    });
    expect(detail.json().data).toMatchObject({ buyer_confirmed_via: 'text', sms_consent: true });
    expect(detail.json().data.buyer_confirmed_at).toBe(confirmed.buyerConfirmedAt!.toISOString());
  });

  it('a booking made in Spanish: "Y", HELP and an opt-out are answered in Spanish; the ledger records the Spanish wording', async () => {
    await h.startWorkers();
    const agent = await proAgent();
    const phone = nextPhone();
    const res = await h.t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, {
        ...slot(2),
        client_phone: phone.typed,
        client_email: `es${randomUUID()}@buyers.test`,
        sms_consent: true,
        locale: 'es',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json().booking as { id: string };
    expect((await bookingRow(booked.id)).locale).toBe('es');
    await confirmationTexted(booked.id);

    // "Y" says no language of its own: the booking's Spanish answers it.
    const yes = answerOf((await reply(phone.e164, 'Y')).body);
    expect(yes).toMatch(/^Gracias\. Su visita del .* a las .* \([A-Z]{2,5}[+-]?\d*\) está confirmada\.$/);
    expect((await bookingRow(booked.id)).buyerConfirmedVia).toBe('text');
    const help = answerOf((await reply(phone.e164, 'HELP')).body);
    expect(help).toMatch(/^Mensajes de texto de visitas de Keyturn de Jamie Agent\d+/);
    expect(help).toContain('Responda SÍ para confirmar');
    const stop = answerOf((await reply(phone.e164, 'please stop texting me')).body);
    expect(stop).toMatch(/^Se dio de baja de los mensajes de texto de visitas de Keyturn/);

    const ledger = await h.t.database.db
      .select()
      .from(smsConsentLedger)
      .where(eq(smsConsentLedger.bookingId, booked.id));
    expect(ledger.find((r) => r.event === 'consent')?.wordingVersion).toMatch(/^\d{4}-\d+-\d+-es$/);

    // An English booking's consent is recorded with the version as it was.
    const english = nextPhone();
    const en = await book(agent, 3, english.typed, true);
    const [enConsent] = await h.t.database.db
      .select()
      .from(smsConsentLedger)
      .where(eq(smsConsentLedger.bookingId, en.id));
    expect(enConsent!.wordingVersion).toMatch(/^\d{4}-\d+-\d+$/);
    await confirmationTexted(en.id);
    expect(answerOf((await reply(english.e164, 'Y')).body)).toMatch(
      /^Thanks — your showing .* is confirmed\.$/,
    );
  });

  it('N with two upcoming showings asks which, remembers it, and the digit cancels that one as the buyer', async () => {
    await h.startWorkers();
    const agent = await proAgent();
    const phone = nextPhone();
    const a = await book(agent, 2, phone.typed, true);
    const b = await book(agent, 4, phone.typed, true);
    await confirmationTexted(a.id);
    await confirmationTexted(b.id);

    const asked = await reply(phone.e164, "can't make it");
    expect(answerOf(asked.body)).toMatch(/^Which showing\? Reply 1, 2: 1\) .*; 2\) /);
    expect((await bookingRow(a.id)).status).toBe('confirmed');
    expect((await bookingRow(b.id)).status).toBe('confirmed');

    // Concurrent duplicate deliveries of the answer act once.
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    const [one, two] = await Promise.all([reply(phone.e164, '2', sid), reply(phone.e164, '2', sid)]);
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(answerOf(one.body)).toMatch(/^Your showing .* is cancelled\. Your agent has been told\.$/);
    expect(answerOf(two.body)).toBe(answerOf(one.body));
    const cancelled = await bookingRow(b.id);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Cancelled by the buyer by text',
      cancelledBy: 'buyer',
    });
    expect((await bookingRow(a.id)).status).toBe('confirmed');
    // The usual notices: the buyer's cancellation e-mail, for that showing only.
    await h.smtp.waitFor(() => h.smtp.to(b.email).some((m) => (m.subject ?? '').startsWith('Cancelled:')));
    expect(h.smtp.to(a.email).filter((m) => (m.subject ?? '').startsWith('Cancelled:'))).toEqual([]);
    // The question was answered: another "2" is not a choice any more.
    const later = await reply(phone.e164, '2');
    expect(answerOf(later.body)).toMatch(/passed to Jamie Agent/);
  });

  it('N inside the showing’s cut-off (issue 44) cancels nothing and says who to reach; the agent still can', async () => {
    await h.startWorkers();
    const agent = await proAgent();
    const phone = nextPhone();
    const booked = await book(agent, 2, phone.typed, true);
    await confirmationTexted(booked.id);
    const set = await h.t.request({
      method: 'PUT',
      url: '/api/agents/change-cutoff',
      token: agent.token,
      payload: { hours: 72 },
    });
    expect(set.statusCode).toBe(200);

    const answer = await reply(phone.e164, 'N');
    expect(answer.statusCode).toBe(200);
    expect(answerOf(answer.body)).toMatch(
      /^Jamie Agent\d+ takes changes to a showing only up to 72 hours before it starts, so your showing .* is not cancelled\. Call or text Jamie Agent\d+( at .*)? to change it\.$/,
    );
    expect((await bookingRow(booked.id)).status).toBe('confirmed');
    const [stored] = await h.t.database.db
      .select()
      .from(smsInboundMessages)
      .where(eq(smsInboundMessages.fromPhone, phone.e164));
    expect(stored).toMatchObject({ action: 'too_late', bookingId: booked.id });

    const byAgent = await h.t.request({
      method: 'DELETE',
      url: `/api/bookings/${booked.id}`,
      token: agent.token,
    });
    expect(byAgent.statusCode).toBe(200);
    expect((await bookingRow(booked.id)).status).toBe('cancelled');
  });

  it('consent is required before any text; an opt-out sentence is honoured on the next send; START opts back in; all in the ledger', async () => {
    await h.startWorkers();
    const agent = await proAgent();
    const silent = nextPhone();
    const noConsent = await book(agent, 2, silent.typed, false);
    const skipped = await confirmationTexted(noConsent.id);
    expect(skipped).toMatchObject({
      status: 'skipped',
      lastError: 'The buyer did not agree to texts when booking',
    });
    expect(textsTo(silent.e164)).toEqual([]);

    const phone = nextPhone();
    const first = await book(agent, 6, phone.typed, true);
    await confirmationTexted(first.id);
    expect(textsTo(phone.e164)).toHaveLength(1);

    const stop = await reply(phone.e164, 'please stop texting me');
    expect(answerOf(stop.body)).toMatch(/^You are unsubscribed/);
    expect(
      await h.t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone.e164)),
    ).toHaveLength(1);

    const second = await book(agent, 3, phone.typed, true);
    const next = await confirmationTexted(second.id);
    expect(next).toMatchObject({ status: 'skipped', lastError: 'The buyer replied STOP to our texts' });
    // E-mail is still used.
    await h.smtp.waitFor(() => h.smtp.to(second.email).length === 1);
    expect(textsTo(phone.e164)).toHaveLength(1);

    // The keyword START: the provider confirms it itself, so our answer is empty; texts resume.
    const start = await reply(phone.e164, 'START');
    expect(start.statusCode).toBe(200);
    expect(answerOf(start.body)).toBe('');
    const third = await book(agent, 4, phone.typed, true);
    await confirmationTexted(third.id);
    expect(textsTo(phone.e164)).toHaveLength(2);

    const ledger = await h.t.database.db
      .select()
      .from(smsConsentLedger)
      .where(eq(smsConsentLedger.phone, phone.e164));
    expect(ledger.map((l) => l.event).sort()).toEqual(['consent', 'consent', 'consent', 'opt_in', 'opt_out']);
    const given = ledger.find((l) => l.bookingId === first.id)!;
    expect(given).toMatchObject({
      wordingVersion: '2026-11-1',
      userAgent: 'TextsTest/1.0',
      page: `${PUBLIC_URL}/agent/x`,
    });
    expect(given.ip).toBeTruthy();

    const csv = await h.t.request({
      method: 'GET',
      url: '/api/agents/text-consents.csv',
      token: agent.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'time,event,phone,booking_id,client_name,wording_version,ip,user_agent,page,message_sid',
    );
    expect(lines.filter((l) => l.includes(phone.e164)).map((l) => l.split(',')[1])).toEqual([
      'consent',
      'opt_out',
      'consent',
      'opt_in',
      'consent',
    ]);
    // Another agent's export does not hold this agent's buyers.
    const other = await proAgent();
    const theirs = await h.t.request({
      method: 'GET',
      url: '/api/agents/text-consents.csv',
      token: other.token,
    });
    expect(theirs.body).not.toContain(phone.e164);
  });

  it('anything else reaches the agent: e-mailed, listed in Messages from buyers, answered by text once', async () => {
    await h.startWorkers();
    const agent = await proAgent();
    const phone = nextPhone();
    const booked = await book(agent, 2, phone.typed, true);
    await confirmationTexted(booked.id);

    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    const res = await reply(phone.e164, 'Is there parking nearby?', sid);
    expect(answerOf(res.body)).toMatch(
      /^Thanks, your message was passed to Jamie Agent\d+\. To reach them directly call \+1 212 555 0100\.$/,
    );
    const address = await agentEmail(h.t, agent.id);
    const forwarded = () => h.smtp.to(address).filter((m) => (m.subject ?? '').startsWith('Text from'));
    await h.smtp.waitFor(() => forwarded().length > 0);
    const [mail] = forwarded();
    expect(mail!.subject).toBe(`Text from Casey Buyer (${phone.e164})`);
    expect(mail!.parsed.text).toContain('Is there parking nearby?');

    const list = await h.t.request({ method: 'GET', url: '/api/agents/buyer-texts', token: agent.token });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: sid,
        from: phone.e164,
        body: 'Is there parking nearby?',
        booking_id: booked.id,
        client_name: 'Casey Buyer',
        reply: null,
      }),
    ]);
    const bad = await h.t.request({
      method: 'POST',
      url: `/api/agents/buyer-texts/${sid}/reply`,
      token: agent.token,
      payload: { text: '  ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { text: 'Write a reply' } });
    const other = await proAgent();
    const foreign = await h.t.request({
      method: 'POST',
      url: `/api/agents/buyer-texts/${sid}/reply`,
      token: other.token,
      payload: { text: 'Hi' },
    });
    expect(foreign.statusCode).toBe(404);

    const sent = await h.t.request({
      method: 'POST',
      url: `/api/agents/buyer-texts/${sid}/reply`,
      token: agent.token,
      payload: { text: 'Yes, in the driveway.' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ reply: 'Yes, in the driveway.' });
    const twice = await h.t.request({
      method: 'POST',
      url: `/api/agents/buyer-texts/${sid}/reply`,
      token: agent.token,
      payload: { text: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    // Issue 39: the answer goes out signed with the agent's name and with the STOP line.
    const answered = (s: { body: string }) =>
      /^Jamie Agent\d+: Yes, in the driveway\. Reply STOP to opt out\.$/.test(s.body);
    await h.sms.waitFor((m) => m.some((s) => s.to === phone.e164 && answered(s)));
    await sleep(1000);
    expect(textsTo(phone.e164).filter(answered)).toHaveLength(1);
  });

  it('a digit after a feedback ask is the showing’s rating; the lead’s class follows', async () => {
    const agent = await proAgent();
    const phone = nextPhone();
    const booked = await book(agent, 2, phone.typed, true);
    // The outbound side's feedback ask ("How was 12 Oak St? Reply 1–5"), as recorded when sent.
    await h.t.database.db.insert(notificationMessages).values({
      idempotencyKey: `test-feedback-ask-${booked.id}`,
      messageId: `<fa.${booked.id}@keyturn.test>`,
      agentId: agent.id,
      bookingId: booked.id,
      kind: 'feedback_ask.buyer.sms',
      channel: 'sms',
      audience: 'buyer',
      recipient: phone.e164,
      scheduledFor: new Date(),
      status: 'sent',
      sentAt: new Date(Date.now() + DAY),
    });
    const res = await reply(phone.e164, '4');
    expect(answerOf(res.body)).toBe('Thanks for rating the showing!');
    const list = await h.t.request({ method: 'GET', url: '/api/feedback', token: agent.token });
    expect(list.statusCode).toBe(200);
    const item = (list.json().data as { booking_id: string }[]).find((f) => f.booking_id === booked.id);
    expect(item).toMatchObject({ rating: 4, interest_level: 'very_interested' });
  });

  it('fuzzed bodies, signed or not, never answer a 5xx', async () => {
    const field = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.constantFrom('', '\u0000', '\ud800', '+16465550299', 'STOP', 'Y', '1', '👍', 'x'.repeat(2000)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(
            'MessageSid',
            'From',
            'To',
            'Body',
            'AccountSid',
            '__proto__',
            'constructor',
            'Extra',
          ),
          field,
        ),
        fc.boolean(),
        async (params, signed) => {
          const res = await post(params, signed ? undefined : 'bad');
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json()).toHaveProperty('code');
        },
      ),
      { numRuns: 150 },
    );
  });
});
