// Issue 45: a conversation per showing, through the real queue, workers, SMTP server and Twilio-shaped SMS
// server (127.0.0.1). Every way in is scoped (another agent's booking, a wrong token, a seller where sellers may
// not write: 404), bad input stores nothing, each message reaches the other parties by e-mail and — only with
// their consent — by text, a quick status arrives within seconds, a text reply lands in its showing's thread,
// and the search sees only the caller's showings.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_CONSENT_VERSION } from '@keyturn/domain/texts/consent';
import { THREAD_TEXTS } from '@keyturn/domain/listing/threads';
import { bookings, notificationMessages, propertyContacts, showingMessages } from '../src/db/schema';
import { twilioSignature } from '../src/modules/texts/routes';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';
import {
  agentEmail,
  DAY,
  enableTexts,
  HOUR,
  notifyHarness,
  PUBLIC_URL,
  SMS_FROM,
  sleep,
  type NotifyHarness,
} from './support/notify';

let h: NotifyHarness;
beforeAll(async () => {
  h = await notifyHarness();
  await h.startWorkers();
});
afterAll(async () => {
  await h?.close();
});

let seq = 0;
let slots = 0;
/** A phone number no other test uses (646 555 07xx). */
const nextPhone = () => {
  seq += 1;
  const n = String(seq).padStart(2, '0');
  return { typed: `(646) 555-07${n}`, e164: `+164655507${n}` };
};

async function proAgent(): Promise<TestAgent> {
  const agent = await makeAgent(h.t, { timeZone: 'America/New_York', plan: 'pro' });
  await enableTexts(h.t, agent);
  return agent;
}

type Showing = { id: string; token: string; property: number; email: string; phone: string };

/** A showing two days from now, written as it stands (its own booking messages do not crowd the queue). */
async function showing(
  agent: TestAgent,
  opts: { consent?: boolean; fields?: Partial<typeof bookings.$inferInsert>; property?: number } = {},
): Promise<Showing> {
  const property = opts.property ?? (await makeProperty(h.t, agent.id));
  const email = `b${randomUUID()}@buyers.test`;
  const phone = nextPhone();
  const id = await seedBooking(h.t.database.db, agent.id, {
    // Two days on, an hour apart: an agent's showings never overlap.
    startsAt: new Date(Math.ceil((Date.now() + 2 * DAY) / HOUR) * HOUR + (slots += 1) * HOUR).toISOString(),
    propertyId: property,
    clientEmail: email,
  });
  const [row] = await h.t.database.db
    .update(bookings)
    .set({
      clientPhone: phone.typed,
      ...(opts.consent ? { smsConsentVersion: SMS_CONSENT_VERSION, smsConsentAt: new Date() } : {}),
      ...opts.fields,
    })
    .where(eq(bookings.id, id))
    .returning();
  return { id, token: row!.manageToken, property, email, phone: phone.e164 };
}

const leeAgent = {
  buyerAgentName: 'Lee Agent',
  buyerAgentBrokerage: 'Oak Realty',
  buyerAgentLicence: '12345',
};
const messagesOf = (bookingId: string) =>
  h.t.database.db
    .select()
    .from(showingMessages)
    .where(eq(showingMessages.bookingId, bookingId))
    .orderBy(asc(showingMessages.createdAt));
const textsTo = (e164: string) => h.sms.messages.filter((m) => m.to === e164);

async function sellerContact(
  property: number,
  overrides: Partial<typeof propertyContacts.$inferInsert> = {},
) {
  const [row] = await h.t.database.db
    .insert(propertyContacts)
    .values({
      propertyId: property,
      name: 'Sam Seller',
      email: `s${randomUUID()}@sellers.test`,
      role: 'seller',
      gets: { approvals: false, notices: false, feedback: false, weeklyReport: false },
      channel: 'email',
      ...overrides,
    })
    .returning();
  return row!;
}

/** Waits until the worker has recorded the booking's text to `phone` as sent (what matches a reply to it). */
async function textRecorded(bookingId: string, phone: string) {
  for (let i = 0; ; i += 1) {
    const rows = await h.t.database.db
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.bookingId, bookingId));
    if (rows.some((r) => r.channel === 'sms' && r.recipient === phone && r.status === 'sent')) return;
    if (i > 100) throw new Error('the text was not recorded as sent');
    await sleep(100);
  }
}

