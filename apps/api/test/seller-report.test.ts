// Issue 32 §4 on a real database: the live seller report opened by a contact's token — showings by week, the
// feedback without buyers' names, the distributions, the sentiment and its phrases, the comparison with the
// agent's other listings, the agent's notes; revoked links 404; another agent's property 404s on every route;
// the weekly digest is queued and sent once per contact and week (mail read from the SMTP server on 127.0.0.1).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, propertyContacts } from '../src/db/schema';
import { redactUrl } from '../src/http/log-redaction';
import { jobOptionsOf, openJobQueue } from '../src/jobs/queue';
import { createMailer } from '../src/adapters/mail';
import { databaseOutbox } from '../src/adapters/outbox';
import { queueWeeklyDigests, runSellerDigestJob } from '../src/modules/seller-report/digest';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import {
  ALL_DAY,
  bookAt,
  DAY,
  HOUR,
  MAIL_FROM,
  notifyHarness,
  PUBLIC_URL,
  type NotifyHarness,
} from './support/notify';

let h: NotifyHarness;
let agent: TestAgent;
let propertyId: number;
let contactId: string;
let token: string;
const BUYER_NAME = 'Zelda Quartermain';
const SELLER_EMAIL = `seller.${Date.now()}@sellers.test`;

const at30 = (ms: number) => new Date(Math.ceil(ms / (30 * 60_000)) * 30 * 60_000);

async function showing(startsAt: Date, action: 'complete' | 'no_show' | 'cancel' | null) {
  h.clock.set(new Date(startsAt.getTime() - HOUR));
  const b = await bookAt(h.t, agent, startsAt, { property_id: propertyId, client_name: BUYER_NAME });
  if (action) {
    // Cancelled before the showing; completed or missed after it.
    h.clock.set(new Date(startsAt.getTime() + (action === 'cancel' ? -HOUR / 2 : HOUR)));
    const res = await h.t.request({
      method: 'PUT',
      url: `/api/bookings/${b.id}`,
      token: agent.token,
      payload: { action },
    });
    if (res.statusCode !== 200) throw new Error(`${action}: ${res.body}`);
  }
  h.clock.set(null);
  return b;
}

beforeAll(async () => {
  h = await notifyHarness();
  agent = await makeAgent(h.t, { plan: 'pro', availability: ALL_DAY });
  propertyId = await makeProperty(h.t, agent.id, { address: '42 Seller Road' });
  await makeProperty(h.t, agent.id, { address: '1 Other Street' });
  const [contact] = await h.t.database.db
    .insert(propertyContacts)
    .values({
      propertyId,
      name: 'Sam Seller',
      email: SELLER_EMAIL,
      role: 'seller',
      gets: { approvals: false, notices: false, feedback: true, weeklyReport: true },
    })
    .returning();
  contactId = contact!.id;
  token = contact!.reportToken;

  const base = Date.now();
  const done = await showing(at30(base - 3 * DAY), 'complete');
  await showing(at30(base - 2 * DAY), 'no_show');
  await showing(at30(base + 2 * DAY), 'cancel');
  await showing(at30(base + 3 * DAY), null);
  await h.t.database.db.insert(feedback).values({
    bookingId: done.id,
    agentId: agent.id,
    rating: 4,
    interestLevel: 'very_interested',
    priceOpinion: 'too_high',
    liked: 'The kitchen is wonderful and bright',
    disliked: 'The road is noisy',
    comments: null,
  });
});
afterAll(async () => {
  await h?.close();
});

const report = (t = token) => h.t.request({ method: 'GET', url: `/api/seller/${t}` });

