// Server settings (issue 30, decision 048): who the administrator is, 403 for everyone else on every call,
// secrets never in an answer, the environment winning, a saved change applying without a restart, and
// "Send a test" reaching a real SMTP server on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSettings } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { makeAgent } from './fixtures';
import { startSmsProvider } from './support/sms-provider';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';

const SECRETS = {
  SMTP_PASSWORD: 'smtp-pass-0f9e8d',
  SMS_AUTH_TOKEN: 'sms-token-7c6b5a',
  GOOGLE_CLIENT_SECRET: 'google-secret-4d3c2b',
  MICROSOFT_CLIENT_SECRET: 'ms-secret-1a2b3c',
  STRIPE_SECRET_KEY: 'sk_test_5e6f7a8b',
  STRIPE_WEBHOOK_SECRET: 'whsec_9c0d1e2f',
  AI_API_KEY: 'ai-key-3a4b5c6d',
};

/** A 127.0.0.1 server speaking just enough Stripe, OpenAI-compatible and Nominatim for the checks. */
async function startServiceStub(): Promise<{ url: string; calls: string[]; server: Server }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(
      `${req.method} ${req.url} ${req.headers.authorization ?? ''} ${req.headers['user-agent'] ?? ''}`,
    );
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const auth = req.headers.authorization ?? '';
    if (req.url === '/v1/balance') {
      return auth === `Bearer ${SECRETS.STRIPE_SECRET_KEY}`
        ? send(200, { object: 'balance', livemode: false, available: [] })
        : send(401, { error: { message: 'Invalid API Key provided' } });
    }
    if (req.url === '/ai/models') {
      return auth === `Bearer ${SECRETS.AI_API_KEY}`
        ? send(200, { object: 'list', data: [{ id: 'tiny-model' }] })
        : send(401, { error: { message: 'bad key' } });
    }
    if (req.url?.startsWith('/geo/search?')) return send(200, [{ lat: '30.27', lon: '-97.74' }]);
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, server };
}

