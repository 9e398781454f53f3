// Issue 45 "Listing documents" through the real queue, workers and SMTP server (127.0.0.1): uploads checked by
// their bytes (a PDF and a PNG kept; a fake PDF, an .exe and anything over 20 MB refused with nothing stored),
// each rule — public on the booking page, with the confirmation (buyer and buyer's agent), on request (approved →
// link mailed, declined → none), after the showing — the signed links (expiry, tampering, deleted document),
// the download log, another agent's 404s and the seller report's count.
import http from 'node:http';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TEXTS } from '@keyturn/domain/listing/documents';
import {
  bookings,
  documentFiles,
  documentRequests,
  listingDocuments,
  properties,
  propertyContacts,
} from '../src/db/schema';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { bookAt, DAY, HOUR, notifyHarness, PUBLIC_URL, type NotifyHarness } from './support/notify';

const T0 = new Date('2026-01-05T15:00:00Z');
const SHOWING = new Date('2026-01-06T15:00:00Z');
let h: NotifyHarness;

/** A small but real PDF: header, one empty page, cross-reference table, trailer and %%EOF. */
function makePdf(title: string): Buffer {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Title (${title}) >> endobj`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(body.length);
    body += `${o}\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// A real 20×20 PNG (one colour): signature, IHDR, IDAT, IEND.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABQAAAAUCAIAAAAC64paAAAAGElEQVR4nGNgGAWjYBSMglEwCkbBKBgFAA1sAAE7iGbvAAAAAElFTkSuQmCC',
  'base64',
);

function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----keyturn-documents';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(agent: TestAgent, property: number, name: string, rule: string, bytes = makePdf(name)) {
  return h.t.request({
    method: 'POST',
    url: `/api/properties/${property}/documents`,
    token: agent.token,
    ...multipart({ name, rule }, { name: 'file.pdf', type: 'application/pdf', bytes }),
  });
}

async function uploaded(agent: TestAgent, property: number, name: string, rule: string, bytes?: Buffer) {
  const res = await upload(agent, property, name, rule, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; url: string; content_type: string };
}

/** The path (under /api) of an absolute download link. */
const pathOf = (url: string) => {
  expect(url.startsWith(`${PUBLIC_URL}/api/documents/download?token=`)).toBe(true);
  return url.slice(PUBLIC_URL.length);
};
const download = (url: string) => h.t.request({ method: 'GET', url: pathOf(url) });

/** The download links of a mail's plain text. */
function linksIn(text: string): string[] {
  return [...text.matchAll(/http:\/\/keyturn\.test\/api\/documents\/download\?token=[^\s)\]]+/g)].map(
    (m) => m[0],
  );
}

/** The first mail to `to` with `subject`, once it arrives. */
async function mailTo(to: string, subject: string) {
  const find = () => h.smtp.to(to).find((m) => m.parsed.subject === subject);
  await h.smtp.waitFor(() => find() !== undefined);
  return find()!;
}

async function countRows() {
  const [files] = await h.t.database.db.select({ n: count() }).from(documentFiles);
  const [docs] = await h.t.database.db.select({ n: count() }).from(listingDocuments);
  return { files: files!.n, docs: docs!.n };
}

beforeAll(async () => {
  h = await notifyHarness();
  h.clock.set(T0);
  await h.startWorkers();
});
afterAll(async () => {
  await h?.close();
});

