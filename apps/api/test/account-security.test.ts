// Issue 41 (decision 067): verified e-mail, forgotten passwords, e-mail change, two-factor sign-in and the
// signed-in sessions — every link read from the e-mail a real SMTP server on 127.0.0.1 received.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { ACCOUNT_TEXTS, PASSWORD_RESET_ANSWER_FLOOR_MS } from '@keyturn/domain/accountTexts';
import { MESSAGES } from '@keyturn/domain/messages';
import { users } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';

let t: TestApp;
let smtp: TestSmtpServer;
const PUBLIC_URL = 'http://keyturn.test';

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { PUBLIC_URL, SMTP_URL: smtp.url, ADMIN_EMAILS: 'Boss@Example.com' },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
const address = (what: string) => `${what}.${(n += 1)}.${Date.now()}@example.com`;

async function signUp(email: string, password = 'correct-horse-9') {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { firstName: 'Robin', lastName: 'Vale', email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string; user: { id: string } }>();
}

const signIn = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

/** The link to `path` (its token) in the `count`-th e-mail to `to` that carries one, once it arrived. */
async function linkIn(to: string, path: string, count = 1): Promise<{ token: string; url: string }> {
  const carrying = () =>
    smtp.to(to).filter((m) => (m.parsed.text ?? '').includes(`${PUBLIC_URL}${path}?token=`));
  await smtp.waitFor(() => carrying().length >= count);
  const mail = carrying()[count - 1]!;
  const match = new RegExp(`${PUBLIC_URL}${path}\\?token=([^\\s"<&]+)`).exec(mail.parsed.text ?? '');
  expect(match, mail.parsed.text).not.toBeNull();
  expect(mail.parsed.html).toContain(`${PUBLIC_URL}${path}?token=`);
  return { token: decodeURIComponent(match![1]!), url: match![0] };
}

const verify = (token: string, bearer?: string) =>
  t.request({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    ...(bearer ? { token: bearer } : {}),
  });

const isVerified = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.emailVerified;

const administrator = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/server-administrator', token })).json()
    .administrator as boolean;

