// Accounts (issue 11): the common-password policy on sign-up and password change, a password change that
// ends every other session whatever the client asks, and a sign-up that does not reveal existing accounts
// (the owner of the address is told by e-mail instead).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@keyturn/domain/messages';
import { createTestApp, type TestApp } from './app';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const signUpBody = (email: string, password: string) => ({
  firstName: 'Pat',
  lastName: 'Lee',
  email,
  password,
});

function signIn(email: string, password: string) {
  return t.request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
}

async function signedIn(token: string): Promise<boolean> {
  const res = await t.request({ method: 'GET', url: '/api/auth/profile', token });
  return res.statusCode === 200;
}

describe('password policy: the most common passwords are refused', () => {
  it('sign-up with 12345678 (or Password1, whatever the case) is a 400 naming the password', async () => {
    for (const password of ['12345678', 'Password1', 'QWERTYUIOP']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: signUpBody(`common.${password}@example.com`, password),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { password: MESSAGES.passwordTooCommon },
      });
    }
    const fine = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: signUpBody('uncommon@example.com', 'open-house-2026'),
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('ends every other session even when the client asks to keep them; the new password works', async () => {
    const { email, token: first } = await t.signUp({ password: 'correct-horse-9' });
    const second = (await signIn(email, 'correct-horse-9')).json().token as string;
    expect(await signedIn(second)).toBe(true);

    const res = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token: first,
      payload: {
        currentPassword: 'correct-horse-9',
        newPassword: 'showings-2026',
        revokeOtherSessions: false,
      },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    expect(typeof fresh).toBe('string');
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(fresh)).toBe(true);
    expect((await signIn(email, 'correct-horse-9')).statusCode).toBe(401);
    expect((await signIn(email, 'showings-2026')).statusCode).toBe(200);
  });

  it('a common new password and a wrong current one are 400s naming the field; nothing changes', async () => {
    const { email, token } = await t.signUp({ password: 'correct-horse-9' });
    const common = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token,
      payload: { currentPassword: 'correct-horse-9', newPassword: '12345678' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual({ newPassword: MESSAGES.passwordTooCommon });
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token,
      payload: { currentPassword: 'not-the-password', newPassword: 'long-enough-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: MESSAGES.currentPasswordIncorrect });
    expect(await signedIn(token)).toBe(true);
    expect((await signIn(email, 'correct-horse-9')).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'correct-horse-9', newPassword: 'long-enough-1' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("better-auth's update-user", () => {
  it('a null or blank name is a 400 naming it (it was a 500: the column is NOT NULL)', async () => {
    const { token } = await t.signUp();
    for (const name of [null, '  ', 42]) {
      const res = await t.request({ method: 'POST', url: '/api/auth/update-user', token, payload: { name } });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['name']);
    }
    const fine = await t.request({
      method: 'POST',
      url: '/api/auth/update-user',
      token,
      payload: { name: 'Pat Lee' },
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe('sign-up does not reveal existing accounts', () => {
  it('an existing address gets the generic refusal, never USER_ALREADY_EXISTS, and its owner an e-mail', async () => {
    const { email } = await t.signUp({ password: 'correct-horse-9' });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: signUpBody(email.toUpperCase(), 'another-pass-1'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: MESSAGES.signUpRefused,
      code: 'SIGN_UP_REFUSED',
      fields: { email: MESSAGES.signUpRefused },
    });
    expect(res.body).not.toMatch(/exist/i);
    // The account's own confirmation mail went out at sign-up; the notice is the one about the second try.
    const notice = (
      await smtp.waitFor(() => smtp.to(email).some((m) => m.subject.startsWith('Someone tried')))
    ).find((m) => m.subject.startsWith('Someone tried'));
    expect(notice?.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(smtp.to(email).filter((m) => m.subject.startsWith('Someone tried'))).toHaveLength(1);
    expect(notice?.parsed.text).toContain('/sign-in');
    // The account is untouched: the old password still signs in.
    expect((await signIn(email, 'correct-horse-9')).statusCode).toBe(200);
  });
});
