// Issue 41: "Continue with Google / Microsoft" on the sign-in page (only for providers the server offers), a
// refused sign-in said in the domain's words, and the landing page that trades the one-use code for the session.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCIAL_SIGN_IN_ERRORS } from '@keyturn/domain/signInMethods';
import { json, renderAt, SIGNED_IN_USER, stubApi } from '@/test/utils';
import { SESSION_TOKEN_KEY } from '@/lib/session-token';
import { SignInPage } from './sign-in-page';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('sign-in with a provider', () => {
  it('offers only the providers the server has, and sends the browser to the one chosen', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, hash: '', pathname: '/sign-in' });
    const api = stubApi({
      'GET /auth/social/providers': () => json(200, { providers: ['google'] }),
      'POST /auth/social/google/start': () => json(200, { url: 'https://accounts.example.test/auth?x=1' }),
    });
    renderAt(<SignInPage />, { path: '/sign-in', routePath: '/sign-in/*' });
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.queryByRole('button', { name: 'Continue with Microsoft' })).toBeNull();
    await userEvent.click(google);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example.test/auth?x=1'));
    expect(api.callsTo('POST', '/auth/social/google/start')[0]?.body).toEqual({ intent: 'sign-in' });
  });

  it('shows no provider button when none is set up', async () => {
    const api = stubApi({ 'GET /auth/social/providers': () => json(200, { providers: [] }) });
    renderAt(<SignInPage />, { path: '/sign-in', routePath: '/sign-in/*' });
    await vi.waitFor(() => expect(api.callsTo('GET', '/auth/social/providers')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });

  it("says why a provider sign-in was refused, in the domain's words", async () => {
    stubApi({ 'GET /auth/social/providers': () => json(200, { providers: ['google', 'microsoft'] }) });
    renderAt(<SignInPage />, {
      path: '/sign-in?socialError=LINK_NEEDS_VERIFIED_EMAIL&provider=google',
      routePath: '/sign-in/*',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      SOCIAL_SIGN_IN_ERRORS.LINK_NEEDS_VERIFIED_EMAIL,
    );
  });

  it('/sign-in/complete trades the code of the address for the session and opens the dashboard', async () => {
    const api = stubApi({
      'POST /auth/social/finish': () => json(200, { token: 'social-token' }),
      'GET /auth/get-session': () => json(200, { session: { id: 's1' }, user: SIGNED_IN_USER }),
    });
    const { router } = renderAt(<SignInPage />, {
      path: '/sign-in/complete#code=one-use-code',
      routePath: '/sign-in/*',
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST', '/auth/social/finish')[0]?.body).toEqual({ code: 'one-use-code' });
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBe('social-token');
    // The code left the address at once.
    expect(window.location.hash).toBe('');
  });

  it('/sign-in/complete with a spent code says so and signs nobody in', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.localStorage.removeItem(SESSION_TOKEN_KEY);
    window.history.replaceState(null, '', '/sign-in/complete#code=spent');
    stubApi({
      'POST /auth/social/finish': () =>
        json(400, {
          error: SOCIAL_SIGN_IN_ERRORS.SIGN_IN_EXPIRED,
          code: 'SIGN_IN_EXPIRED',
          fields: { code: SOCIAL_SIGN_IN_ERRORS.SIGN_IN_EXPIRED },
        }),
    });
    renderAt(<SignInPage />, { path: '/sign-in/complete', routePath: '/sign-in/*' });
    expect(await screen.findByRole('alert')).toHaveTextContent(SOCIAL_SIGN_IN_ERRORS.SIGN_IN_EXPIRED);
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull();
  });
});