let t: TestApp;
let admin: { token: string; email: string; userId: string };
let agent: { token: string; email: string };
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The maps are off in every test's environment; here, as on a server that leaves them to Server settings,
  // the administrator can save them.
  // The stand-ins run on 127.0.0.1: the AI provider's and the MLS's checks go through the outbound guard
  // (issue 39), which lets them through only with private addresses allowed.
  t = await createTestApp({
    env: { ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true' },
    defaultSettings: ['GEOCODER_URL', 'MAP_TILE_URL', 'ROUTING_URL'],
  });
  // The demo agent signs up first (its password is public): it never counts as the first account.
  await t.signUp({ email: 'demo@keyturn.app' });
  admin = await t.signUp();
  agent = await t.signUp();
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const get = (token?: string) => t.request({ method: 'GET', url: '/api/server-settings', token });
const save = (values: Record<string, string | null>, token = admin.token) =>
  t.request({ method: 'PUT', url: '/api/server-settings', token, payload: { values } });
const settingOf = (body: { settings: { key: string }[] }, key: string) =>
  body.settings.find((s) => s.key === key);

describe('who administers the server', () => {
  it('the first account (not the demo agent) is the administrator; a later account is not', async () => {
    const res = await get(admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().adminEmail).toBe(admin.email);
    expect((await get(agent.token)).statusCode).toBe(403);
    const asks = async (token?: string) =>
      t.request({ method: 'GET', url: '/api/server-administrator', token });
    expect((await asks(admin.token)).json()).toEqual({ success: true, administrator: true });
    expect((await asks(agent.token)).json()).toEqual({ success: true, administrator: false });
    expect((await asks()).statusCode).toBe(401);
  });

  it('an e-mail in ADMIN_EMAILS is an administrator too, whenever it signed up', async () => {
    const other = await createTestApp({ env: { ADMIN_EMAILS: ' Boss@Example.com , x@example.com' } });
    try {
      const first = await other.signUp();
      const second = await other.signUp();
      const boss = await other.signUp({ email: 'boss@example.com' });
      expect(
        (await other.request({ method: 'GET', url: '/api/server-settings', token: first.token })).statusCode,
      ).toBe(200);
      expect(
        (await other.request({ method: 'GET', url: '/api/server-settings', token: second.token })).statusCode,
      ).toBe(403);
      expect(
        (await other.request({ method: 'GET', url: '/api/server-settings', token: boss.token })).statusCode,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('every server-settings call answers 403 to a non-administrator and 401 to nobody, changing nothing', async () => {
    const calls = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/server-settings') && r.method !== 'HEAD',
    );
    // GET and PUT of the settings, a check per section, the test e-mail.
    expect(calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([
      // Issue 40: the demo account, and "Remove the demo".
      'DELETE /api/server-settings/demo',
      'GET /api/server-settings',
      // Issue 43: the reports sent from the accessibility statement.
      'GET /api/server-settings/accessibility-reports',
      'GET /api/server-settings/demo',
      // The public site's sales enquiries and the waiting list's size.
      'GET /api/server-settings/sales-enquiries',
      'POST /api/server-settings/:section/check',
      // Issue 39: "Set up plans in Stripe".
      'POST /api/server-settings/billing/setup',
      'POST /api/server-settings/mail/test',
      'PUT /api/server-settings',
    ]);
    for (const call of calls) {
      const url = call.url.replace(':section', 'mail');
      const payload = call.method === 'PUT' ? { values: { SMTP_HOST: 'evil.example.com' } } : undefined;
      const denied = await t.request({ method: call.method as 'GET', url, token: agent.token, payload });
      expect(denied.statusCode, `${call.method} ${url}`).toBe(403);
      expect(denied.json()).toMatchObject({ code: 'FORBIDDEN' });
      const anonymous = await t.request({ method: call.method as 'GET', url, payload });
      expect(anonymous.statusCode, `${call.method} ${url}`).toBe(401);
    }
    // A body the schema would refuse is still a 403: the caller learns nothing about the shape.
    const garbage = await t.request({
      method: 'PUT',
      url: '/api/server-settings',
      token: agent.token,
      payload: { nonsense: true },
    });
    expect(garbage.statusCode).toBe(403);
    expect(settingOf((await get(admin.token)).json(), 'SMTP_HOST')).toMatchObject({ source: 'unset' });
  });
});

describe('secrets', () => {
  it('are stored sealed and never come back in any answer: only "set"', async () => {
    const res = await save({ ...SECRETS, SMS_ACCOUNT_SID: 'AC123', AI_BASE_URL: 'http://127.0.0.1:9/ai' });
    expect(res.statusCode).toBe(200);
    const answers = [
      res.body,
      (await get(admin.token)).body,
      ...(await Promise.all(
        ['mail', 'sms', 'google', 'microsoft', 'maps', 'billing', 'ai'].map(
          async (s) =>
            (await t.request({ method: 'POST', url: `/api/server-settings/${s}/check`, token: admin.token }))
              .body,
        ),
      )),
    ];
    for (const body of answers) {
      for (const secret of Object.values(SECRETS)) expect(body).not.toContain(secret);
    }
    const body = res.json();
    for (const key of Object.keys(SECRETS)) {
      expect(settingOf(body, key)).toEqual({ key, source: 'stored', value: null, set: true });
    }
    expect(settingOf(body, 'SMS_ACCOUNT_SID')).toEqual({
      key: 'SMS_ACCOUNT_SID',
      source: 'stored',
      value: 'AC123',
      set: true,
    });
    // At rest: sealed (AES-256-GCM), not the secret's text.
    const rows = await t.database.db.select().from(serverSettings);
    const stored = rows.find((r) => r.key === 'STRIPE_SECRET_KEY');
    expect(stored?.secret).toBe(true);
    expect(stored?.value).toMatch(/^v1\./);
    expect(JSON.stringify(rows)).not.toContain(SECRETS.STRIPE_SECRET_KEY);
    // An empty value removes a stored setting.
    const cleared = (await save({ SMS_AUTH_TOKEN: '' })).json();
    expect(settingOf(cleared, 'SMS_AUTH_TOKEN')).toMatchObject({ source: 'unset', set: false });
  });

  it('refuses unknown keys and malformed values with the field named (400, never 500)', async () => {
    const unknown = await save({ DATABASE_URL: 'postgres://x' });
    expect(unknown.statusCode).toBe(400);
    const bad = await save({
      GEOCODER_URL: 'ftp://x',
      SMTP_PORT: '99999',
      MAP_TILE_URL: 'https://tiles/x.png',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['GEOCODER_URL', 'MAP_TILE_URL', 'SMTP_PORT']);
  });
});

describe('the environment wins', () => {
  it('a setting the environment sets shows as such, keeps its value and cannot be saved over', async () => {
    const envApp = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'env-client.apps.googleusercontent.com',
        AI_MODEL: 'env-model',
        SMTP_URL: 'smtp://u:envpass@127.0.0.1:1',
      },
    });
    try {
      const owner = await envApp.signUp();
      const res = await envApp.request({ method: 'GET', url: '/api/server-settings', token: owner.token });
      const body = res.json();
      expect(settingOf(body, 'GOOGLE_CLIENT_ID')).toEqual({
        key: 'GOOGLE_CLIENT_ID',
        source: 'environment',
        value: 'env-client.apps.googleusercontent.com',
        set: true,
      });
      expect(settingOf(body, 'AI_MODEL')).toMatchObject({ source: 'environment', value: 'env-model' });
      // The environment's SMTP URL stands for the whole transport; its text (with the password) is not shown.
      expect(settingOf(body, 'SMTP_HOST')).toEqual({
        key: 'SMTP_HOST',
        source: 'environment',
        value: null,
        set: true,
      });
      expect(res.body).not.toContain('envpass');
      const refused = await envApp.request({
        method: 'PUT',
        url: '/api/server-settings',
        token: owner.token,
        payload: { values: { GOOGLE_CLIENT_ID: 'page-id', AI_MODEL: 'page-model' } },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({
        GOOGLE_CLIENT_ID: "Set by the server's environment",
        AI_MODEL: "Set by the server's environment",
      });
    } finally {
      await envApp.close();
    }
  });

  it('a calendar app saved on the page switches calendar sync on for agents at once, without a restart', async () => {
    const someAgent = await makeAgent(t);
    const list = async () =>
      (await t.request({ method: 'GET', url: '/api/integrations/calendar', token: someAgent.token })).json();
    expect((await list()).providers.google.configured).toBe(false);
    await save({
      GOOGLE_CLIENT_ID: 'page-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'page-secret',
    });
    expect((await list()).providers.google.configured).toBe(true);
    const connect = await t.request({
      method: 'GET',
      url: '/api/integrations/google/connect',
      token: someAgent.token,
    });
    expect(connect.statusCode).toBe(200);
    expect(new URL(connect.json().url).searchParams.get('client_id')).toBe(
      'page-client.apps.googleusercontent.com',
    );
    await save({ GOOGLE_CLIENT_ID: null, GOOGLE_CLIENT_SECRET: null });
    expect((await list()).providers.google.configured).toBe(false);
  });
});

describe('checks and the test e-mail', () => {
  it('"Send a test" goes through the SMTP server saved on the page, to the administrator, and arrives', async () => {
    const port = new URL(smtp.url).port;
    const saved = await save({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: port,
      SMTP_SECURE: 'false',
      SMTP_USER: null,
      SMTP_PASSWORD: null,
      MAIL_FROM: 'Keyturn Office <office@keyturn.test>',
    });
    expect(saved.statusCode).toBe(200);
    const check = await t.request({
      method: 'POST',
      url: '/api/server-settings/mail/check',
      token: admin.token,
    });
    expect(check.json()).toEqual({ success: true, ok: true, message: 'Connected to 127.0.0.1.' });
    const res = await t.request({
      method: 'POST',
      url: '/api/server-settings/mail/test',
      token: admin.token,
    });
    expect(res.json()).toEqual({
      success: true,
      ok: true,
      message: `A test message was sent to ${admin.email}.`,
    });
    await smtp.waitFor(() => smtp.to(admin.email).length === 1);
    const [mail] = smtp.to(admin.email);
    expect(mail?.subject).toBe('Keyturn test message');
    expect(mail?.envelopeFrom).toBe('office@keyturn.test');
    expect(mail?.parsed.text).toContain('E-mail is working.');
  });

  it('texts: Check asks the provider for the account saved on the page; a wrong auth token is refused', async () => {
    const provider = await startSmsProvider('AC00000000000000000000000000000042', 'right-token');
    try {
      const check = () =>
        t.request({ method: 'POST', url: '/api/server-settings/sms/check', token: admin.token });
      const account = { SMS_ACCOUNT_SID: provider.accountSid, SMS_PROVIDER_URL: provider.url };
      expect(
        (await save({ ...account, SMS_AUTH_TOKEN: 'right-token', SMS_FROM: '+15125550100' })).statusCode,
      ).toBe(200);
      await expect(check().then((r) => r.json())).resolves.toEqual({
        success: true,
        ok: true,
        message: 'The provider accepted the account.',
      });
      expect((await save({ SMS_AUTH_TOKEN: 'wrong-token' })).statusCode).toBe(200);
      await expect(check().then((r) => r.json())).resolves.toEqual({
        success: true,
        ok: false,
        message: 'The provider refused the account SID or auth token.',
      });
      // Nothing was sent by a check.
      expect(provider.messages).toEqual([]);
    } finally {
      await save({ SMS_ACCOUNT_SID: null, SMS_AUTH_TOKEN: null, SMS_FROM: null, SMS_PROVIDER_URL: null });
      await provider.close();
    }
  });

  it("the server's own e-mails take the saved SMTP server at once, without a restart", async () => {
    // The app was built with no SMTP server at all; the settings above were saved while it ran.
    const existing = await t.signUp();
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { firstName: 'Avery', lastName: 'Stone', email: existing.email, password: 'another-pass-1' },
    });
    expect(again.statusCode).toBe(400);
    // Issue 41: the sign-up's own verification link goes out the same way, through the saved server.
    const attempt = () =>
      smtp
        .to(existing.email)
        .filter((m) => m.subject === 'Someone tried to sign up with your e-mail address');
    await smtp.waitFor(() => attempt().length === 1 && smtp.to(existing.email).length === 2);
    const [notice] = attempt();
    expect(smtp.to(existing.email).map((m) => m.subject)).toContain(ACCOUNT_TEXTS.verifyMail.subject);
    expect(notice?.envelopeFrom).toBe('office@keyturn.test');
  });

  it('a closed port is said in plain words, both in the check and the test', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = String((closed.address() as AddressInfo).port);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await save({ SMTP_HOST: '127.0.0.1', SMTP_PORT: port });
    const check = await t.request({
      method: 'POST',
      url: '/api/server-settings/mail/check',
      token: admin.token,
    });
    expect(check.json()).toMatchObject({
      ok: false,
      message: 'Nothing answered at 127.0.0.1 on that port: check the server and port.',
    });
    const test = await t.request({
      method: 'POST',
      url: '/api/server-settings/mail/test',
      token: admin.token,
    });
    expect(test.json()).toMatchObject({ ok: false, message: check.json().message });
  });

  it('Stripe, the AI provider and the address search are each called, with the saved key, and answered plainly', async () => {
    const stub = await startServiceStub();
    try {
      await save({
        STRIPE_SECRET_KEY: SECRETS.STRIPE_SECRET_KEY,
        STRIPE_API_URL: stub.url,
        AI_BASE_URL: `${stub.url}/ai`,
        AI_API_KEY: SECRETS.AI_API_KEY,
        AI_MODEL: 'tiny-model',
        GEOCODER_URL: `${stub.url}/geo`,
        GEOCODER_EMAIL: 'owner@keyturn.test',
      });
      const check = async (section: string) =>
        (
          await t.request({
            method: 'POST',
            url: `/api/server-settings/${section}/check`,
            token: admin.token,
          })
        ).json();
      // Issue 39: with both keys set (the webhook secret was saved above) the Check sets the plans up in Stripe
      // too; this stand-in speaks no products or prices, so the page says plans cannot be bought yet.
      expect(await check('billing')).toMatchObject({
        ok: false,
        message: expect.stringContaining(
          'Stripe accepted the key (test mode). The plans could not be set up in Stripe, so agents cannot buy them yet:',
        ),
      });
      expect(await check('ai')).toMatchObject({
        ok: true,
        message: 'The AI provider answered and accepted the key.',
      });
      expect(await check('maps')).toMatchObject({
        ok: true,
        message: 'The address search found a test address.',
      });
      expect(
        stub.calls.some(
          (c) =>
            c.startsWith('GET /geo/search?') &&
            c.endsWith(` Keyturn showing scheduler (+${t.config.publicUrl}; owner@keyturn.test)`),
        ),
      ).toBe(true);
      await save({ STRIPE_SECRET_KEY: 'sk_test_wrong', AI_MODEL: 'other-model' });
      expect(await check('billing')).toMatchObject({ ok: false, message: 'Stripe refused the secret key.' });
      expect(await check('ai')).toMatchObject({
        ok: false,
        message: 'The AI provider answered, but it does not offer the model "other-model".',
      });
    } finally {
      stub.server.close();
    }
  });
});