describe('the live seller report', () => {
  it('shows the showings by week, the feedback without names, the distributions, the sentiment, the comparison and the notes', async () => {
    const notes = await h.t.request({
      method: 'PUT',
      url: `/api/properties/${propertyId}/seller-report/notes`,
      token: agent.token,
      payload: { notes: 'Two buyers asked about the roof: the inspection report is ready.' },
    });
    expect(notes.statusCode).toBe(200);
    const res = await report();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({ done: 1, upcoming: 1, cancelled: 1, no_show: 1 });
    const summed = body.weeks.reduce(
      (sum: number, w: { done: number; upcoming: number; cancelled: number; no_show: number }) =>
        sum + w.done + w.upcoming + w.cancelled + w.no_show,
      0,
    );
    expect(summed).toBe(4);
    expect(body.weeks.every((w: { week_of: string }) => /^\d{4}-\d{2}-\d{2}$/.test(w.week_of))).toBe(true);
    expect(body.feedback).toHaveLength(1);
    expect(body.feedback[0]).toMatchObject({ buyer: 'Buyer 1', rating: 4, price_opinion: 'too_high' });
    expect(res.body).not.toContain(BUYER_NAME);
    expect(res.body).not.toContain('Zelda');
    expect(body.price_opinions).toEqual({ too_high: 1, fair: 0, good_value: 0 });
    expect(body.interest).toEqual({ very_interested: 1, somewhat_interested: 0, not_interested: 0 });
    expect(body.sentiment.positive.join(' ')).toMatch(/kitchen/i);
    expect(body.sentiment.negative.join(' ')).toMatch(/noisy/i);
    expect(body.comparison).toMatchObject({ this_listing: 3, other_listings: 0, other_count: 1 });
    expect(body.notes).toBe('Two buyers asked about the roof: the inspection report is ready.');
    expect(body.contact).toEqual({ name: 'Sam Seller' });
  });

  it('a revoked link is 404; a re-issued one opens the report and the old one stays 404', async () => {
    const revoke = await h.t.request({
      method: 'DELETE',
      url: `/api/properties/${propertyId}/contacts/${contactId}/report-link`,
      token: agent.token,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().data.contacts[0]).toMatchObject({ contact_id: contactId, url: null, revoked: true });
    expect((await report()).statusCode).toBe(404);
    const reissued = await h.t.request({
      method: 'POST',
      url: `/api/properties/${propertyId}/contacts/${contactId}/report-link`,
      token: agent.token,
    });
    expect(reissued.statusCode).toBe(200);
    const url = reissued.json().url as string;
    expect(url.startsWith(`${PUBLIC_URL}/seller/`)).toBe(true);
    const fresh = decodeURIComponent(url.slice(`${PUBLIC_URL}/seller/`.length));
    expect((await report(fresh)).statusCode).toBe(200);
    expect((await report(token)).statusCode).toBe(404);
    token = fresh;
    expect((await report('not-a-token-at-all-0000')).statusCode).toBe(404);
  });

  it("another agent's property is 404 on every seller-report route; Basic is refused and its reports are 404", async () => {
    const other = await makeAgent(h.t, { plan: 'enterprise' });
    const routes = [
      { method: 'GET' as const, url: `/api/properties/${propertyId}/seller-report` },
      {
        method: 'PUT' as const,
        url: `/api/properties/${propertyId}/seller-report/notes`,
        payload: { notes: 'x' },
      },
      { method: 'POST' as const, url: `/api/properties/${propertyId}/contacts/${contactId}/report-link` },
      { method: 'DELETE' as const, url: `/api/properties/${propertyId}/contacts/${contactId}/report-link` },
    ];
    for (const route of routes) {
      expect((await h.t.request({ ...route, token: other.token })).statusCode, route.url).toBe(404);
    }
    const basic = await makeAgent(h.t, { plan: 'basic' });
    const basicProperty = await makeProperty(h.t, basic.id);
    const [c] = await h.t.database.db
      .insert(propertyContacts)
      .values({
        propertyId: basicProperty,
        name: 'B',
        email: 'b@sellers.test',
        role: 'seller',
        gets: { approvals: false, notices: false, feedback: false, weeklyReport: true },
      })
      .returning();
    expect((await report(c!.reportToken)).statusCode).toBe(404);
    const refused = await h.t.request({
      method: 'GET',
      url: `/api/properties/${basicProperty}/seller-report`,
      token: basic.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PLAN_UPGRADE_REQUIRED');
    const bad = await h.t.request({
      method: 'PUT',
      url: `/api/properties/${propertyId}/seller-report/notes`,
      token: agent.token,
      payload: { notes: 'x'.repeat(5001) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('notes');
  });

  it("the report's token never reaches a log line", () => {
    expect(redactUrl(`/api/seller/${token}`)).toBe('/api/seller/[redacted]');
    expect(redactUrl(`/seller/${token}`)).toBe('/seller/[redacted]');
  });

  it('the weekly digest is queued once per contact and week and sent once', async () => {
    const queue = await openJobQueue(h.t.database.db, jobOptionsOf(h.t.config));
    const now = new Date();
    await queueWeeklyDigests(h.t.database.db, queue, now);
    await queueWeeklyDigests(h.t.database.db, queue, new Date(now.getTime() + 60_000));
    const { rows } = await h.t.database.db.execute<{ data: { contactId: string; weekOf: string } }>(
      `select data from pgboss.job where name = 'notifications' and data->>'kind' = 'seller.weekly_digest'`,
    );
    const mine = rows.filter((r) => r.data.contactId === contactId);
    expect(mine).toHaveLength(1);
    const deps = {
      db: h.t.database.db,
      mailer: createMailer({ smtpUrl: h.smtp.url, outbox: databaseOutbox(h.t.database.db) }),
      publicUrl: PUBLIC_URL,
      mailFrom: MAIL_FROM,
      now: () => new Date(),
    };
    const attempt = { retryCount: 0, retryLimit: 2 };
    expect((await runSellerDigestJob(deps, mine[0]!.data as never, attempt)).sent).toBe(1);
    expect((await runSellerDigestJob(deps, mine[0]!.data as never, attempt)).sent).toBe(0);
    await h.smtp.waitFor(() => h.smtp.to(SELLER_EMAIL).length === 1);
    const mail = h.smtp.to(SELLER_EMAIL)[0]!;
    expect(mail.subject).toBe('Your weekly showing report: 42 Seller Road');
    expect(mail.parsed.text).toContain(`${PUBLIC_URL}/seller/`);
    expect(mail.parsed.text).not.toContain(BUYER_NAME);
    const [stored] = await h.t.database.db
      .select()
      .from(propertyContacts)
      .where(eq(propertyContacts.id, contactId));
    expect(stored!.reportRevokedAt).toBeNull();
  });
});
