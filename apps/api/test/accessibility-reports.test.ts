// Issue 43: the accessibility statement's "report a problem" form reaches whoever runs the server: the report
// is stored (validated first), e-mailed to the verified administrators (reply-to the visitor) and listed for
// them on Server settings — to no one else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESSIBILITY_TEXTS } from '@keyturn/domain/schemas/accessibility';
import { accessibilityReports } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: { token: string; email: string };
let listed: { token: string; email: string };
let agent: { token: string; email: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, ADMIN_EMAILS: 'Ops@Example.com, nobody-yet@example.com' },
  });
  await t.signUp({ email: 'demo@keyturn.app' });
  admin = await t.signUp();
  agent = await t.signUp();
  listed = await t.signUp({ email: 'ops@example.com' });
  // An address in ADMIN_EMAILS whose owner never confirmed it is nobody's: it gets nothing.
  await t.signUp({ email: 'nobody-yet@example.com', verified: false });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (payload: Record<string, string>) =>
  t.request({ method: 'POST', url: '/api/accessibility-reports', payload });
const list = (token?: string) =>
  t.request({ method: 'GET', url: '/api/server-settings/accessibility-reports', token });

describe('POST /api/accessibility-reports', () => {
  it('stores the report, thanks the visitor by address, and e-mails each verified administrator', async () => {
    const res = await send({
      name: '  Rosa Díaz ',
      email: 'rosa@example.com',
      page: '/bookme/abc/dana',
      message: 'The calendar days are announced without their month by my screen reader.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: ACCESSIBILITY_TEXTS.received('rosa@example.com') });
    const rows = await t.database.db.select().from(accessibilityReports);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Rosa Díaz', email: 'rosa@example.com', page: '/bookme/abc/dana' });

    const mails = await smtp.waitFor(
      (all) => all.filter((m) => m.subject === ACCESSIBILITY_TEXTS.mailSubject).length >= 2,
    );
    const reports = mails.filter((m) => m.subject === ACCESSIBILITY_TEXTS.mailSubject);
    expect(reports.flatMap((m) => m.envelopeTo).sort()).toEqual([admin.email, listed.email].sort());
    for (const mail of reports) {
      expect(mail.parsed.replyTo?.text).toBe('rosa@example.com');
      expect(mail.parsed.text).toContain('The calendar days are announced without their month');
      expect(mail.parsed.text).toContain('/bookme/abc/dana');
      expect(mail.parsed.text).toContain('/dashboard/server-settings#accessibility-reports');
    }
  });

  it('bad input is a 400 naming the fields, and stores nothing', async () => {
    const before = (await t.database.db.select().from(accessibilityReports)).length;
    const res = await send({ email: 'not-an-address', message: '   ', page: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; fields: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'message', 'page']);
    expect(body.fields.message).toBe('Describe the problem you met');
    expect((await t.database.db.select().from(accessibilityReports)).length).toBe(before);
  });
});

describe('GET /api/server-settings/accessibility-reports', () => {
  it('lists the reports newest first to an administrator, with the total', async () => {
    await send({ email: 'second@example.com', message: 'Focus disappears behind the cookie banner.' });
    const res = await list(admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      total: number;
      reports: { email: string; name: string | null; created_at: string }[];
    }>();
    expect(body.total).toBe(2);
    expect(body.reports.map((r) => r.email)).toEqual(['second@example.com', 'rosa@example.com']);
    expect(body.reports[0]?.name).toBeNull();
    expect(Number.isNaN(Date.parse(body.reports[0]?.created_at ?? ''))).toBe(false);
    expect((await list(listed.token)).statusCode).toBe(200);
  });

  it('is 403 to an agent who does not run the server and 401 to nobody', async () => {
    expect((await list(agent.token)).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(401);
  });
});