describe('uploads', () => {
  it('keeps a real PDF and PNG, and refuses a fake PDF, an .exe and anything over 20 MB, storing nothing', async () => {
    const agent = await makeAgent(h.t);
    const property = await makeProperty(h.t, agent.id);
    const pdf = await uploaded(agent, property, 'Seller disclosure', 'public');
    expect(pdf.content_type).toBe('application/pdf');
    const png = await uploaded(agent, property, 'Floor plan', 'on_request', PNG);
    expect(png.content_type).toBe('image/png');

    const before = await countRows();
    const fakePdf = await upload(
      agent,
      property,
      'Fake',
      'public',
      Buffer.from('%PDF-1.4\nnot really a pdf'),
    );
    expect(fakePdf.statusCode).toBe(400);
    expect(fakePdf.json()).toMatchObject({
      code: 'DOCUMENT_DAMAGED',
      fields: { file: DOCUMENT_TEXTS.errors.badPdf },
    });
    // An executable claimed to be a PDF: the bytes decide.
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03', 'latin1'), Buffer.alloc(2000, 1)]);
    const refused = await upload(agent, property, 'Setup', 'public', exe);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({
      code: 'DOCUMENT_TYPE_NOT_ALLOWED',
      fields: { file: expect.any(String) },
    });
    const big = Buffer.concat([
      makePdf('big'),
      Buffer.alloc(20 * 1024 * 1024 + 10, 32),
      Buffer.from('%%EOF\n'),
    ]);
    const tooBig = await upload(agent, property, 'Huge', 'public', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'DOCUMENT_TOO_LARGE', fields: { file: expect.any(String) } });
    const noName = await upload(agent, property, '', 'public');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toHaveProperty('name');
    const badRule = await upload(agent, property, 'Brochure', 'everyone');
    expect(badRule.statusCode).toBe(400);
    expect(badRule.json().fields).toHaveProperty('rule');
    expect(await countRows()).toEqual(before);

    const list = await h.t.request({
      method: 'GET',
      url: `/api/properties/${property}/documents`,
      token: agent.token,
    });
    expect(list.json().data.map((d: { name: string }) => d.name)).toEqual([
      'Seller disclosure',
      'Floor plan',
    ]);
  });
});

