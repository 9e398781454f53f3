// Issue 46 "Buyers' own data" end to end (decision 091): a buyer books on the public page (agreeing to texts),
// gets the confirmation e-mail (real SMTP) with their "Your data" link, gives feedback and writes in the
// showing's conversation; the page and both downloads show it all; they ask for deletion, the agent sees the
// request with its legal clock and completes it — and then no text/varchar/json/jsonb column of any table of the
// public schema holds the buyer's name, address or number, while the reports count the same showings.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_BUYER_NAME, PRIVACY_TEXTS, privacyDueAt } from '@keyturn/domain/privacy';
import type { Mailer, OutgoingMail } from '../src/adapters/mail';
import { deliverBuyerMail } from '../src/modules/core/mail/buyer-mail';
import {
  accessReleases,
  agents,
  assistantConversations,
  bookingLinks,
  bookings,
  calendarEvents,
  calendarIntegrations,
  idempotencyKeys,
  leadNotes,
  leads,
  messageCopies,
  networkTours,
  notificationMessages,
  privacyRequests,
  showingWaitlist,
  smsInboundMessages,
  smsOptOuts,
  smsPendingQuestions,
  tours,
  webhookEndpoints,
} from '../src/db/schema';
import { jobOptionsOf, openJobQueue } from '../src/jobs/queue';
import { yourDataSignerOf } from '../src/modules/buyer-privacy/links';
import { applyRetention } from '../src/modules/buyer-privacy/retention';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';
import { ALL_DAY, enableTexts, notifyHarness, PUBLIC_URL, type NotifyHarness } from './support/notify';

const BUYER = { name: 'Morgan Privacyson', email: 'Morgan.Privacy@Buyers.test', phone: '+1 646 555 0177' };
const LOWER = BUYER.email.toLowerCase();
// A Monday in the past (the queue sends what is due at once); the showing is the next morning, New York time.
const MONDAY = new Date('2026-03-02T15:00:00Z');
const AFTER_SHOWING = new Date('2026-03-03T16:30:00Z');

let h: NotifyHarness;
beforeAll(async () => {
  h = await notifyHarness();
  h.clock.set(MONDAY);
});
afterAll(async () => {
  await h.close();
});

