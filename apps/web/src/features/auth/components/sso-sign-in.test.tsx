// "Continue with your company's account (SSO)" (decision 070): offered once a team of this server has SSO; the
// work e-mail goes to the server, the browser to the team's provider; a domain without SSO and a refused sign-in
// (?ssoError=) are said in the domain's words.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_SSO_ERRORS, TEAM_SSO_MESSAGES, TEAM_SSO_TEXTS } from '@keyturn/domain/teamSso';
import { json, renderAt, stubApi } from '@/test/utils';
import { SsoSignIn } from './sso-sign-in';

afterEach(() => vi.unstubAllGlobals());

describe('SSO on the sign-in page', () => {
  it('sends the work e-mail and goes to the provider; says when the domain has no SSO', async () => {
    const assign = vi.fn();
    // The router reads the address from `location`: the stand-in is made at the page's address.
    window.history.replaceState(null, '', '/sign-in');
    vi.stubGlobal('location', { ...window.location, assign });
    const message = TEAM_SSO_MESSAGES.noSsoForDomain;
    let answer = json(400, { error: message, code: 'NO_SSO_FOR_DOMAIN', fields: { email: message } });
    const api = stubApi({
      'GET /auth/social/providers': () => json(200, { providers: [], sso: true }),
      'POST /auth/sso/start': () => answer,
    });
    renderAt(<SsoSignIn />, { path: '/sign-in' });
    await userEvent.click(await screen.findByRole('button', { name: TEAM_SSO_TEXTS.signInButton }));
    await userEvent.type(screen.getByLabelText(TEAM_SSO_TEXTS.workEmailLabel), 'robin@acme.com');
    await userEvent.click(screen.getByRole('button', { name: TEAM_SSO_TEXTS.continue }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    answer = json(200, { url: 'https://login.acme.com/auth?client_id=k' });
    await userEvent.click(screen.getByRole('button', { name: TEAM_SSO_TEXTS.continue }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.acme.com/auth?client_id=k'));
    expect(api.callsTo('POST', '/auth/sso/start')[1]!.body).toEqual({ email: 'robin@acme.com' });
  });

  it('is not offered while no team of this server signs in with SSO', async () => {
    const api = stubApi({ 'GET /auth/social/providers': () => json(200, { providers: [], sso: false }) });
    renderAt(<SsoSignIn />, { path: '/sign-in' });
    await waitFor(() => expect(api.callsTo('GET', '/auth/social/providers')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: TEAM_SSO_TEXTS.signInButton })).toBeNull();
    expect(screen.queryByRole('button', { name: /sign in/i })).toBeNull();
  });

  it('says why a sign-in that came back refused was refused', async () => {
    stubApi({});
    renderAt(<SsoSignIn />, { path: '/sign-in?ssoError=SEAT_LIMIT_REACHED', routePath: '/sign-in' });
    expect(await screen.findByText(TEAM_SSO_ERRORS.SEAT_LIMIT_REACHED)).toBeInTheDocument();
  });
});
