// The session's first state (decision 034): a server-rendered marketing page is the signed-out visitor's
// markup, so without a stored token the app's very first render must be signed out too (no 'loading' spinner
// replacing the server's nodes) — and it asks the API for nothing. With a token it reads the session first.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LandingPage } from '@/features/marketing/pages/landing-page';
import { renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { useSession } from './auth';

function SessionProbe() {
  return <p data-testid="session">{useSession().status}</p>;
}

describe('useSession first state', () => {
  it('without a stored token the first render is signed out, with no request', async () => {
    const api = stubApi({});
    renderAt(<SessionProbe />);
    expect(screen.getByTestId('session')).toHaveTextContent('signed-out');
    await Promise.resolve();
    expect(screen.getByTestId('session')).toHaveTextContent('signed-out');
    expect(api.calls).toEqual([]);
  });

  it('with a stored token it is loading until get-session answers, then signed in', async () => {
    const api = stubApi(signedInSessionRoutes());
    renderAt(<SessionProbe />);
    expect(screen.getByTestId('session')).toHaveTextContent('loading');
    expect(await screen.findByText('signed-in')).toBeInTheDocument();
    expect(api.callsTo('GET', '/auth/get-session')).toHaveLength(1);
  });

  it('the landing page first render is the page itself for a visitor without a token (no spinner)', () => {
    stubApi({});
    renderAt(<LandingPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Showings that book themselves' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