/** Every text, varchar, json and jsonb column of every table in the public schema holding any of `needles`. */
async function scan(needles: string[]): Promise<string[]> {
  const db = h.t.database.db;
  const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`);
  const patterns = `{${needles.map((n) => `"%${n}%"`).join(',')}}`;
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    const hit = await db.execute<{ value: string }>(
      sql`select ${sql.identifier(column)}::text as value from ${sql.identifier(table)}
          where ${sql.identifier(column)}::text ilike any(${patterns}::text[]) limit 1`,
    );
    if (hit.rows.length > 0) found.push(`${table}.${column}: ${hit.rows[0]!.value.slice(0, 200)}`);
  }
  return found;
}

/**
 * The places a buyer reaches that this flow does not (a text reply, the assistant, a waiting list, a tour
 * invitation, a prefilled link, a stored public answer, a kept message copy, a pending question, an opt-out, an
 * access release, a buyer's agent's tour), written as their own code paths write them.
 */
async function seedElsewhere(agent: TestAgent, bookingId: string, propertyId: number) {
  const db = h.t.database.db;
  await db.insert(smsInboundMessages).values({
    messageSid: 'SM-privacy-1',
    fromPhone: '+16465550177',
    toPhone: '+15005550006',
    body: 'Running 5 min late — Morgan Privacyson',
    action: 'other',
    agentId: agent.id,
    bookingId,
  });
  await db.insert(assistantConversations).values({
    agentId: agent.id,
    bookingId,
    messages: [
      { role: 'buyer', text: 'I am Morgan Privacyson, 646-555-0177', at: MONDAY.toISOString() },
      { role: 'assistant', text: 'Thanks Morgan Privacyson!', at: MONDAY.toISOString() },
    ],
    state: { name: BUYER.name, email: LOWER, phone: BUYER.phone },
  });
  await db.insert(showingWaitlist).values({
    agentId: agent.id,
    propertyId,
    date: '2026-03-10',
    part: 'any',
    token: 'wl-privacy-token',
    clientName: BUYER.name,
    clientEmail: BUYER.email,
    clientPhone: BUYER.phone,
    buyerType: 'first_time_buyer',
  });
  await db.insert(tours).values({
    agentId: agent.id,
    token: 'tour-privacy-token',
    date: '2026-03-12',
    stops: [{ property_id: propertyId, starts_at: '2026-03-12T15:00:00.000Z' }],
    buyer: { name: BUYER.name, email: BUYER.email, phone: BUYER.phone },
  });
  await db.insert(bookingLinks).values({
    id: 'link-privacy',
    agentId: agent.id,
    prefill: { client_name: BUYER.name, client_email: LOWER, client_phone: BUYER.phone },
  });
  await db.insert(idempotencyKeys).values({
    scope: 'booking',
    key: 'idem-privacy',
    requestHash: 'x',
    statusCode: 201,
    response: { booking: { id: bookingId, client_email: LOWER } },
  });
  await db
    .insert(smsPendingQuestions)
    .values({ phone: '+16465550177', agentId: agent.id, action: 'yes', bookingIds: [bookingId] });
  await db.insert(smsOptOuts).values({ phone: '+16465550177' });
  await db
    .insert(accessReleases)
    .values({ bookingId, recipient: LOWER, role: 'buyer', channel: 'email', accessVersion: 1 });
  await db
    .insert(networkTours)
    .values({ buyerAgentId: agent.id, date: '2026-03-12', clientName: BUYER.name });
  // A message to the buyer kept in the outbox (no SMTP server at the time): its copy must go with them.
  const [sent] = await db
    .select()
    .from(notificationMessages)
    .where(and(eq(notificationMessages.bookingId, bookingId), eq(notificationMessages.audience, 'buyer')))
    .limit(1);
  await db
    .insert(messageCopies)
    .values({ fileName: 'privacy-copy.eml', channel: 'email', content: Buffer.from(`To: ${LOWER}`) });
  await db
    .update(notificationMessages)
    .set({ fileName: 'privacy-copy.eml' })
    .where(eq(notificationMessages.id, sent!.id));
}

function reportOf(agent: TestAgent) {
  return h.t
    .request({ method: 'GET', url: '/api/reports?from=2026-03-01&to=2026-03-31', token: agent.token })
    .then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    });
}

describe('a buyer’s own data', () => {
  let agent: TestAgent;
  let token = '';
  let bookingId = '';
  let requestId = '';

  it('the buyer books, and every e-mail to them carries their signed "Your data" link', async () => {
    const { t } = h;
    agent = await makeAgent(t, { plan: 'enterprise', availability: ALL_DAY });
    await enableTexts(t, agent);
    const property = await makeProperty(t, agent.id, { address: '7 Privacy Lane' });
    // An Enterprise agent's webhook: the deliveries keep the exact bodies sent (the endpoint refuses them).
    await t.database.db.insert(webhookEndpoints).values({
      agentId: agent.id,
      url: 'http://127.0.0.1:9/hook',
      events: ['booking.created', 'booking.confirmed', 'feedback.received', 'lead.updated'],
      secret: 'whsec_test',
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: {
        property_id: property,
        agent_id: agent.id,
        client_name: BUYER.name,
        client_email: BUYER.email,
        client_phone: BUYER.phone,
        buyer_type: 'first_time_buyer',
        budget_min: 300000,
        budget_max: 400000,
        income_range: '100000-125000',
        booking_purpose: 'property_viewing',
        custom_purpose: null,
        booking_date: '2026-03-03',
        booking_time: '10:00',
        message: 'Morgan Privacyson here: we have a dog, call 646-555-0177.',
        sms_consent: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    bookingId = res.json().booking.id as string;

    await h.startWorkers();
    const toBuyer = () => h.smtp.mails.filter((m) => m.envelopeTo.some((a) => a.toLowerCase() === LOWER));
    await h.smtp.waitFor(() => toBuyer().length >= 2);
    // Every e-mail the buyer got (confirmation, reminders, feedback request) carries the same link.
    const links = new Set(
      toBuyer().map((m) => {
        const found = new RegExp(`${PRIVACY_TEXTS.linkLabel}: ${PUBLIC_URL}/your-data\\?token=(\\S+)`).exec(
          m.parsed.text ?? '',
        );
        expect(found, m.parsed.text).not.toBeNull();
        return found![1]!;
      }),
    );
    expect(links.size).toBe(1);
    const mail = toBuyer()[0];
    const text = mail!.parsed.text ?? '';
    token = decodeURIComponent([...links][0]!);
    // The line sits before the footer, and the HTML has the link too.
    expect(text.indexOf(PRIVACY_TEXTS.linkLabel)).toBeLessThan(text.lastIndexOf('\n—\n'));
    expect(String(mail!.parsed.html)).toContain(`${PUBLIC_URL}/your-data?token=`);
    // The agent's own copy of the new booking has no buyer's link.
    const agentMails = h.smtp.to(agent.email);
    for (const m of agentMails) expect(m.parsed.text ?? '').not.toContain('/your-data?token=');
  });

  it('the page shows the bookings, feedback, messages and consents; JSON and CSV downloads hold them', async () => {
    const { t } = h;
    h.clock.set(AFTER_SHOWING);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const fb = await t.request({
      method: 'PUT',
      url: `/api/feedback/public/${row!.publicId}`,
      payload: {
        rating: 4,
        interest_level: 'very_interested',
        second_showing: true,
        price_opinion: 'fair',
        liked: 'The garden, said Morgan Privacyson',
        comments: 'Text me at +16465550177',
      },
    });
    expect(fb.statusCode, fb.body).toBe(201);
    const thread = await t.request({
      method: 'POST',
      url: '/api/booking/manage/thread',
      payload: { token: row!.manageToken, body: 'Morgan Privacyson again: may we come back Saturday?' },
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const [lead] = await t.database.db
      .select()
      .from(leads)
      .where(and(eq(leads.agentId, agent.id), eq(leads.email, LOWER)));
    expect(lead).toBeDefined();
    await t.database.db
      .insert(leadNotes)
      .values({ leadId: lead!.id, agentId: agent.id, body: 'Morgan Privacyson wants a big garden' });

    await seedElsewhere(agent, bookingId, row!.propertyId!);

    const page = await t.request({ method: 'GET', url: `/api/your-data?token=${encodeURIComponent(token)}` });
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data;
    expect(data.email).toBe(LOWER);
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0]).toMatchObject({
      name: BUYER.name,
      phone: BUYER.phone,
      property: expect.stringContaining('7 Privacy Lane'),
      time_zone: 'America/New_York',
      starts_at: '2026-03-03T15:00:00.000Z',
      notes: expect.stringContaining('we have a dog'),
    });
    expect(data.feedback[0]).toMatchObject({ rating: 4, liked: 'The garden, said Morgan Privacyson' });
    expect(data.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          direction: 'from_you',
          body: expect.stringContaining('come back Saturday'),
        }),
        expect.objectContaining({ direction: 'to_you', channel: 'email' }),
      ]),
    );
    expect(data.consents[0]).toMatchObject({ event: 'consent', phone: '+16465550177' });
    expect(data.lead.notes[0].body).toBe('Morgan Privacyson wants a big garden');
    expect(data.waitlist[0]).toMatchObject({ date: '2026-03-10', name: BUYER.name });
    expect(data.messages).toContainEqual(
      expect.objectContaining({
        direction: 'from_you',
        channel: 'sms',
        body: 'Running 5 min late — Morgan Privacyson',
      }),
    );
    expect(data.request).toBeNull();

    const json = await t.request({
      method: 'GET',
      url: `/api/your-data/download?format=json&token=${encodeURIComponent(token)}`,
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toBe('attachment; filename="your-data-2026-03-03.json"');
    expect(json.json().bookings[0].name).toBe(BUYER.name);
    const csv = await t.request({
      method: 'GET',
      url: `/api/your-data/download?format=csv&token=${encodeURIComponent(token)}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="your-data-2026-03-03.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('section,date,field,value');
    expect(lines).toContain(`booking,2026-03-03T15:00:00.000Z,name,${BUYER.name}`);
    expect(lines).toContain(
      'feedback,' + data.feedback[0].given_at + ',liked,"The garden, said Morgan Privacyson"',
    );
    expect(csv.body).toContain('come back Saturday');
    expect(lines.some((l) => l.startsWith('consent,') && l.includes('phone'))).toBe(true);
  });

  it('a bad or forged token is a 404', async () => {
    const { t } = h;
    const forged = yourDataSignerOf(t.config).sign({
      agentId: '00000000-0000-4000-8000-000000000000',
      email: LOWER,
    });
    const tampered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const other = Buffer.from('someone@else.test').toString('base64url');
    const swapped = token
      .split('.')
      .map((p, i) => (i === 2 ? other : p))
      .join('.');
    for (const bad of ['', 'nope', tampered, swapped, forged]) {
      const res = await t.request({ method: 'GET', url: `/api/your-data?token=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const post = await t.request({
      method: 'POST',
      url: '/api/your-data/deletion-request',
      payload: { token: tampered },
    });
    expect(post.statusCode).toBe(404);
  });

  it('the deletion request is made once, the agent is told, and sees it with its legal clock', async () => {
    const { t } = h;
    const first = await t.request({
      method: 'POST',
      url: '/api/your-data/deletion-request',
      payload: { token },
    });
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json().data;
    expect(made).toMatchObject({ status: 'open', agent_name: expect.stringContaining('Jamie') });
    expect(made.due_at).toBe(privacyDueAt(AFTER_SHOWING).toISOString());
    expect(made.due_at).toBe('2026-04-03T16:30:00.000Z');
    const again = await t.request({
      method: 'POST',
      url: '/api/your-data/deletion-request',
      payload: { token },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.received_at).toBe(made.received_at);
    await h.smtp.waitFor(() =>
      h.smtp.to(agent.email).some((m) => m.parsed.subject === PRIVACY_TEXTS.mail.agentSubject),
    );
    const told = h.smtp.to(agent.email).find((m) => m.parsed.subject === PRIVACY_TEXTS.mail.agentSubject)!;
    expect(told.parsed.text).toContain(`${PUBLIC_URL}/dashboard/privacy-requests`);
    expect(told.parsed.text).not.toContain(LOWER);

    const list = await t.request({ method: 'GET', url: '/api/privacy-requests', token: agent.token });
    expect(list.statusCode).toBe(200);
    const [request] = list.json().data.requests;
    expect(request).toMatchObject({
      email: LOWER,
      source: 'buyer',
      status: 'open',
      days_left: 31,
      overdue: false,
    });
    requestId = request.id;

    const page = (
      await t.request({ method: 'GET', url: `/api/your-data?token=${encodeURIComponent(token)}` })
    ).json();
    expect(page.data.request).toMatchObject({ status: 'open', due_at: made.due_at });

    // Another agent sees none of it and cannot complete it.
    const intruder = await makeAgent(t);
    const theirs = await t.request({ method: 'GET', url: '/api/privacy-requests', token: intruder.token });
    expect(theirs.json().data.requests).toEqual([]);
    for (const id of [requestId, 'not-a-uuid']) {
      const res = await t.request({
        method: 'POST',
        url: `/api/privacy-requests/${id}/complete`,
        token: intruder.token,
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('completing it anonymises the buyer everywhere: no trace in any text column, the same report', async () => {
    const { t } = h;
    await h.stopWorkers();
    const before = await reportOf(agent);
    // The showing was pushed to the agent's Google calendar (as the calendar worker records it).
    const [google] = await t.database.db
      .insert(calendarIntegrations)
      .values({
        agentId: agent.id,
        provider: 'google',
        status: 'connected',
        accountEmail: 'jamie@agent.test',
      })
      .returning();
    await t.database.db.insert(calendarEvents).values({
      bookingId,
      agentId: agent.id,
      integrationId: google!.id,
      calendarExternalId: 'primary',
      eventId: 'evt-privacy-1',
    });
    const needles = [BUYER.name, LOWER, BUYER.phone, '+16465550177', '6465550177', '646-555-0177'];
    // The scan sees the buyer where the product keeps them before the deletion.
    const held = await scan(needles);
    for (const where of [
      'bookings.client_name',
      'feedback.liked',
      'showing_messages.body',
      'sms_consent_ledger.phone',
    ]) {
      expect(
        held.some((h) => h.startsWith(`${where}:`)),
        `${where} in ${held.join('\n')}`,
      ).toBe(true);
    }
    const res = await t.request({
      method: 'POST',
      url: `/api/privacy-requests/${requestId}/complete`,
      token: agent.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'completed', email: null });
    const again = await t.request({
      method: 'POST',
      url: `/api/privacy-requests/${requestId}/complete`,
      token: agent.token,
    });
    expect(again.statusCode).toBe(200);

    expect(await scan(needles)).toEqual([]);
    expect(
      await t.database.db.select().from(messageCopies).where(eq(messageCopies.fileName, 'privacy-copy.eml')),
    ).toEqual([]);
    // The opt-out went with the buyer (no other agent holds the number); the waiting list no longer holds them.
    expect(await t.database.db.select().from(smsOptOuts)).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(showingWaitlist)
      .where(eq(showingWaitlist.agentId, agent.id));
    expect(entry).toMatchObject({ status: 'removed', clientName: DELETED_BUYER_NAME, clientPhone: '' });
    // Helper C's audit log recorded the booking's changes (the scan above read it too) without the buyer's values.
    const audited = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity_id = ${bookingId}`,
    );
    expect(audited.rows[0]!.n).toBeGreaterThan(0);
    // The pushed event is queued for deletion from the agent's calendar, and its row is gone.
    expect(
      await t.database.db.select().from(calendarEvents).where(eq(calendarEvents.bookingId, bookingId)),
    ).toEqual([]);
    const queued = await t.database.db.execute<{ data: Record<string, string> }>(
      sql`select data from pgboss.job where name = 'calendar' and data->>'kind' = 'delete-event'`,
    );
    expect(queued.rows.map((r) => r.data)).toContainEqual({
      kind: 'delete-event',
      integrationId: google!.id,
      calendarExternalId: 'primary',
      eventId: 'evt-privacy-1',
    });
    const after = await reportOf(agent);
    expect(after).toEqual(before);

    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({
      clientName: DELETED_BUYER_NAME,
      clientEmail: `deleted-${requestId}@deleted.invalid`,
      clientPhone: '',
      status: 'confirmed',
      propertyId: expect.any(Number),
    });
    const [request] = await t.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.id, requestId));
    expect(request).toMatchObject({
      status: 'completed',
      email: null,
      emailHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const ledger = await t.database.db.execute<{
      phone: string | null;
      phone_hash: string | null;
      wording_version: string | null;
    }>(sql`select phone, phone_hash, wording_version from sms_consent_ledger where agent_id = ${agent.id}`);
    expect(ledger.rows[0]).toMatchObject({
      phone: null,
      phone_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(ledger.rows[0]!.wording_version).not.toBeNull();

    // The agent's pages still read the anonymised rows.
    for (const url of [
      '/api/bookings',
      '/api/leads',
      '/api/feedback',
      '/api/agents/messages',
      '/api/agents/text-consents.csv',
    ]) {
      const read = await t.request({ method: 'GET', url, token: agent.token });
      expect(read.statusCode, `${url}: ${read.body.slice(0, 300)}`).toBe(200);
      expect(read.body).not.toContain(BUYER.name);
    }
    // The link still opens, and shows nothing but the completed request.
    const page = (
      await t.request({ method: 'GET', url: `/api/your-data?token=${encodeURIComponent(token)}` })
    ).json();
    expect(page.data).toMatchObject({
      bookings: [],
      feedback: [],
      consents: [],
      lead: null,
      request: { status: 'completed' },
    });
  });
});

describe('the one place buyer e-mails are marked', () => {
  it('deliverBuyerMail marks a mail to the buyer, never one to a seller, a buyer’s agent or the agent', async () => {
    const { t } = h;
    const agent = await makeAgent(t);
    const [row] = await t.database.db.select().from(agents).where(eq(agents.id, agent.id));
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = {
      transport: 'file',
      send: async (m) => {
        sent.push(m);
        return { transport: 'file', providerRef: 'kept', fileName: null };
      },
      close: () => {},
    };
    const booking = await seedBooking(t.database.db, agent.id, { startsAt: '2026-03-20T15:00:00Z' });
    const mail = (key: string, extra: Partial<Parameters<typeof deliverBuyerMail>[1]>) =>
      deliverBuyerMail(
        { db: t.database.db, mailer, mailFrom: 'Keyturn <no-reply@keyturn.test>' },
        {
          key,
          kind: 'test.mail',
          agent: row!,
          to: 'Casey@Example.com',
          rendered: { subject: 's', text: 't', html: '<p>h</p>', attachments: [] },
          scheduledFor: MONDAY,
          attempt: { retryCount: 0, retryLimit: 2 },
          ...extra,
        },
      );
    await mail('privacy-mark-1', {});
    await mail('privacy-mark-2', { audience: 'seller' });
    await mail('privacy-mark-3', { audience: 'buyer_agent' });
    await mail('privacy-mark-4', { toAgent: { bookingId: booking } });
    expect(sent.map((m) => m.yourData ?? null)).toEqual([
      { agentId: agent.id, email: 'Casey@Example.com' },
      null,
      null,
      null,
    ]);
  });
});

describe('requests the agent starts, and the retention', () => {
  it('starts a request for a buyer it holds (422 otherwise); retention is validated and deletes old buyers only', async () => {
    const { t } = h;
    const agent = await makeAgent(t, { plan: 'pro' });
    await seedBooking(t.database.db, agent.id, {
      startsAt: '2025-01-10T15:00:00Z',
      clientEmail: 'olive@old.test',
      clientName: 'Olive Oldbuyer',
    });
    await seedBooking(t.database.db, agent.id, {
      startsAt: '2026-02-20T15:00:00Z',
      clientEmail: 'rita@recent.test',
      clientName: 'Rita Recentbuyer',
    });
    const start = (email: string) =>
      t.request({ method: 'POST', url: '/api/privacy-requests', token: agent.token, payload: { email } });
    const nobody = await start('nobody@else.test');
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().fields.email).toBe(PRIVACY_TEXTS.errors.noBuyer);
    expect((await start('not an email')).statusCode).toBe(400);
    const made = await start('Rita@Recent.test');
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ source: 'agent', email: 'rita@recent.test', status: 'open' });
    expect((await start('rita@recent.test')).statusCode).toBe(200);

    const put = (retention_months: unknown) =>
      t.request({
        method: 'PUT',
        url: '/api/privacy/retention',
        token: agent.token,
        payload: { retention_months },
      });
    for (const bad of [5, 121, 12.5, 'twelve']) {
      const res = await put(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().fields.retention_months).toBe(PRIVACY_TEXTS.errors.retention);
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/privacy/retention', token: agent.token })).json().data,
    ).toEqual({
      retention_months: null,
    });
    expect((await put(6)).json().data).toEqual({ retention_months: 6 });
    expect(
      (await t.request({ method: 'GET', url: '/api/privacy/retention', token: agent.token })).json().data,
    ).toEqual({
      retention_months: 6,
    });

    const queue = await openJobQueue(t.database.db, jobOptionsOf(t.config));
    const deps = { db: t.database.db, queue, now: () => MONDAY, defaultCountry: 'US' };
    expect(await applyRetention(deps)).toBeGreaterThanOrEqual(1);
    expect(await applyRetention(deps)).toBe(0);
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.agentId, agent.id));
    const names = rows.map((r) => r.clientName).sort();
    expect(names).toEqual([DELETED_BUYER_NAME, 'Rita Recentbuyer']);
    expect(await scan(['Olive Oldbuyer', 'olive@old.test'])).toEqual([]);
    const requests = await t.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.agentId, agent.id));
    expect(requests.map((r) => [r.source, r.status]).sort()).toEqual([
      ['agent', 'open'],
      ['retention', 'completed'],
    ]);
    expect((await put(null)).json().data).toEqual({ retention_months: null });
  });
});
