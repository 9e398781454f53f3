import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@keyturn/domain/teams';
import { clearSessionToken } from '@/lib/session-token';
import { json, renderAt, signedInSessionRoutes, SIGNED_IN_USER, stubApi } from '@/test/utils';
import { AcceptInvitationPage } from './accept-invitation-page';

const preview = (email: string, status = 'pending') => ({
  success: true,
  data: {
    id: 'inv-1',
    teamName: 'Stone Realty',
    teamLogo: null,
    teamColor: '#10B981',
    email,
    role: 'admin',
    invitedBy: 'Morgan Tester',
    status,
    expiresAt: '2030-01-09T00:00:00.000Z',
  },
});

function renderPage() {
  renderAt(<AcceptInvitationPage />, { path: '/team-invitation/inv-1', routePath: '/team-invitation/:id' });
}

afterEach(() => clearSessionToken());

describe('the team invitation page (issue 15)', () => {
  it('signed out: names the team and the address, and offers sign-up or sign-in that come back here', async () => {
    stubApi({ 'GET /team-invitations/inv-1': () => json(200, preview('new@example.com')) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Join Stone Realty' })).toBeInTheDocument();
    expect(screen.getByText(/Morgan Tester invited/)).toHaveTextContent('as an admin');
    const next = encodeURIComponent('/team-invitation/inv-1');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/sign-up?next=${next}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/sign-in?next=${next}`);
  });

  it('signed in with the invited address: Join accepts and goes to Settings → Team', async () => {
    const api = stubApi({
      ...signedInSessionRoutes(),
      'GET /team-invitations/inv-1': () => json(200, preview(SIGNED_IN_USER.email.toUpperCase())),
      'POST /team-invitations/inv-1/accept': () => json(200, { success: true }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Join Stone Realty' }));
    await waitFor(() => expect(api.callsTo('POST', '/team-invitations/inv-1/accept')).toHaveLength(1));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/settings');
  });

  it('signed in as someone else, or a closed invitation: says so and offers no Join', async () => {
    stubApi({
      ...signedInSessionRoutes(),
      'GET /team-invitations/inv-1': () => json(200, preview('other@example.com')),
    });
    renderPage();
    expect(
      await screen.findByText(new RegExp(`You are signed in as ${SIGNED_IN_USER.email}`)),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Sign out and sign in as other@example.com' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Stone Realty' })).not.toBeInTheDocument();
  });

  it('an expired invitation says to ask for a new one', async () => {
    stubApi({ 'GET /team-invitations/inv-1': () => json(200, preview('new@example.com', 'expired')) });
    renderPage();
    expect(await screen.findByText(TEAM_MESSAGES.invitationExpired)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });
});
