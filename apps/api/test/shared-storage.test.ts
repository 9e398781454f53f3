// Issue 11: N servers on one PostgreSQL share nothing else. Two apps on one database, each with its own
// DATA_DIR (two machines): an image uploaded through one is served by the other at the same URL with the
// same immutable caching; an e-mail or text kept in the outbox by one is opened through the other. Images an
// older version left in DATA_DIR/uploads keep their URLs. With S3_* set, images go to an S3-compatible
// bucket instead (a 127.0.0.1 server that checks every request's signature).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/adapters/mail';
import { databaseOutbox } from '../src/adapters/outbox';
import { createSmsSender } from '../src/adapters/sms';
import { images, notificationMessages } from '../src/db/schema';
import { imageName } from '../src/modules/uploads/storage';
import { crc32 } from 'node:zlib';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, type TestAgent } from './fixtures';
import { ALL_DAY, DAY, slotBetween } from './support/notify';
import { loadConfig } from '../src/config';
import { startWorkers } from '../src/compose-workers';
import { startS3Server } from './support/s3-server';

// A real 20×20 PNG (one colour) and a second one (another colour), so the two have different hashes.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABQAAAAUCAIAAAAC64paAAAAGElEQVR4nGNgGAWjYBSMglEwCkbBKBgFAA1sAAE7iGbvAAAAAElFTkSuQmCC',
  'base64',
);
/** The same picture with a tEXt chunk before IEND: a whole, valid PNG with other bytes (another hash). */
function withText(image: Buffer, text: string): Buffer {
  const body = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`Comment\0${text}`, 'latin1')]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  const iend = image.length - 12;
  return Buffer.concat([image.subarray(0, iend), chunk, image.subarray(iend)]);
}
const legacyPng = withText(png, 'legacy');
const legacyName = imageName(legacyPng, 'png');
const lateName = imageName(withText(png, 'late'), 'png');

let a: TestApp;
let b: TestApp;
let agent: TestAgent;