/** A text from `from` through the signed inbound webhook, as the provider delivers it. */
function inbound(from: string, body: string) {
  const url = `${PUBLIC_URL}/api/notifications/sms/inbound`;
  const params = {
    AccountSid: h.sms.accountSid,
    MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
    From: from,
    To: SMS_FROM,
    Body: body,
  };
  return h.t.request({
    method: 'POST',
    url: '/api/notifications/sms/inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(h.sms.authToken, url, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

describe('who may open a showing’s conversation', () => {
  it('answers 404 for another agent’s booking on every way in, a wrong token, and sellers unless allowed', async () => {
    const owner = await proAgent();
    const other = await proAgent();
    const s = await showing(owner);
    const seller = await sellerContact(s.property);
    const body = { body: 'Hello' };

    for (const url of [`/api/bookings/${s.id}/thread`, `/api/network/requests/${s.id}/thread`]) {
      expect((await h.t.request({ method: 'GET', url, token: other.token })).statusCode).toBe(404);
      expect((await h.t.request({ method: 'POST', url, token: other.token, payload: body })).statusCode).toBe(
        404,
      );
      expect(
        (
          await h.t.request({
            method: 'POST',
            url: `${url}/status`,
            token: other.token,
            payload: { status: 'arrived' },
          })
        ).statusCode,
      ).toBe(404);
      expect((await h.t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
    // The listing agent is not the buyer's agent of their own booking.
    const asNetwork = await h.t.request({
      method: 'GET',
      url: `/api/network/requests/${s.id}/thread`,
      token: owner.token,
    });
    expect(asNetwork.statusCode).toBe(404);
    expect(
      (await h.t.request({ method: 'GET', url: '/api/booking/manage/thread?token=nope' })).statusCode,
    ).toBe(404);
    expect(
      (
        await h.t.request({
          method: 'POST',
          url: '/api/booking/manage/thread',
          payload: { token: 'nope', body: 'Hi' },
        })
      ).statusCode,
    ).toBe(404);

    // The seller's link: refused until the listing agent lets sellers write.
    const sellerUrl = `/api/seller/${seller.reportToken}/showings/${s.id}/thread`;
    expect((await h.t.request({ method: 'GET', url: sellerUrl })).statusCode).toBe(404);
    expect((await h.t.request({ method: 'POST', url: sellerUrl, payload: body })).statusCode).toBe(404);
    const list = await h.t.request({ method: 'GET', url: `/api/seller/${seller.reportToken}/threads` });
    expect(list.json().data).toMatchObject({ allowed: false, showings: [] });
    const settingsUrl = `/api/properties/${s.property}/thread-settings`;
    expect(
      (
        await h.t.request({
          method: 'PUT',
          url: settingsUrl,
          token: other.token,
          payload: { sellers_in_thread: true },
        })
      ).statusCode,
    ).toBe(404);
    const allowed = await h.t.request({
      method: 'PUT',
      url: settingsUrl,
      token: owner.token,
      payload: { sellers_in_thread: true },
    });
    expect(allowed.json().data).toEqual({ sellers_in_thread: true });
    expect((await h.t.request({ method: 'GET', url: sellerUrl })).statusCode).toBe(200);
    // A seller of another listing, or a bad token, still 404.
    const elsewhere = await showing(owner);
    expect(
      (
        await h.t.request({
          method: 'GET',
          url: `/api/seller/${seller.reportToken}/showings/${elsewhere.id}/thread`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await h.t.request({ method: 'GET', url: `/api/seller/${'x'.repeat(40)}/showings/${s.id}/thread` }))
        .statusCode,
    ).toBe(404);
    // Sellers post no quick statuses (there is no such route for them) and nothing was written by the refusals.
    expect(await messagesOf(s.id)).toEqual([]);
  });

  it('lets the buyer’s agent’s account read and write their request’s conversation', async () => {
    const owner = await proAgent();
    const buyersAgent = await proAgent();
    const s = await showing(owner, {
      fields: { buyerAgentAccountId: buyersAgent.id, ...leeAgent, buyerAgentPhone: nextPhone().typed },
    });
    const url = `/api/network/requests/${s.id}/thread`;
    const res = await h.t.request({
      method: 'POST',
      url,
      token: buyersAgent.token,
      payload: { body: 'Client loves it' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      viewer_role: 'buyer_agent',
      messages: [
        { author_role: 'buyer_agent', author_name: 'Lee Agent', body: 'Client loves it', via: 'web' },
      ],
    });
    // The listing agent hears of it with the link to the booking; the agent writes back, and the buyer's agent's
    // account is e-mailed with the link to their request.
    const ownerEmail = await agentEmail(h.t, owner.id);
    await h.smtp.waitFor(() => h.smtp.to(ownerEmail).some((m) => m.subject.includes('New message')));
    await h.t.request({
      method: 'POST',
      url: `/api/bookings/${s.id}/thread`,
      token: owner.token,
      payload: { body: 'Great' },
    });
    const theirs = await agentEmail(h.t, buyersAgent.id);
    await h.smtp.waitFor(() => h.smtp.to(theirs).some((m) => m.subject.includes('New message')));
    expect(h.smtp.to(theirs).find((m) => m.subject.includes('New message'))!.parsed.text).toContain(
      `${THREAD_TEXTS.mail.action}: ${PUBLIC_URL}/dashboard/network/requests/${s.id}`,
    );
  });
});

describe('writing', () => {
  it('refuses an empty or too long message or an unknown status with 400 and stores nothing', async () => {
    const agent = await proAgent();
    const s = await showing(agent);
    const url = `/api/bookings/${s.id}/thread`;
    for (const payload of [{ body: '   ' }, { body: 'x'.repeat(2001) }, {}]) {
      const res = await h.t.request({ method: 'POST', url, token: agent.token, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), fields: { body: expect.any(String) } });
    }
    const bad = await h.t.request({
      method: 'POST',
      url: `${url}/status`,
      token: agent.token,
      payload: { status: 'late_30' },
    });
    expect(bad.statusCode).toBe(400);
    const manage = await h.t.request({
      method: 'POST',
      url: '/api/booking/manage/thread',
      payload: { token: s.token, body: '' },
    });
    expect(manage.statusCode).toBe(400);
    expect(await messagesOf(s.id)).toEqual([]);
  });

  it('tells the buyer by e-mail and text (consented), and never texts an unconsented buyer or a buyer’s agent’s client', async () => {
    const agent = await proAgent();
    const consented = await showing(agent, { consent: true });
    const unconsented = await showing(agent);
    const agentPhone = nextPhone();
    const withAgent = await showing(agent, {
      consent: true,
      fields: { ...leeAgent, buyerAgentPhone: agentPhone.typed, buyerAgentEmail: 'lee@agents.test' },
    });
    for (const s of [consented, unconsented, withAgent]) {
      const res = await h.t.request({
        method: 'POST',
        url: `/api/bookings/${s.id}/thread`,
        token: agent.token,
        payload: { body: '  The lockbox code changed; I will meet you there.  ' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.messages).toMatchObject([
        { author_role: 'agent', body: 'The lockbox code changed; I will meet you there.', kind: 'message' },
      ]);
    }
    await h.smtp.waitFor(() => h.smtp.to(consented.email).length === 1);
    const [mail] = h.smtp.to(consented.email);
    expect(mail!.parsed.text).toContain('The lockbox code changed; I will meet you there.');
    expect(mail!.parsed.text).toContain(
      `${THREAD_TEXTS.mail.action}: ${PUBLIC_URL}/booking/manage?token=${consented.token}`,
    );
    await h.sms.waitFor(() => textsTo(consented.phone).length === 1 && textsTo(agentPhone.e164).length === 1);
    expect(textsTo(consented.phone)[0]!.body).toContain('The lockbox code changed');
    await h.smtp.waitFor(
      () => h.smtp.to(unconsented.email).length === 1 && h.smtp.to('lee@agents.test').length === 1,
    );
    await sleep(1000);
    expect(textsTo(unconsented.phone)).toEqual([]);
    // The buyer's agent's client gave no consent: never texted, nor e-mailed (their agent speaks for them).
    expect(textsTo(withAgent.phone)).toEqual([]);
    expect(h.smtp.to(withAgent.email)).toEqual([]);
  });

  it('tells the listing agent of a message from the manage page, with the link to the booking', async () => {
    const agent = await proAgent();
    const s = await showing(agent);
    const res = await h.t.request({
      method: 'POST',
      url: '/api/booking/manage/thread',
      payload: { token: s.token, body: 'Can we bring our inspector?' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      viewer_role: 'buyer',
      messages: [{ author_role: 'buyer', author_name: 'Casey Buyer', body: 'Can we bring our inspector?' }],
    });
    const read = await h.t.request({ method: 'GET', url: `/api/booking/manage/thread?token=${s.token}` });
    expect(read.json().data.messages).toHaveLength(1);
    const to = await agentEmail(h.t, agent.id);
    await h.smtp.waitFor(() => h.smtp.to(to).length === 1);
    const [mail] = h.smtp.to(to);
    expect(mail!.parsed.text).toContain('Can we bring our inspector?');
    expect(mail!.parsed.text).toContain(
      `${THREAD_TEXTS.mail.action}: ${PUBLIC_URL}/dashboard/bookings?booking=${s.id}`,
    );
    // The buyer is not told of their own message.
    await sleep(800);
    expect(h.smtp.to(s.email)).toEqual([]);
  });

  it('takes a seller’s message where allowed and tells the other parties, the other seller by consented text', async () => {
    const agent = await proAgent();
    const s = await showing(agent, { consent: true });
    const writer = await sellerContact(s.property, { name: 'Sam Seller' });
    const phone = nextPhone();
    const other = await sellerContact(s.property, {
      name: 'Pat Seller',
      email: null,
      phone: phone.typed,
      channel: 'sms',
      smsConsentAt: new Date(),
    });
    await h.t.request({
      method: 'PUT',
      url: `/api/properties/${s.property}/thread-settings`,
      token: agent.token,
      payload: { sellers_in_thread: true },
    });
    const res = await h.t.request({
      method: 'POST',
      url: `/api/seller/${writer.reportToken}/showings/${s.id}/thread`,
      payload: { body: 'Please leave the porch light on.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      viewer_role: 'seller',
      can_post_status: false,
      messages: [{ author_role: 'seller', author_name: 'Sam Seller' }],
    });
    const to = await agentEmail(h.t, agent.id);
    await h.smtp.waitFor(() => h.smtp.to(to).length === 1 && h.smtp.to(s.email).length === 1);
    await h.sms.waitFor(() => textsTo(phone.e164).length === 1 && textsTo(s.phone).length === 1);
    expect(textsTo(phone.e164)[0]!.body).toContain(`/seller/${other.reportToken}?showing=${s.id}`);
    await sleep(800);
    expect(h.smtp.to(writer.email!)).toEqual([]);
    // The other seller answers the text: it lands in the thread as theirs, by text.
    await textRecorded(s.id, phone.e164);
    expect((await inbound(phone.e164, 'Porch light is on a timer')).statusCode).toBe(200);
    expect((await messagesOf(s.id)).map((m) => [m.authorName, m.via, m.sellerContactId])).toEqual([
      ['Sam Seller', 'web', writer.id],
      ['Pat Seller', 'text', other.id],
    ]);
  });

  it('sends “Running 10 minutes late” to the buyer within a few seconds', async () => {
    const agent = await proAgent();
    const s = await showing(agent, { consent: true });
    const started = Date.now();
    const res = await h.t.request({
      method: 'POST',
      url: `/api/bookings/${s.id}/thread/status`,
      token: agent.token,
      payload: { status: 'late_10' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.messages).toMatchObject([
      { kind: 'status', status_code: 'late_10', body: 'Running 10 minutes late' },
    ]);
    await h.sms.waitFor(() => textsTo(s.phone).length === 1, 5000);
    await h.smtp.waitFor(() => h.smtp.to(s.email).length === 1, 5000);
    const [mail] = h.smtp.to(s.email);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(textsTo(s.phone)[0]!.body).toContain('Running 10 minutes late');
    expect(mail!.subject).toContain('Running 10 minutes late');
    // The buyer's side posts statuses too, from the manage page.
    const arrived = await h.t.request({
      method: 'POST',
      url: '/api/booking/manage/thread/status',
      payload: { token: s.token, status: 'arrived' },
    });
    expect(arrived.json().data.messages.map((m: { body: string }) => m.body)).toEqual([
      'Running 10 minutes late',
      'Arrived',
    ]);
  });
});

describe('text replies and search', () => {
  it('stores a buyer’s free-text reply in the thread of the showing it answers; commands act as before', async () => {
    const agent = await proAgent();
    const s = await showing(agent, { consent: true });
    const elsewhere = await showing(agent, { consent: true });
    await h.t.request({
      method: 'POST',
      url: `/api/bookings/${s.id}/thread`,
      token: agent.token,
      payload: { body: 'Is 5 minutes early fine?' },
    });
    await h.sms.waitFor(() => textsTo(s.phone).length === 1);
    await textRecorded(s.id, s.phone);
    const post = (body: string) => inbound(s.phone, body);
    expect((await post('Can I bring my dog along?')).statusCode).toBe(200);
    const thread = await h.t.request({
      method: 'GET',
      url: `/api/bookings/${s.id}/thread`,
      token: agent.token,
    });
    expect(thread.json().data.messages).toMatchObject([
      { author_role: 'agent', via: 'web' },
      { author_role: 'buyer', body: 'Can I bring my dog along?', via: 'text' },
    ]);
    // "Y" confirms as before and is not a message.
    expect((await post('Y')).statusCode).toBe(200);
    expect(await messagesOf(s.id)).toHaveLength(2);
    expect(await messagesOf(elsewhere.id)).toEqual([]);
  });

  it('finds the caller’s messages only, newest first, with the showing', async () => {
    const agent = await proAgent();
    const other = await proAgent();
    const a = await showing(agent);
    const b = await showing(other);
    for (const [who, s, body] of [
      [agent, a, 'The garage code is 4411'],
      [agent, a, 'Garage door sticks a bit'],
      [other, b, 'Garage is detached'],
    ] as const) {
      await h.t.request({
        method: 'POST',
        url: `/api/bookings/${s.id}/thread`,
        token: who.token,
        payload: { body },
      });
      await sleep(5);
    }
    const res = await h.t.request({ method: 'GET', url: '/api/threads/search?q=garage', token: agent.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { body: string }) => m.body)).toEqual([
      'Garage door sticks a bit',
      'The garage code is 4411',
    ]);
    expect(res.json().data[0].booking).toMatchObject({
      id: a.id,
      client_name: 'Casey Buyer',
      address: '12 Elm Street',
    });
    expect(
      (await h.t.request({ method: 'GET', url: '/api/threads/search?q=%25', token: agent.token })).statusCode,
    ).toBe(400);
    const wild = await h.t.request({
      method: 'GET',
      url: '/api/threads/search?q=%25%25',
      token: agent.token,
    });
    expect(wild.json().data).toEqual([]);
  });

  it('counts each showing’s messages in the bookings export', async () => {
    const agent = await makeAgent(h.t, { timeZone: 'America/New_York', plan: 'enterprise' });
    const s = await showing(agent);
    for (const body of ['One', 'Two']) {
      await h.t.request({
        method: 'POST',
        url: `/api/bookings/${s.id}/thread`,
        token: agent.token,
        payload: { body },
      });
    }
    const res = await h.t.request({ method: 'GET', url: '/api/exports/bookings.csv', token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    const rows = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true }).data;
    expect(rows.find((r) => r.booking_id === s.id)).toMatchObject({ messages: '2' });
  });
});

describe('the buyer’s notice in the booking’s language (issue 43)', () => {
  it('a Spanish booking’s buyer reads the notice and its text in Spanish (a quick status in Spanish words, the link with ?lang=es); the seller reads English', async () => {
    const agent = await proAgent();
    const property = await makeProperty(h.t, agent.id, { address: '5 Calle Luna', city: 'Austin' });
    const s = await showing(agent, { consent: true, property, fields: { locale: 'es' } });
    const seller = await sellerContact(property, { name: 'Sam Seller' });
    await h.t.request({
      method: 'PUT',
      url: `/api/properties/${property}/thread-settings`,
      token: agent.token,
      payload: { sellers_in_thread: true },
    });
    const res = await h.t.request({
      method: 'POST',
      url: `/api/bookings/${s.id}/thread`,
      token: agent.token,
      payload: { body: 'The lockbox code changed; I will meet you there.' },
    });
    expect(res.statusCode).toBe(201);
    const link = `${PUBLIC_URL}/booking/manage?token=${s.token}&lang=es`;
    await h.smtp.waitFor(() => h.smtp.to(s.email).length === 1 && h.smtp.to(seller.email!).length === 1);
    const [mail] = h.smtp.to(s.email);
    expect(mail!.subject).toBe('Nuevo mensaje sobre la visita a 5 Calle Luna');
    const text = mail!.parsed.text ?? '';
    expect(text).toContain('Nuevo mensaje sobre una visita');
    expect(text).toMatch(/Jamie Agent\d+ \(Agente de la propiedad\) escribió:/);
    // The agent's own words stay as written.
    expect(text).toContain('The lockbox code changed; I will meet you there.');
    expect(text).toMatch(/Propiedad\s+5 Calle Luna, Austin/);
    expect(text).toMatch(
      /Visita\s+(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}, \d{1,2}:\d{2}\s[ap]\.\s?m\. /,
    );
    expect(text).toContain(`Abrir la conversación: ${link}`);
    expect(text).toMatch(/enviado por Keyturn en nombre de Jamie Agent\d+/);
    expect(text).not.toMatch(
      /\b(New message|wrote|Property|Showing|Open the conversation|sent by Keyturn)\b/,
    );
    expect(String(mail!.parsed.html)).toContain('<html lang="es">');
    // The seller of the same showing reads it in English, with their own link.
    const sellerMail = h.smtp.to(seller.email!)[0]!;
    expect(sellerMail.subject).toBe('New message about the showing at 5 Calle Luna');
    expect(sellerMail.parsed.text).toMatch(/Jamie Agent\d+ \(Listing agent\) wrote:/);
    expect(sellerMail.parsed.text).toContain(`${THREAD_TEXTS.mail.action}: ${PUBLIC_URL}/seller/`);
    expect(String(sellerMail.parsed.html)).toContain('<html lang="en">');
    // The buyer ticked "Text me": the text is Spanish too.
    await h.sms.waitFor(() => textsTo(s.phone).length === 1);
    expect(textsTo(s.phone)[0]!.body).toBe(
      `${res.json().data.messages[0].author_name} sobre 5 Calle Luna: The lockbox code changed; I will meet you there. Responda a este mensaje de texto o abra ${link}`,
    );

    // A quick status reaches the buyer in Spanish words (stored in English, as posted).
    const status = await h.t.request({
      method: 'POST',
      url: `/api/bookings/${s.id}/thread/status`,
      token: agent.token,
      payload: { status: 'late_10' },
    });
    expect(status.statusCode).toBe(201);
    await h.smtp.waitFor(() => h.smtp.to(s.email).length === 2 && h.smtp.to(seller.email!).length === 2);
    const late = h.smtp.to(s.email)[1]!;
    expect(late.subject).toBe('Llegaré 10 minutos tarde: visita a 5 Calle Luna');
    expect(late.parsed.text).toContain('Llegaré 10 minutos tarde');
    expect(late.parsed.text).not.toContain('Running 10 minutes late');
    expect(h.smtp.to(seller.email!)[1]!.subject).toBe('Running 10 minutes late: showing at 5 Calle Luna');
    await h.sms.waitFor(() => textsTo(s.phone).length === 2);
    expect(textsTo(s.phone)[1]!.body).toMatch(
      /^Jamie Agent\d+ sobre 5 Calle Luna: Llegaré 10 minutos tarde /,
    );
  });
  it('a seller contact whose language is Spanish reads the notice in Spanish, their link with lang=es; the English buyer reads English', async () => {
    const agent = await proAgent();
    const property = await makeProperty(h.t, agent.id, { address: '9 Calle Sol', city: 'Austin' });
    const s = await showing(agent, { property });
    const seller = await sellerContact(property, { name: 'Paz Vendedora', language: 'es' });
    await h.t.request({
      method: 'PUT',
      url: `/api/properties/${property}/thread-settings`,
      token: agent.token,
      payload: { sellers_in_thread: true },
    });
    const res = await h.t.request({
      method: 'POST',
      url: `/api/bookings/${s.id}/thread`,
      token: agent.token,
      payload: { body: 'The buyer asked about the roof.' },
    });
    expect(res.statusCode).toBe(201);
    await h.smtp.waitFor(() => h.smtp.to(s.email).length === 1 && h.smtp.to(seller.email!).length === 1);
    const sellerMail = h.smtp.to(seller.email!)[0]!;
    expect(sellerMail.subject).toBe('Nuevo mensaje sobre la visita a 9 Calle Sol');
    const text = sellerMail.parsed.text ?? '';
    expect(text).toMatch(/Jamie Agent\d+ \(Agente de la propiedad\) escribió:/);
    expect(text).toContain('The buyer asked about the roof.');
    expect(text).toContain(
      `Abrir la conversación: ${PUBLIC_URL}/seller/${seller.reportToken}?showing=${s.id}&lang=es`,
    );
    expect(String(sellerMail.parsed.html)).toContain('<html lang="es">');
    // The buyer's booking is English: their notice as before.
    expect(h.smtp.to(s.email)[0]!.subject).toBe('New message about the showing at 9 Calle Sol');
  });
});
