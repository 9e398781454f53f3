// Issue 39's operator journey on a new server, with nothing set in the environment: the first account is the
// administrator once its address is verified (issue 41), but without a mail server its verification link cannot
// be sent. The link is printed in the server's output (the operator's console), the banner says it was kept and
// who finds it, and once verified the operator sets e-mail up on Server settings — after which mail goes out.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';

const PUBLIC_URL = 'http://keyturn.test';
let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // LOG_LEVEL info: what `npm start` runs with (the test app is silent otherwise).
  t = await createTestApp({ env: { PUBLIC_URL, LOG_LEVEL: 'info', ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const delivery = (token?: string) =>
  t.request({ method: 'GET', url: '/api/auth/email-delivery', ...(token ? { token } : {}) });

describe('the first account of a server without a mail server', () => {
  it('finds its verification link in the server output, verifies, administers, and sets e-mail up', async () => {
    const printed: string[] = [];
    const log = vi
      .spyOn(console, 'log')
      .mockImplementation((line: unknown) => void printed.push(String(line)));
    let token: string;
    try {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: {
          firstName: 'Morgan',
          lastName: 'Owner',
          email: 'morgan@brokerage.test',
          password: 'walk-password-77',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      token = res.json<{ token: string }>().token;
      await vi.waitFor(() => expect(printed.join('\n')).toContain(`${PUBLIC_URL}/verify-email?token=`), {
        timeout: 10_000,
      });
    } finally {
      log.mockRestore();
    }
    const line = printed.find((p) => p.includes('/verify-email?token='))!;
    expect(line).toContain('E-mail is not set up on this server yet');
    expect(line).toContain('Confirm your e-mail address for Keyturn — for morgan@brokerage.test');

    // The banner's question: this server keeps e-mail; not an administrator yet.
    expect((await delivery(token)).json()).toEqual({ sends: false });
    expect((await delivery()).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/server-settings', token })).statusCode).toBe(403);

    // The printed link verifies the address (the page's GET), and the first account now administers.
    const link = new URL(/https?:\/\/\S+\/verify-email\?token=\S+/.exec(line)![0]);
    const verified = await t.request({ method: 'GET', url: `/api/auth${link.pathname}${link.search}` });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/server-settings', token })).statusCode).toBe(200);

    // E-mail set up on Server settings: the server now sends, and says so.
    const saved = await t.request({
      method: 'PUT',
      url: '/api/server-settings',
      token,
      payload: {
        values: { SMTP_HOST: '127.0.0.1', SMTP_PORT: new URL(smtp.url).port, SMTP_SECURE: 'false' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await delivery(token)).json()).toEqual({ sends: true });
  });

  it('a later link on a server that sends is not printed; a quiet server (LOG_LEVEL warn) prints none', async () => {
    const printed: string[] = [];
    const log = vi
      .spyOn(console, 'log')
      .mockImplementation((line: unknown) => void printed.push(String(line)));
    const quiet = await createTestApp({ env: { PUBLIC_URL, LOG_LEVEL: 'warn' } });
    try {
      const second = await t.signUp({ verified: false });
      await smtp.waitFor((mails) => mails.some((m) => m.envelopeTo.includes(second.email)));
      await quiet.signUp({ verified: false });
      // The quiet server keeps its link in the outbox (its copy is made in the background).
      await vi.waitFor(
        async () => {
          const rows = await quiet.database.pool.query(
            "select 1 from message_copies where file_name like 'account-verify-%'",
          );
          expect(rows.rowCount).toBe(1);
        },
        { timeout: 10_000 },
      );
    } finally {
      log.mockRestore();
      await quiet.close();
    }
    expect(printed.filter((p) => p.includes('/verify-email?token='))).toEqual([]);
  });
});