beforeAll(async () => {
  a = await createTestApp();
  // The second server finds a file an older version wrote to its DATA_DIR/uploads.
  b = await createTestApp({
    database: a.database,
    prepareDataDir: async (dir) => {
      await mkdir(path.join(dir, 'uploads'), { recursive: true });
      await writeFile(path.join(dir, 'uploads', legacyName), legacyPng);
      await writeFile(path.join(dir, 'uploads', 'notes.txt'), 'not an image');
    },
  });
  agent = await makeAgent(a, { availability: ALL_DAY });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

function multipart(bytes: Buffer) {
  const boundary = '----keyturn-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('images in PostgreSQL', () => {
  it('an image uploaded through one server is served by the other, immutable, by its content hash', async () => {
    const res = await a.request({
      method: 'POST',
      url: '/api/uploads?kind=property',
      token: agent.token,
      ...multipart(png),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json<{ url: string }>();
    expect(url).toBe(`/uploads/${imageName(png, 'png')}`);

    const served = await b.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.etag as string;
    const again = await b.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    // The same bytes again (another agent, another server): the same URL, one row.
    const twice = await b.request({
      method: 'POST',
      url: '/api/uploads',
      token: (await makeAgent(b)).token,
      ...multipart(png),
    });
    expect(twice.json<{ url: string }>().url).toBe(url);
    const rows = await a.database.db
      .select()
      .from(images)
      .where(eq(images.name, imageName(png, 'png')));
    expect(rows).toHaveLength(1);
  });

  it('files an older version left in DATA_DIR/uploads are imported at start and keep their URLs', async () => {
    const [row] = await a.database.db.select().from(images).where(eq(images.name, legacyName));
    expect(row?.bytes.equals(legacyPng)).toBe(true);
    // Served by the server that never had the file too.
    const served = await a.request({ method: 'GET', url: `/uploads/${legacyName}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(legacyPng)).toBe(true);
    // Only image names are taken: other files stay where they are.
    expect((await a.request({ method: 'GET', url: '/uploads/notes.txt' })).statusCode).toBe(404);
  });

  it('a file still in the folder but not in the table is imported on first request', async () => {
    await writeFile(path.join(b.config.dataDir, 'uploads', lateName), withText(png, 'late'));
    expect((await a.request({ method: 'GET', url: `/uploads/${lateName}` })).statusCode).toBe(404);
    expect((await b.request({ method: 'GET', url: `/uploads/${lateName}` })).statusCode).toBe(200);
    expect((await a.request({ method: 'GET', url: `/uploads/${lateName}` })).statusCode).toBe(200);
  });

  it('unknown and malformed names answer 404 in the error shape', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2F..%2Fetc%2Fpasswd', 'x.svg']) {
      const res = await a.request({ method: 'GET', url: `/uploads/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('the outbox in PostgreSQL', () => {
  it('an e-mail kept by one server’s workers is opened and downloaded through the other', async () => {
    const workers = await startWorkers({
      config: a.config,
      db: a.database.db,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    try {
      const slot = slotBetween(
        new Date(Date.now() + 2 * DAY),
        new Date(Date.now() + 3 * DAY),
        agent.timeZone,
      );
      const booked = await a.request({
        method: 'POST',
        url: '/api/booking',
        payload: bookingPayload(agent.id, {
          client_email: 'casey.outbox@example.com',
          booking_date: slot.booking_date,
          booking_time: slot.booking_time,
          starts_at: slot.startsAt.toISOString(),
        }),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const bookingId = booked.json<{ booking: { id: string } }>().booking.id;
      let sent: (typeof notificationMessages.$inferSelect)[] = [];
      for (let i = 0; i < 200 && sent.length === 0; i += 1) {
        sent = (
          await a.database.db
            .select()
            .from(notificationMessages)
            .where(eq(notificationMessages.bookingId, bookingId))
        ).filter((m) => m.status === 'sent' && m.audience === 'buyer');
        if (sent.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      const message = sent[0]!;
      expect(message.transport).toBe('file');

      const detail = await b.request({
        method: 'GET',
        url: `/api/agents/messages/${message.id}`,
        token: agent.token,
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data.content).toMatchObject({ to: 'casey.outbox@example.com' });
      const raw = await b.request({
        method: 'GET',
        url: `/api/agents/messages/${message.id}/raw`,
        token: agent.token,
      });
      expect(raw.statusCode).toBe(200);
      expect(raw.headers['content-type']).toContain('message/rfc822');
      expect(raw.body).toContain('To: casey.outbox@example.com');
    } finally {
      await workers.stop();
    }
  });

  it('file-mode mail and texts go to the outbox; a repeat replaces its copy; older files are still read', async () => {
    const outbox = databaseOutbox(a.database.db, b.config.dataDir);
    const mailer = createMailer({ smtpUrl: undefined, outbox });
    const mail = {
      from: 'Keyturn <no-reply@keyturn.test>',
      to: 'ivy@example.com',
      subject: 'Hello',
      text: 'first',
      html: '<p>first</p>',
      messageId: '<one@keyturn.test>',
      fileStem: 'kind-abc',
    };
    expect(await mailer.send(mail)).toEqual({
      transport: 'file',
      providerRef: 'kind-abc.eml',
      fileName: 'kind-abc.eml',
    });
    await mailer.send({ ...mail, text: 'second' });
    const copy = (await outbox.get('kind-abc.eml', 'email'))!.toString('utf8');
    expect(copy).toContain('second');
    expect(copy).not.toContain('first\r\n');

    const sms = createSmsSender({
      providerUrl: 'http://127.0.0.1:9',
      accountSid: undefined,
      authToken: undefined,
      from: undefined,
      outbox,
      outbound: { allowPrivateHosts: false },
    });
    expect(sms.transport).toBe('sms-file');
    await sms.send({ to: '+15005550006', body: 'See you at 10', fileStem: 'text-1' });
    expect((await outbox.get('text-1.txt', 'sms'))!.toString()).toBe('To: +15005550006\n\nSee you at 10\n');

    await mkdir(path.join(b.config.dataDir, 'mail'), { recursive: true });
    await writeFile(path.join(b.config.dataDir, 'mail', 'old.eml'), 'Subject: old\r\n\r\nbody');
    expect((await outbox.get('old.eml', 'email'))?.toString()).toContain('Subject: old');
    expect(await outbox.get('missing.eml', 'email')).toBeNull();
  });
});

describe('images in an S3-compatible bucket (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)', () => {
  it('uploads go to the bucket with signed requests; every server serves them at the same URLs', async () => {
    const s3 = await startS3Server();
    const env = {
      S3_ENDPOINT: s3.url,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
    const one = await createTestApp({ database: a.database, env });
    const other = await createTestApp({
      database: a.database,
      env,
      prepareDataDir: async (dir) => {
        await mkdir(path.join(dir, 'uploads'), { recursive: true });
        await writeFile(path.join(dir, 'uploads', legacyName), legacyPng);
      },
    });
    const wrongKey = await createTestApp({
      database: a.database,
      env: { ...env, S3_SECRET_ACCESS_KEY: 'not-the-secret' },
    });
    try {
      const bytes = withText(png, 'in the bucket');
      const res = await one.request({
        method: 'POST',
        url: '/api/uploads',
        token: agent.token,
        ...multipart(bytes),
      });
      expect(res.statusCode, res.body).toBe(201);
      const name = imageName(bytes, 'png');
      expect(res.json().url).toBe(`/uploads/${name}`);
      // In the bucket under uploads/, typed, and not in PostgreSQL.
      expect(s3.objects.get(`uploads/${name}`)?.body.equals(bytes)).toBe(true);
      expect(s3.objects.get(`uploads/${name}`)?.contentType).toBe('image/png');
      expect(await a.database.db.select().from(images).where(eq(images.name, name))).toEqual([]);
      expect(s3.requests.find((r) => r.method === 'PUT' && r.path.endsWith(name))).toMatchObject({
        path: `/${s3.bucket}/uploads/${name}`,
        signed: true,
      });

      const served = await other.request({ method: 'GET', url: `/uploads/${name}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The older version's file went to the bucket at start.
      expect(s3.objects.get(`uploads/${legacyName}`)?.body.equals(legacyPng)).toBe(true);
      expect(
        (await one.request({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.png' }))
          .statusCode,
      ).toBe(404);
      expect(s3.requests.every((r) => r.signed)).toBe(true);

      // A bucket that refuses us (wrong secret): 503 naming the image store, never a 500.
      const refused = await wrongKey.request({
        method: 'POST',
        url: '/api/uploads',
        token: agent.token,
        ...multipart(withText(png, 'refused')),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'IMAGE_STORE_UNAVAILABLE' });
      expect((await wrongKey.request({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(503);
    } finally {
      await wrongKey.close();
      await other.close();
      await one.close();
      await s3.close();
    }
  });

  it('the four S3 settings go together: some without the others stop the server at start', () => {
    expect(() => loadConfig({ S3_BUCKET: 'images' })).toThrow(/set all four/);
  });
});