describe('verified e-mail', () => {
  it('sign-up sends a link in the product look; it verifies once, a second use is refused', async () => {
    const email = address('new');
    const { user, token } = await signUp(email);
    const { token: link } = await linkIn(email, '/verify-email');
    const [mail] = smtp.to(email);
    expect(mail!.subject).toBe(ACCOUNT_TEXTS.verifyMail.subject);
    expect(mail!.parsed.html).toContain(ACCOUNT_TEXTS.verifyMail.action);
    expect(mail!.parsed.html).toContain('border-top:4px solid #3B82F6');
    // The dashboard works meanwhile: the session is valid and says the address is not verified yet.
    const session = await t.request({ method: 'GET', url: '/api/auth/get-session', token });
    expect(session.json().user).toMatchObject({ email, emailVerified: false });
    expect(await isVerified(user.id)).toBe(false);

    const first = await verify(link);
    expect(first.statusCode, first.body).toBe(200);
    expect(await isVerified(user.id)).toBe(true);
    const again = await verify(link);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LINK_USED', error: ACCOUNT_TEXTS.linkUsed });
  });

  it('a link expires after an hour and then verifies nothing; a made-up token is refused', async () => {
    const email = address('late');
    const { user } = await signUp(email);
    const { token: link } = await linkIn(email, '/verify-email');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    const late = await verify(link);
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json()).toMatchObject({ code: 'LINK_EXPIRED', fields: { token: ACCOUNT_TEXTS.linkExpired } });
    vi.useRealTimers();
    expect(await isVerified(user.id)).toBe(false);
    const forged = await verify('not-a-token');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('LINK_INVALID');
    const missing = await t.request({ method: 'GET', url: '/api/auth/verify-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('token');
  });

  it('"Send again": signed in only, a new working link, then a wait of a minute', async () => {
    const email = address('again');
    const { user, token } = await signUp(email);
    await linkIn(email, '/verify-email');
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email },
    });
    expect(anonymous.statusCode).toBe(401);
    const sent = await t.request({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      token,
      payload: { email: 'someone-else@example.com', callbackURL: 'https://evil.example/' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { token: second } = await linkIn(email, '/verify-email', 2);
    expect(smtp.to('someone-else@example.com')).toEqual([]);
    const soon = await t.request({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      token,
      payload: {},
    });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('VERIFICATION_RESEND_WAIT');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify(second)).statusCode).toBe(200);
    expect(await isVerified(user.id)).toBe(true);
  });

  it('an ADMIN_EMAILS address (any letter case) administers only once verified', async () => {
    const { token } = await signUp('BOSS@example.com');
    expect(await administrator(token)).toBe(false);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/server-settings',
      token,
      payload: { values: { MAIL_FROM: 'Boss <boss@evil.example>' } },
    });
    expect(saved.statusCode).toBe(403);
    const { token: link } = await linkIn('boss@example.com', '/verify-email');
    expect((await verify(link)).statusCode).toBe(200);
    expect(await administrator(token)).toBe(true);
  });

  it('the first account administers only once its address is verified', async () => {
    const other = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: smtp.url } });
    try {
      const email = address('first');
      const res = await other.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { firstName: 'Fay', lastName: 'First', email, password: 'correct-horse-9' },
      });
      const { token } = res.json<{ token: string }>();
      const ask = async () =>
        (await other.request({ method: 'GET', url: '/api/server-administrator', token })).json()
          .administrator;
      expect(await ask()).toBe(false);
      expect((await other.request({ method: 'GET', url: '/api/server-settings', token })).statusCode).toBe(
        403,
      );
      const { token: link } = await linkIn(email, '/verify-email');
      const done = await other.request({ method: 'GET', url: `/api/auth/verify-email?token=${link}` });
      expect(done.statusCode).toBe(200);
      expect(await ask()).toBe(true);
      expect((await other.request({ method: 'GET', url: '/api/server-settings', token })).statusCode).toBe(
        200,
      );
    } finally {
      await other.close();
    }
  });
});

describe('forgot password', () => {
  const ask = (email: string) =>
    t.request({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });

  it('one answer for every address, never sooner than the floor; a link only to an account', async () => {
    const email = address('forgot');
    await signUp(email);
    const nobody = address('nobody');
    const times: number[] = [];
    const answers = [];
    for (const who of [email, nobody]) {
      const started = performance.now();
      const res = await ask(who);
      times.push(performance.now() - started);
      answers.push({ status: res.statusCode, body: res.body });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(200);
    for (const ms of times) expect(ms).toBeGreaterThanOrEqual(PASSWORD_RESET_ANSWER_FLOOR_MS - 5);
    await linkIn(email, '/sign-in/reset-password');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.to(nobody)).toEqual([]);
    const bad = await ask('not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('email');
  });

  it('the link sets a new password once (policy kept) and ends every session', async () => {
    const email = address('reset');
    const { token: first } = await signUp(email);
    const second = (await signIn(email, 'correct-horse-9')).json().token as string;
    expect((await ask(email)).statusCode).toBe(200);
    const { token: link } = await linkIn(email, '/sign-in/reset-password');
    const reset = (newPassword: string, token = link) =>
      t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

    const common = await reset('password1');
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual({ newPassword: MESSAGES.passwordTooCommon });
    expect((await reset('short')).json().fields).toHaveProperty('newPassword');

    const done = await reset('open-house-2026');
    expect(done.statusCode, done.body).toBe(200);
    for (const token of [first, second]) {
      expect((await t.request({ method: 'GET', url: '/api/auth/profile', token })).statusCode).toBe(401);
    }
    expect((await signIn(email, 'correct-horse-9')).statusCode).toBe(401);
    expect((await signIn(email, 'open-house-2026')).statusCode).toBe(200);
    const reused = await reset('another-house-2027');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'RESET_LINK_INVALID',
      error: ACCOUNT_TEXTS.resetLinkInvalid,
    });
    expect((await signIn(email, 'open-house-2026')).statusCode).toBe(200);
  });

  it('a link older than an hour sets nothing', async () => {
    const email = address('stale');
    await signUp(email);
    expect((await ask(email)).statusCode).toBe(200);
    const { token } = await linkIn(email, '/sign-in/reset-password');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    const late = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'open-house-2026' },
    });
    vi.useRealTimers();
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('RESET_LINK_INVALID');
    expect((await signIn(email, 'correct-horse-9')).statusCode).toBe(200);
  });
});

