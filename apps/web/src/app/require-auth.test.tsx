import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, LocationProbe, renderRoutes, signedInSessionRoutes, stubApi } from '@/test/utils';
import { setSessionToken } from '@/lib/session-token';
import { RequireAuth } from './require-auth';

const routes = [
  { path: '/dashboard', element: <RequireAuth>{<p>Secret dashboard</p>}</RequireAuth> },
  { path: '/sign-in', element: <LocationProbe /> },
];

describe('protected-route guard (spec §2.1)', () => {
  it('shows a Loading spinner while the session is being read', async () => {
    setSessionToken('token-123');
    stubApi({ 'GET /auth/get-session': () => new Promise<Response>(() => undefined) });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Secret dashboard')).not.toBeInTheDocument();
  });

  it('redirects a visitor without a session token to /sign-in, replacing the history entry', async () => {
    const { callsTo } = stubApi({});
    const { router } = renderRoutes(routes, '/dashboard');
    expect(await screen.findByTestId('location')).toHaveTextContent('/sign-in');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('Secret dashboard')).not.toBeInTheDocument();
    expect(callsTo('GET', '/auth/get-session')).toHaveLength(0);
  });

  it('redirects when the server no longer knows the session (null answer) and forgets the token', async () => {
    setSessionToken('stale-token');
    stubApi({ 'GET /auth/get-session': () => json(200, null) });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByTestId('location')).toHaveTextContent('/sign-in');
    expect(window.localStorage.getItem('keyturn.session-token')).toBeNull();
  });

  it('redirects when the token is rejected (401)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setSessionToken('bad-token');
    stubApi({ 'GET /auth/get-session': () => json(401, { error: 'Invalid session', code: 'UNAUTHORIZED' }) });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByTestId('location')).toHaveTextContent('/sign-in');
  });

  it('shows the protected content to a signed-in user, sending the bearer token', async () => {
    const { callsTo } = stubApi(signedInSessionRoutes());
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Secret dashboard')).toBeInTheDocument();
    expect(callsTo('GET', '/auth/get-session')[0]?.headers.get('authorization')).toBe('Bearer token-123');
  });
});
