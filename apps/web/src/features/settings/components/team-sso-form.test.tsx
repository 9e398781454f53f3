// Settings → Team → Single sign-on (decision 070): the owner's form shows the redirect address to register and
// whether a secret is saved (never the secret), sends the secret only when typed, says what the Check found,
// and shows the server's refusals by field.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEAM_SSO_MESSAGES, TEAM_SSO_TEXTS, type TeamSsoSettings } from '@keyturn/domain/teamSso';
import { json, renderAt, stubApi } from '@/test/utils';
import { TeamSsoSection } from './team-sso-form';

const REDIRECT = 'https://keyturn.example.com/api/auth/sso/callback';
const notSet: TeamSsoSettings = {
  configured: false,
  issuer: null,
  client_id: null,
  client_secret_set: false,
  email_domain: null,
  redirect_uri: REDIRECT,
};

describe('the team SSO form', () => {
  it('saves the settings with the secret, then shows it as saved and sends no secret when left empty', async () => {
    let current = notSet;
    const api = stubApi({
      'GET /team/sso': () => json(200, current),
      'PUT /team/sso': (call) => {
        const body = call.body as { issuer: string; client_id: string; email_domain: string };
        current = {
          configured: true,
          issuer: body.issuer,
          client_id: body.client_id,
          client_secret_set: true,
          email_domain: body.email_domain,
          redirect_uri: REDIRECT,
        };
        return json(200, current);
      },
    });
    renderAt(<TeamSsoSection />);
    expect(await screen.findByText(REDIRECT)).toBeInTheDocument();
    expect(screen.getByText(TEAM_SSO_TEXTS.secretNotSet)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEAM_SSO_TEXTS.remove })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(TEAM_SSO_TEXTS.issuerLabel), 'https://login.acme.com');
    await userEvent.type(screen.getByLabelText(TEAM_SSO_TEXTS.clientIdLabel), 'keyturn');
    await userEvent.type(screen.getByLabelText(TEAM_SSO_TEXTS.clientSecretLabel), 's3cret');
    await userEvent.type(screen.getByLabelText(TEAM_SSO_TEXTS.domainLabel), 'Acme.com');
    await userEvent.click(screen.getByRole('button', { name: TEAM_SSO_TEXTS.save }));
    await waitFor(() => expect(api.callsTo('PUT', '/team/sso')).toHaveLength(1));
    expect(api.callsTo('PUT', '/team/sso')[0]!.body).toEqual({
      issuer: 'https://login.acme.com',
      client_id: 'keyturn',
      client_secret: 's3cret',
      email_domain: 'acme.com',
    });
    expect(await screen.findByText(TEAM_SSO_TEXTS.secretSet)).toBeInTheDocument();
    expect(screen.getByLabelText(TEAM_SSO_TEXTS.clientSecretLabel)).toHaveValue('');
    expect(screen.getByRole('button', { name: TEAM_SSO_TEXTS.remove })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: TEAM_SSO_TEXTS.save }));
    await waitFor(() => expect(api.callsTo('PUT', '/team/sso')).toHaveLength(2));
    expect(api.callsTo('PUT', '/team/sso')[1]!.body).not.toHaveProperty('client_secret');
  });

  it('checks the issuer and shows what it found, or why it could not', async () => {
    const found = {
      issuer: 'https://login.acme.com',
      authorization_endpoint: 'https://login.acme.com/auth',
      token_endpoint: 'https://login.acme.com/token',
    };
    let answer = json(200, {
      ...found,
      message: TEAM_SSO_TEXTS.checkFound({
        issuer: found.issuer,
        authorizationEndpoint: found.authorization_endpoint,
        tokenEndpoint: found.token_endpoint,
      }),
    });
    const api = stubApi({
      'GET /team/sso': () => json(200, notSet),
      'POST /team/sso/check': () => answer,
    });
    renderAt(<TeamSsoSection />);
    await userEvent.type(await screen.findByLabelText(TEAM_SSO_TEXTS.issuerLabel), 'https://login.acme.com');
    await userEvent.click(screen.getByRole('button', { name: TEAM_SSO_TEXTS.check }));
    expect(await screen.findByRole('status')).toHaveTextContent('sign-in at https://login.acme.com/auth');
    expect(api.callsTo('POST', '/team/sso/check')[0]!.body).toEqual({ issuer: 'https://login.acme.com' });

    const reason = TEAM_SSO_MESSAGES.discoveryFailed(
      'its document names another issuer than the one entered',
    );
    answer = json(400, { error: reason, code: 'SSO_DISCOVERY_FAILED', fields: { issuer: reason } });
    await userEvent.click(screen.getByRole('button', { name: TEAM_SSO_TEXTS.check }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("refuses a bad domain before sending, and shows the server's 409 for a domain another team has", async () => {
    const api = stubApi({
      'GET /team/sso': () =>
        json(200, {
          ...notSet,
          configured: true,
          issuer: 'https://login.acme.com',
          client_id: 'k',
          client_secret_set: true,
          email_domain: 'acme.com',
        }),
      'PUT /team/sso': () =>
        json(409, {
          error: TEAM_SSO_MESSAGES.domainTaken,
          code: 'SSO_DOMAIN_TAKEN',
          fields: { email_domain: TEAM_SSO_MESSAGES.domainTaken },
        }),
    });
    renderAt(<TeamSsoSection />);
    const domain = await screen.findByLabelText(TEAM_SSO_TEXTS.domainLabel);
    await userEvent.clear(domain);
    await userEvent.type(domain, 'not a domain');
    await userEvent.click(screen.getByRole('button', { name: TEAM_SSO_TEXTS.save }));
    expect(await screen.findByText(TEAM_SSO_MESSAGES.domainInvalid)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/team/sso')).toHaveLength(0);
    await userEvent.clear(domain);
    await userEvent.type(domain, 'taken.com');
    await userEvent.click(screen.getByRole('button', { name: TEAM_SSO_TEXTS.save }));
    expect(await screen.findByText(TEAM_SSO_MESSAGES.domainTaken)).toBeInTheDocument();
  });
});
