// Issue 41: Settings → Account's sign-in methods — listed as the server offers them, unlinked, the refusal of
// the last way in, and the outcome of a link said after coming back from the provider.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SIGN_IN_METHOD_TEXTS, SOCIAL_SIGN_IN_ERRORS } from '@keyturn/domain/signInMethods';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { SignInMethods } from './sign-in-methods';

describe('Settings → Account: sign-in methods', () => {
  const methods = (googleLinked: boolean) =>
    json(200, {
      methods: [
        { method: 'password', linked: true, available: true },
        { method: 'google', linked: googleLinked, available: true },
        { method: 'microsoft', linked: false, available: false },
      ],
    });

  it('lists the methods the server offers; unlinks one; shows the refusal of the last one', async () => {
    let linked = true;
    const api = stubApi({
      ...signedInSessionRoutes(),
      'GET /auth/sign-in-methods': () => methods(linked),
      'POST /auth/sign-in-methods/unlink': () => {
        linked = false;
        return json(200, { success: true, message: SIGN_IN_METHOD_TEXTS.unlinked('google') });
      },
    });
    renderAt(<SignInMethods />, {
      path: '/dashboard/settings?tab=account',
      routePath: '/dashboard/settings',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    expect(api.callsTo('POST', '/auth/sign-in-methods/unlink')[0]?.body).toEqual({ method: 'google' });
    expect(await screen.findByRole('button', { name: 'Link Google' })).toBeTruthy();
    expect(screen.getByText(SIGN_IN_METHOD_TEXTS.state('password', true))).toBeTruthy();
    // Microsoft's app is not set on this server: no row for it.
    expect(screen.queryByText('Microsoft')).toBeNull();
  });

  it("shows the server's refusal to remove the last way in", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubApi({
      ...signedInSessionRoutes(),
      'GET /auth/sign-in-methods': () =>
        json(200, {
          methods: [
            { method: 'password', linked: false, available: true },
            { method: 'google', linked: true, available: true },
            { method: 'microsoft', linked: false, available: true },
          ],
        }),
      'POST /auth/sign-in-methods/unlink': () =>
        json(409, {
          error: SIGN_IN_METHOD_TEXTS.lastMethod,
          code: 'LAST_SIGN_IN_METHOD',
          fields: { method: SIGN_IN_METHOD_TEXTS.lastMethod },
        }),
    });
    renderAt(<SignInMethods />, { path: '/dashboard/settings', routePath: '/dashboard/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_METHOD_TEXTS.lastMethod);
  });

  it('says when a provider was linked, or why not, after coming back from it', async () => {
    stubApi({ ...signedInSessionRoutes(), 'GET /auth/sign-in-methods': () => methods(false) });
    renderAt(<SignInMethods />, {
      path: '/dashboard/settings?tab=account&socialError=ACCOUNT_EMAIL_NOT_VERIFIED&provider=google',
      routePath: '/dashboard/settings',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      SOCIAL_SIGN_IN_ERRORS.ACCOUNT_EMAIL_NOT_VERIFIED,
    );
  });
});
