// Issue 45: "each new message also goes by e-mail (and by text where that person consented)" for the listing
// agent. Their consent is their own, for their own number (Profile's phone), given in Settings → Notifications
// and kept in the consent ledger; the texts go to the Twilio-shaped provider on 127.0.0.1 (notifyHarness).
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_OWN_TEXTS, AGENT_TEXT_QUOTE, ownTextsNotSent } from '@keyturn/domain/listing/threads';
import { agents, bookings, notificationMessages, smsConsentLedger, smsOptOuts } from '../src/db/schema';
import { OWN_TEXTS_PAGE } from '../src/modules/showing-threads/own-texts';
import { createTestApp } from './app';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';
import {
  DAY,
  enableTexts,
  HOUR,
  notifyHarness,
  PUBLIC_URL,
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
/** An agent on Pro with texts on and a number of their own no other test uses (646 555 08xx). */
async function agentWithPhone(): Promise<TestAgent & { phone: string }> {
  const agent = await makeAgent(h.t, { timeZone: 'America/New_York', plan: 'pro' });
  await enableTexts(h.t, agent);
  seq += 1;
  const n = String(seq).padStart(2, '0');
  await h.t.database.db
    .update(agents)
    .set({ phone: `(646) 555-08${n}` })
    .where(eq(agents.id, agent.id));
  return { ...agent, phone: `+164655508${n}` };
}

let slots = 0;
async function showing(agent: TestAgent) {
  const property = await makeProperty(h.t, agent.id, { address: '8 Birch Lane' });
  const id = await seedBooking(h.t.database.db, agent.id, {
    startsAt: new Date(Math.ceil((Date.now() + 2 * DAY) / HOUR) * HOUR + (slots += 1) * HOUR).toISOString(),
    propertyId: property,
    clientEmail: `b${randomUUID()}@buyers.test`,
  });
  const [row] = await h.t.database.db.select().from(bookings).where(eq(bookings.id, id));
  return { id, token: row!.manageToken };
}

const ownTexts = (agent: TestAgent, consent?: boolean) =>
  h.t.request({
    method: consent === undefined ? 'GET' : 'PUT',
    url: '/api/notifications/own-texts',
    token: agent.token,
    ...(consent === undefined ? {} : { payload: { consent } }),
  });
const buyerWrites = (token: string, body: string) =>
  h.t.request({ method: 'POST', url: '/api/booking/manage/thread', payload: { token, body } });
const agentWrites = (agent: TestAgent, bookingId: string, body: string) =>
  h.t.request({
    method: 'POST',
    url: `/api/bookings/${bookingId}/thread`,
    token: agent.token,
    payload: { body },
  });
const textsTo = (e164: string) => h.sms.messages.filter((m) => m.to === e164);

/** Waits until the worker has handled the message's deliveries (its e-mail to the agent recorded). */
async function delivered(bookingId: string, count: number) {
  for (let i = 0; ; i += 1) {
    const rows = await h.t.database.db
      .select()
      .from(notificationMessages)
      .where(and(eq(notificationMessages.bookingId, bookingId), eq(notificationMessages.audience, 'agent')));
    if (rows.filter((r) => r.channel === 'email').length >= count) return rows;
    if (i > 150) throw new Error('the thread message was not delivered');
    await sleep(100);
  }
}

describe("the listing agent's own texts of new thread messages", () => {
  it('records the agent’s own consent for their own number in the ledger, and its withdrawal', async () => {
    const agent = await agentWithPhone();
    expect((await ownTexts(agent)).json().data).toEqual({
      phone: agent.phone,
      consented: false,
      consented_at: null,
      not_sent: null,
    });
    const on = await ownTexts(agent, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ phone: agent.phone, consented: true });
    const ledger = await h.t.database.db
      .select()
      .from(smsConsentLedger)
      .where(and(eq(smsConsentLedger.agentId, agent.id), isNull(smsConsentLedger.bookingId)));
    expect(ledger.map((r) => [r.event, r.phone, r.page])).toEqual([['consent', agent.phone, OWN_TEXTS_PAGE]]);
    expect(ledger[0]!.wordingVersion).toBeTruthy();
    // Another agent sees only their own answer; no phone, no consent.
    const other = await makeAgent(h.t, { plan: 'pro' });
    await h.t.database.db.update(agents).set({ phone: '' }).where(eq(agents.id, other.id));
    const refused = await ownTexts(other, true);
    expect([refused.statusCode, refused.json().code, refused.json().fields]).toEqual([
      400,
      'VALIDATION_ERROR',
      { consent: AGENT_OWN_TEXTS.noPhone },
    ]);
    expect((await ownTexts(agent, false)).json().data.consented).toBe(false);
    expect((await ownTexts(agent)).json().data.consented).toBe(false);
    await ownTexts(agent, true);
  });

  it('texts a consenting agent a buyer’s message once; no text without consent; the agent’s own message is not texted back', async () => {
    const yes = await agentWithPhone();
    const no = await agentWithPhone();
    expect((await ownTexts(yes, true)).json().data.consented).toBe(true);
    const a = await showing(yes);
    const b = await showing(no);
    const long = `Could we see the basement and the garage too? ${'We would also like to check the attic. '.repeat(4)}`;
    expect((await buyerWrites(a.token, long)).statusCode).toBe(201);
    expect((await buyerWrites(b.token, 'Is parking on the street?')).statusCode).toBe(201);
    await delivered(a.id, 1);
    await delivered(b.id, 1);
    await sleep(500);
    const [rowsA, rowsB] = [await delivered(a.id, 1), await delivered(b.id, 1)];
    const texts = textsTo(yes.phone);
    expect(texts).toHaveLength(1);
    const link = `${PUBLIC_URL}/dashboard/bookings?booking=${encodeURIComponent(a.id)}`;
    expect(texts[0]!.body).toContain('8 Birch Lane');
    expect(texts[0]!.body).toContain(long.slice(0, 40));
    expect(texts[0]!.body).not.toContain(long.slice(0, AGENT_TEXT_QUOTE + 5));
    expect(texts[0]!.body).toContain(link);
    expect(rowsA.filter((r) => r.channel === 'sms' && r.status === 'sent')).toHaveLength(1);
    // Not consented: e-mail only, and no text recorded at all.
    expect(textsTo(no.phone)).toHaveLength(0);
    expect(rowsB.filter((r) => r.channel === 'sms')).toHaveLength(0);

    // The agent's own reply is not sent back to them (by text or otherwise).
    expect((await agentWrites(yes, a.id, 'Yes, both are open.')).statusCode).toBe(201);
    await sleep(1500);
    expect(textsTo(yes.phone)).toHaveLength(1);

    // After a STOP from the agent's number, nothing more is texted to it.
    await h.t.database.db.insert(smsOptOuts).values({ phone: yes.phone }).onConflictDoNothing();
    expect((await buyerWrites(a.token, 'One more question')).statusCode).toBe(201);
    await delivered(a.id, 2);
    await sleep(500);
    const later = await delivered(a.id, 2);
    expect(later.filter((r) => r.channel === 'sms' && r.status === 'skipped')).toHaveLength(1);
    expect(textsTo(yes.phone)).toHaveLength(1);
  });
});

