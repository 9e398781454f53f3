// The server's administrator (ADMIN_EMAILS in playwright.config.ts): the first spec of a run that needs them signs
// them up, opens the verification link (issue 41: only a verified address administers) and gives them an agent
// profile, so the dashboard opens; a later spec finds the account made and checks it still signs in.
import { expect } from '@playwright/test';
import { api, DEMO } from './server.ts';
import { verifyByMail } from './account-mail.ts';

export const SERVER_OWNER = { email: 'server-owner@example.com', password: 'e2e-password-1' } as const;

export async function ensureServerOwner(): Promise<void> {
  const signUp = await api<{ token: string }>('POST', '/auth/sign-up/email', {
    firstName: 'Morgan',
    lastName: 'Owner',
    ...SERVER_OWNER,
  });
  if (signUp.status !== 200) {
    // Made by an earlier spec of this run (sign-up answers the generic refusal for a taken address).
    const signedIn = await api('POST', '/auth/sign-in/email', { ...SERVER_OWNER });
    expect(signedIn.status).toBe(200);
    return;
  }
  await verifyByMail(SERVER_OWNER.email);
  const created = await api(
    'POST',
    '/agents',
    {
      first_name: 'Morgan',
      last_name: 'Owner',
      phone: '+1 312 555 0199',
      username: `server-owner-${Date.now().toString(36)}`,
      timeZone: DEMO.timeZone,
    },
    signUp.json.token,
  );
  expect(created.status).toBe(201);
}