describe('rules', () => {
  it('lists public documents on the booking page with short-lived links, and logs the download', async () => {
    const agent = await makeAgent(h.t);
    const property = await makeProperty(h.t, agent.id);
    const bytes = makePdf('brochure');
    const doc = await uploaded(agent, property, 'Brochure', 'public', bytes);
    await uploaded(agent, property, 'Disclosure', 'with_confirmation');
    const [{ publicId } = { publicId: '' }] = await h.t.database.db
      .select({ publicId: properties.publicId })
      .from(properties)
      .where(eq(properties.id, property));
    const res = await h.t.request({ method: 'GET', url: `/api/booking/properties/${publicId}/documents` });
    expect(res.statusCode).toBe(200);
    const [listed, ...rest] = res.json().data;
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({ id: doc.id, name: 'Brochure', content_type: 'application/pdf' });
    expect(Date.parse(listed.expires_at) - T0.getTime()).toBe(HOUR);
    const got = await download(listed.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toContain('application/pdf');
    expect(got.headers['content-disposition']).toContain('Brochure.pdf');
    expect(got.rawPayload.equals(bytes)).toBe(true);

    const log = await h.t.request({
      method: 'GET',
      url: `/api/properties/${property}/documents/${doc.id}/downloads`,
      token: agent.token,
    });
    expect(log.json().data).toEqual([
      { at: T0.toISOString(), role: 'public', booking_id: null, who: null, ip: expect.any(String) },
    ]);
    // An hour later the page's link is refused; a fresh list gives a new one.
    h.clock.set(new Date(T0.getTime() + 2 * HOUR));
    const expired = await download(listed.url);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'DOCUMENT_LINK_EXPIRED',
      error: DOCUMENT_TEXTS.errors.linkExpired,
    });
    h.clock.set(T0);
    // A changed byte anywhere is not our link.
    const token = new URL(listed.url).searchParams.get('token')!;
    const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    for (const bad of [flipped, token.replace('.public.', '.agent.'), 'nonsense']) {
      const r = await h.t.request({
        method: 'GET',
        url: `/api/documents/download?token=${encodeURIComponent(bad)}`,
      });
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('DOCUMENT_LINK_INVALID');
    }
    // A deleted document: 404, and gone from the page.
    const del = await h.t.request({
      method: 'DELETE',
      url: `/api/properties/${property}/documents/${doc.id}`,
      token: agent.token,
    });
    expect(del.statusCode).toBe(200);
    expect((await download(listed.url)).statusCode).toBe(404);
    const after = await h.t.request({ method: 'GET', url: `/api/booking/properties/${publicId}/documents` });
    expect(after.json().data).toEqual([]);
  });

  it('mails "with confirmation" documents to the buyer and the buyer’s agent, with week-long links', async () => {
    // The buyer's agent is named on the booking before the workers run its jobs.
    await h.stopWorkers();
    const agent = await makeAgent(h.t);
    const property = await makeProperty(h.t, agent.id, { address: '40 Birch Lane' });
    const doc = await uploaded(agent, property, 'Disclosure', 'with_confirmation');
    await uploaded(agent, property, 'HOA rules', 'with_confirmation', PNG);
    const booked = await bookAt(h.t, agent, SHOWING, {
      property_id: property,
      client_name: 'Dana Buyer',
      client_email: 'dana@buyers.test',
    });
    await h.t.database.db
      .update(bookings)
      .set({
        buyerAgentName: 'Robin Broker',
        buyerAgentBrokerage: 'Broker & Co',
        buyerAgentLicence: 'RB-1234',
        buyerAgentPhone: '+1 646 555 0177',
        buyerAgentEmail: 'robin@brokers.test',
      })
      .where(eq(bookings.id, booked.id));
    await h.startWorkers();
    const subject = DOCUMENT_TEXTS.mail.subject('40 Birch Lane');
    const mine = await mailTo('dana@buyers.test', subject);
    expect(mine.parsed.attachments ?? []).toEqual([]);
    const buyerLinks = linksIn(mine.parsed.text ?? '');
    expect(buyerLinks).toHaveLength(2);
    const theirs = await mailTo('robin@brokers.test', subject);
    expect(theirs.parsed.text).toContain(DOCUMENT_TEXTS.mail.agentLine('Dana Buyer'));
    const agentLinks = linksIn(theirs.parsed.text ?? '');
    expect(agentLinks).toHaveLength(2);

    expect((await download(buyerLinks[0]!)).statusCode).toBe(200);
    h.clock.set(new Date(T0.getTime() + 6 * DAY));
    expect((await download(agentLinks[0]!)).statusCode).toBe(200);
    h.clock.set(new Date(T0.getTime() + 8 * DAY));
    expect((await download(buyerLinks[0]!)).statusCode).toBe(410);
    h.clock.set(T0);

    const log = await h.t.request({
      method: 'GET',
      url: `/api/properties/${property}/documents/${doc.id}/downloads`,
      token: agent.token,
    });
    expect(log.json().data).toEqual([
      expect.objectContaining({
        role: 'buyer_agent',
        booking_id: booked.id,
        who: 'Robin Broker',
        at: new Date(T0.getTime() + 6 * DAY).toISOString(),
      }),
      expect.objectContaining({
        role: 'buyer',
        booking_id: booked.id,
        who: 'Dana Buyer',
        at: T0.toISOString(),
      }),
    ]);
    const list = await h.t.request({
      method: 'GET',
      url: `/api/properties/${property}/documents`,
      token: agent.token,
    });
    expect(list.json().data[0]).toMatchObject({ id: doc.id, downloads: 2 });

    // The buyer's page lists them with their own links.
    const page = await h.t.request({
      method: 'GET',
      url: `/api/booking/manage/${booked.manage_token}/documents`,
    });
    expect(page.json().data).toEqual([
      expect.objectContaining({ name: 'Disclosure', access: 'available', url: expect.any(String) }),
      expect.objectContaining({ name: 'HOA rules', access: 'available', url: expect.any(String) }),
    ]);
  });

  it('on request: the buyer asks, the agent approves and the link is mailed; a declined request sends none', async () => {
    const agent = await makeAgent(h.t);
    const property = await makeProperty(h.t, agent.id, { address: '7 Cedar Court' });
    const survey = await uploaded(agent, property, 'Survey', 'on_request');
    const inspection = await uploaded(agent, property, 'Inspection report', 'on_request');
    const booked = await bookAt(h.t, agent, new Date(SHOWING.getTime() + 2 * HOUR), {
      property_id: property,
      client_email: 'erin@buyers.test',
    });
    const page = async () =>
      (
        await h.t.request({ method: 'GET', url: `/api/booking/manage/${booked.manage_token}/documents` })
      ).json().data as { id: string; access: string; request_status: string | null; url: string | null }[];
    expect(await page()).toEqual([
      expect.objectContaining({ id: survey.id, access: 'requestable', request_status: null, url: null }),
      expect.objectContaining({ id: inspection.id, access: 'requestable', request_status: null, url: null }),
    ]);
    const ask = (docId: string) =>
      h.t.request({
        method: 'POST',
        url: `/api/booking/manage/${booked.manage_token}/documents/${docId}/request`,
      });
    for (const docId of [survey.id, survey.id, inspection.id]) {
      const res = await ask(docId);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: docId, request_status: 'pending', url: null });
    }
    const rows = await h.t.database.db
      .select()
      .from(documentRequests)
      .where(eq(documentRequests.bookingId, booked.id));
    expect(rows).toHaveLength(2);
    // The agent is told of each first request (asking twice tells them once), with the way to decide.
    for (const name of ['Survey', 'Inspection report']) {
      const notice = await mailTo(
        agent.email,
        DOCUMENT_TEXTS.mail.requestedSubject('Casey Buyer', name, '7 Cedar Court'),
      );
      expect(notice.parsed.text).toContain(DOCUMENT_TEXTS.mail.requestedLine('Casey Buyer', name));
    }
    expect(h.smtp.to(agent.email).filter((m) => (m.parsed.subject ?? '').includes('asked for'))).toHaveLength(
      2,
    );

    const pending = await h.t.request({ method: 'GET', url: '/api/document-requests', token: agent.token });
    const requests = pending.json().data as { id: string; document_id: string; client_email: string }[];
    expect(requests.map((r) => r.document_id).sort()).toEqual([survey.id, inspection.id].sort());
    const surveyRequest = requests.find((r) => r.document_id === survey.id)!;
    const inspectionRequest = requests.find((r) => r.document_id === inspection.id)!;
    expect(surveyRequest.client_email).toBe('erin@buyers.test');

    const declined = await h.t.request({
      method: 'POST',
      url: `/api/document-requests/${inspectionRequest.id}/decline`,
      token: agent.token,
    });
    expect(declined.json().data).toEqual({ id: inspectionRequest.id, status: 'declined' });
    const approved = await h.t.request({
      method: 'POST',
      url: `/api/document-requests/${surveyRequest.id}/approve`,
      token: agent.token,
    });
    expect(approved.json().data).toEqual({ id: surveyRequest.id, status: 'approved' });
    const again = await h.t.request({
      method: 'POST',
      url: `/api/document-requests/${surveyRequest.id}/decline`,
      token: agent.token,
    });
    expect(again.statusCode).toBe(409);

    const approvedMail = await mailTo(
      'erin@buyers.test',
      DOCUMENT_TEXTS.mail.approvedSubject('Survey', '7 Cedar Court'),
    );
    const links = linksIn(approvedMail.parsed.text ?? '');
    expect(links).toHaveLength(1);
    const got = await download(links[0]!);
    expect(got.statusCode).toBe(200);
    // Only the approved one was mailed: nothing names the declined document.
    await new Promise((r) => setTimeout(r, 1500));
    const all = h.smtp.to('erin@buyers.test').map((m) => m.parsed.subject ?? '');
    expect(all.some((s) => s.includes('Inspection report'))).toBe(false);
    expect(all.filter((s) => s.includes('Survey'))).toHaveLength(1);
    expect(await page()).toEqual([
      expect.objectContaining({ id: survey.id, request_status: 'approved', url: expect.any(String) }),
      expect.objectContaining({ id: inspection.id, request_status: 'declined', url: null }),
    ]);
    expect(
      (await h.t.request({ method: 'GET', url: '/api/document-requests', token: agent.token })).json().data,
    ).toEqual([]);
  });

  it('after the showing: mailed when the agent marks it completed, not before', async () => {
    const agent = await makeAgent(h.t);
    const property = await makeProperty(h.t, agent.id, { address: '9 Aspen Row' });
    await uploaded(agent, property, 'Comparable sales', 'after_showing');
    const booked = await bookAt(h.t, agent, new Date(SHOWING.getTime() + 4 * HOUR), {
      property_id: property,
      client_email: 'finn@buyers.test',
    });
    const before = await h.t.request({
      method: 'GET',
      url: `/api/booking/manage/${booked.manage_token}/documents`,
    });
    expect(before.json().data).toEqual([expect.objectContaining({ access: 'later', url: null })]);
    h.clock.set(new Date(SHOWING.getTime() + 5 * HOUR));
    const done = await h.t.request({
      method: 'PUT',
      url: `/api/bookings/${booked.id}`,
      token: agent.token,
      payload: { action: 'complete' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const mail = await mailTo('finn@buyers.test', DOCUMENT_TEXTS.mail.afterSubject('9 Aspen Row'));
    const [link] = linksIn(mail.parsed.text ?? '');
    expect((await download(link!)).statusCode).toBe(200);
    const after = await h.t.request({
      method: 'GET',
      url: `/api/booking/manage/${booked.manage_token}/documents`,
    });
    expect(after.json().data).toEqual([
      expect.objectContaining({ access: 'available', url: expect.any(String) }),
    ]);
    h.clock.set(T0);
  });
});

describe('scope and report', () => {
  it('answers 404 to another agent on every agent route', async () => {
    const owner = await makeAgent(h.t);
    const other = await makeAgent(h.t);
    const property = await makeProperty(h.t, owner.id);
    const doc = await uploaded(owner, property, 'Survey', 'on_request');
    const booked = await bookAt(h.t, owner, new Date(SHOWING.getTime() + 6 * HOUR), {
      property_id: property,
    });
    await h.t.request({
      method: 'POST',
      url: `/api/booking/manage/${booked.manage_token}/documents/${doc.id}/request`,
    });
    const [request] = await h.t.database.db
      .select()
      .from(documentRequests)
      .where(eq(documentRequests.documentId, doc.id));
    const base = `/api/properties/${property}/documents`;
    const calls = [
      { method: 'GET', url: base },
      {
        method: 'POST',
        url: base,
        ...multipart(
          { name: 'X', rule: 'public' },
          { name: 'x.pdf', type: 'application/pdf', bytes: makePdf('x') },
        ),
      },
      { method: 'PATCH', url: `${base}/${doc.id}`, payload: { name: 'Mine now' } },
      { method: 'DELETE', url: `${base}/${doc.id}` },
      { method: 'GET', url: `${base}/${doc.id}/downloads` },
      { method: 'POST', url: `/api/document-requests/${request!.id}/approve` },
      { method: 'POST', url: `/api/document-requests/${request!.id}/decline` },
    ] as const;
    for (const call of calls) {
      const res = await h.t.request({ ...call, token: other.token });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect(
      (await h.t.request({ method: 'GET', url: '/api/document-requests', token: other.token })).json().data,
    ).toEqual([]);
    const [still] = await h.t.database.db
      .select()
      .from(listingDocuments)
      .where(and(eq(listingDocuments.id, doc.id)));
    expect(still).toMatchObject({ name: 'Survey', deletedAt: null });
    // The owner renames it and changes its rule.
    const patched = await h.t.request({
      method: 'PATCH',
      url: `${base}/${doc.id}`,
      token: owner.token,
      payload: { name: 'Boundary survey', rule: 'public' },
    });
    expect(patched.json().data).toMatchObject({ name: 'Boundary survey', rule: 'public' });
  });

  it("counts the listing's document downloads on the seller report", async () => {
    const agent = await makeAgent(h.t, { plan: 'pro' });
    const property = await makeProperty(h.t, agent.id);
    const [contact] = await h.t.database.db
      .insert(propertyContacts)
      .values({
        propertyId: property,
        name: 'Sam Seller',
        email: 'sam@sellers.test',
        role: 'seller',
        gets: { approvals: false, notices: false, feedback: false, weeklyReport: false },
      })
      .returning();
    const report = async () =>
      (await h.t.request({ method: 'GET', url: `/api/seller/${contact!.reportToken}` })).json();
    expect((await report()).document_downloads).toBe(0);
    const doc = await uploaded(agent, property, 'Brochure', 'public');
    const [{ publicId } = { publicId: '' }] = await h.t.database.db
      .select({ publicId: properties.publicId })
      .from(properties)
      .where(eq(properties.id, property));
    const listed = (
      await h.t.request({ method: 'GET', url: `/api/booking/properties/${publicId}/documents` })
    ).json().data;
    await download(listed[0].url);
    await download(listed[0].url);
    // The agent's own look is not counted.
    expect((await download(doc.url)).statusCode).toBe(200);
    expect((await report()).document_downloads).toBe(2);
  });
});

describe('an oversized upload over a real socket', () => {
  it('is answered 413 in the error shape, read by the client while it is still sending', async () => {
    const agent = await makeAgent(h.t);
    const property = await makeProperty(h.t, agent.id);
    await h.t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.t.app.server.address() as { port: number }).port;
    const boundary = '----keyturn-big';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHuge\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="rule"\r\n\r\npublic\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const total = 24 * 1024 * 1024;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/properties/${property}/documents`,
        agent: false,
        headers: {
          authorization: `Bearer ${agent.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
      });
      let result: { status: number; body: string } | null = null;
      let closed = false;
      const settle = () => {
        if (result && closed) resolve(result);
      };
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          result = { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() };
          settle();
        });
      });
      req.on('error', reject);
      req.on('close', () => {
        closed = true;
        settle();
      });
      req.write(head);
      const chunk = Buffer.alloc(64 * 1024, 32);
      let sent = head.length;
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (req.destroyed) return;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end(`\n%%EOF\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'DOCUMENT_TOO_LARGE',
      fields: { file: expect.any(String) },
    });
  });
});