describe('the switch is offered only for texts that would go out (issue 45)', () => {
  const ledgerOf = (agent: TestAgent) =>
    h.t.database.db.select().from(smsConsentLedger).where(eq(smsConsentLedger.agentId, agent.id));

  it('a plan without texts, or the agent’s own “SMS reminders” off: said why, and a consent is refused', async () => {
    const basic = await makeAgent(h.t, { plan: 'basic' });
    await h.t.database.db.update(agents).set({ phone: '(646) 555-0890' }).where(eq(agents.id, basic.id));
    const plan = (await ownTexts(basic)).json().data;
    expect(plan).toMatchObject({ phone: '+16465550890', consented: false, not_sent: 'plan' });
    expect(ownTextsNotSent('plan')).toBe(AGENT_OWN_TEXTS.notSent.plan('Professional and Enterprise'));
    const refused = await ownTexts(basic, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TEXTS_NOT_SENT', error: ownTextsNotSent('plan') });
    expect(await ledgerOf(basic)).toHaveLength(0);

    const pro = await makeAgent(h.t, { plan: 'pro' });
    await h.t.database.db.update(agents).set({ phone: '(646) 555-0891' }).where(eq(agents.id, pro.id));
    expect((await ownTexts(pro)).json().data.not_sent).toBe('setting');
    expect((await ownTexts(pro, true)).json()).toMatchObject({ error: AGENT_OWN_TEXTS.notSent.setting });
    // Switched on, the texts would go out: the consent is taken.
    await enableTexts(h.t, pro);
    expect((await ownTexts(pro)).json().data.not_sent).toBeNull();
    expect((await ownTexts(pro, true)).json().data).toMatchObject({ consented: true, not_sent: null });
    // Switched off again after the consent: said, and the withdrawal still works.
    await h.t.request({
      method: 'PUT',
      url: '/api/agents/notifications',
      token: pro.token,
      payload: {
        buyer_confirmation_email: true,
        agent_new_booking_email: false,
        reminder_emails: true,
        reminder_offsets_minutes: [1440, 60],
        sms_reminders: false,
        feedback_request_email: true,
      },
    });
    expect((await ownTexts(pro)).json().data).toMatchObject({ consented: true, not_sent: 'setting' });
    expect((await ownTexts(pro, false)).json().data).toMatchObject({ consented: false });
    expect((await ledgerOf(pro)).map((row) => row.event).sort()).toEqual(['consent', 'opt_out']);
  });

  it('a server whose texts are not set up: its administrator is named, whatever the plan', async () => {
    const bare = await createTestApp();
    try {
      const agent = await makeAgent(bare, { plan: 'enterprise' });
      await enableTexts(bare, agent);
      const res = await bare.request({
        method: 'GET',
        url: '/api/notifications/own-texts',
        token: agent.token,
      });
      expect(res.json().data.not_sent).toBe('server');
      expect(ownTextsNotSent('server')).toContain('administrator');
    } finally {
      await bare.close();
    }
  });
});