describe('changing the e-mail address', () => {
  it('the new address replaces the old only once its link is opened; it is then verified', async () => {
    const email = address('old');
    const { token, user } = await signUp(email);
    expect((await verify((await linkIn(email, '/verify-email')).token)).statusCode).toBe(200);
    const taken = address('taken');
    await signUp(taken);
    const newEmail = address('new-home');
    const asked = await t.request({
      method: 'POST',
      url: '/api/auth/change-email',
      token,
      payload: { newEmail },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // An address another account uses gets the same answer and no link.
    const other = await t.request({
      method: 'POST',
      url: '/api/auth/change-email',
      token,
      payload: { newEmail: taken },
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(asked.body);
    const { token: link } = await linkIn(newEmail, '/verify-email');
    expect(smtp.to(newEmail)[0]!.subject).toBe(ACCOUNT_TEXTS.changeMail.subject);
    expect(smtp.to(taken).length).toBe(1); // its own sign-up link only
    expect((await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.email).toBe(email);
    expect((await signIn(email, 'correct-horse-9')).statusCode).toBe(200);

    expect((await verify(link, token)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await signIn(newEmail, 'correct-horse-9')).statusCode).toBe(200);
    expect((await signIn(email, 'correct-horse-9')).statusCode).toBe(401);
    expect((await verify(link, token)).json().code).toBe('LINK_USED');
    const same = await t.request({
      method: 'POST',
      url: '/api/auth/change-email',
      token,
      payload: { newEmail },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({ newEmail: ACCOUNT_TEXTS.changeEmailSame });
  });
});

/** Turns two-factor on for a signed-in account; the secret and the recovery codes. */
async function enableTwoFactor(token: string, password = 'correct-horse-9') {
  const wrong = await t.request({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    token,
    payload: { password: 'not-my-password' },
  });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().fields).toEqual({ password: MESSAGES.currentPasswordIncorrect });
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    token,
    payload: { password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { totpURI, backupCodes } = res.json<{ totpURI: string; backupCodes: string[] }>();
  const secret = new URL(totpURI).searchParams.get('secret')!;
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const confirmed = await t.request({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    token,
    payload: { code: await generate({ secret }), trustDevice: true },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, backupCodes, token: confirmed.json().token as string };
}

/** Password step of a sign-in with two-factor: no session yet, the challenge cookie. */
async function passwordStep(email: string, password = 'correct-horse-9') {
  const res = await signIn(email, password);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ twoFactorRedirect: true });
  expect(res.json().token).toBeUndefined();
  const cookies = [res.headers['set-cookie']].flat().filter(Boolean) as string[];
  const challenge = cookies.map((c) => c.split(';')[0]!).find((c) => c.includes('two_factor'));
  expect(challenge).toBeDefined();
  return challenge!;
}

const secondStep = (path: string, cookie: string, code: string) =>
  t.request({ method: 'POST', url: `/api/auth/two-factor/${path}`, headers: { cookie }, payload: { code } });

describe('two-factor sign-in', () => {
  it('an authenticator code with a known secret; other sessions end when it is turned on', async () => {
    const email = address('totp');
    const { token: before } = await signUp(email);
    const other = (await signIn(email, 'correct-horse-9')).json().token as string;
    const { secret, token } = await enableTwoFactor(before);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token })).statusCode).toBe(200);
    for (const old of [before, other]) {
      expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: old })).statusCode).toBe(401);
    }
    const cookie = await passwordStep(email);
    const wrong = await secondStep(
      'verify-totp',
      cookie,
      '000000' === (await generate({ secret })) ? '111111' : '000000',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CODE',
      fields: { code: ACCOUNT_TEXTS.twoFactorCodeWrong },
    });
    const right = await secondStep('verify-totp', cookie, await generate({ secret }));
    expect(right.statusCode, right.body).toBe(200);
    const signedIn = right.json().token as string;
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: signedIn })).statusCode).toBe(
      200,
    );
    // The challenge is spent: the same cookie opens no second session.
    const replay = await secondStep('verify-totp', cookie, await generate({ secret }));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('TWO_FACTOR_EXPIRED');
  });

  it('each recovery code signs in once', async () => {
    const email = address('recovery');
    const { token } = await signUp(email);
    const { backupCodes } = await enableTwoFactor(token);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    const [code, next] = backupCodes;
    const first = await secondStep('verify-backup-code', await passwordStep(email), code!);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().token).toEqual(expect.any(String));
    const again = await secondStep('verify-backup-code', await passwordStep(email), code!);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_CODE');
    expect((await secondStep('verify-backup-code', await passwordStep(email), next!)).statusCode).toBe(200);
  });

  it('an administrator with two-factor on cannot sign in with the password alone', async () => {
    const email = 'owner@example.com';
    const other = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: smtp.url, ADMIN_EMAILS: email } });
    try {
      const { token } = await other.signUp({ email });
      expect(
        (await other.request({ method: 'GET', url: '/api/server-administrator', token })).json()
          .administrator,
      ).toBe(true);
      const enabled = await other.request({
        method: 'POST',
        url: '/api/auth/two-factor/enable',
        token,
        payload: { password: 'correct-horse-9' },
      });
      const secret = new URL(enabled.json().totpURI as string).searchParams.get('secret')!;
      const on = await other.request({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        token,
        payload: { code: await generate({ secret }) },
      });
      expect(on.statusCode).toBe(200);
      const res = await other.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: 'correct-horse-9' },
      });
      expect(res.json()).toEqual(expect.objectContaining({ twoFactorRedirect: true }));
      expect(res.headers['set-auth-token']).toBeUndefined();
      expect((await other.request({ method: 'GET', url: '/api/server-settings', token })).statusCode).toBe(
        401,
      );
      const admin = on.json().token as string;
      expect(
        (await other.request({ method: 'GET', url: '/api/server-settings', token: admin })).statusCode,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('signed-in sessions', () => {
  it('lists browser, IP and time; signs out one, then every other; never another account’s', async () => {
    const email = address('sessions');
    const { token } = await signUp(email);
    const phone = (
      await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: 'correct-horse-9' },
        headers: {
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        },
        remoteAddress: '203.0.113.7',
      })
    ).json().token as string;
    const third = (await signIn(email, 'correct-horse-9')).json().token as string;
    const list = await t.request({ method: 'GET', url: '/api/auth/sessions', token });
    expect(list.statusCode).toBe(200);
    const { sessions } = list.json<{
      sessions: {
        id: string;
        browser: string;
        current: boolean;
        ipAddress: string | null;
        createdAt: string;
      }[];
    }>();
    expect(sessions).toHaveLength(3);
    expect(list.body).not.toContain(token);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const iphone = sessions.find((s) => s.browser === 'Safari on iOS')!;
    expect(iphone).toBeDefined();
    expect(Date.parse(iphone.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const stranger = await signUp(address('stranger'));
    const foreign = await t.request({
      method: 'POST',
      url: `/api/auth/sessions/${iphone.id}/sign-out`,
      token: stranger.token,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: phone })).statusCode).toBe(200);

    const ended = await t.request({ method: 'POST', url: `/api/auth/sessions/${iphone.id}/sign-out`, token });
    expect(ended.json()).toEqual({ success: true, current: false });
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: phone })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: third })).statusCode).toBe(200);

    const others = await t.request({
      method: 'POST',
      url: '/api/auth/revoke-other-sessions',
      token,
      payload: {},
    });
    expect(others.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token: third })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/auth/profile', token })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/sessions', token })).json().sessions,
    ).toHaveLength(1);
    expect((await t.request({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });
});
