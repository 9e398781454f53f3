import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import type { RecordedCall } from '@/test/utils';
import { json, LocationProbe, renderRoutes, signedInSessionRoutes, stubApi } from '@/test/utils';
import { RequireAuth } from '@/app/require-auth';
import { resetAuthProfileDedupe } from '@/lib/auth-profile';
import { SESSION_TOKEN_KEY } from '@/lib/session-token';
import { DashboardLayout } from './dashboard-layout';

const authProfile = {
  id: 'user-1',
  firstName: 'Dana',
  lastName: 'Scully',
  emailAddresses: [{ emailAddress: 'dana.scully@example.com' }, { emailAddress: 'other@example.com' }],
  imageUrl: null,
};

const agentProfile = {
  id: 'agent-1',
  first_name: 'Dana',
  last_name: 'Scully',
  email: 'dana.scully@example.com',
  phone: '+1 555 0100',
  logoUrl: null,
  companyName: 'Scully Homes',
  primaryColor: '#3B82F6',
  profilePictureUrl: 'https://files.example/dana.jpg',
  timeZone: 'America/New_York',
  username: 'dana-scully',
  plan: 'basic',
  createdAt: '2025-01-01T00:00:00.000Z',
};

type Routes = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

function apiRoutes(overrides: Routes = {}): Routes {
  return {
    ...signedInSessionRoutes(),
    'GET /auth/profile': () => json(200, authProfile),
    'GET /agents/profile': () => json(200, { success: true, data: agentProfile }),
    'GET /payments/subscription': () =>
      json(200, { success: true, subscription: { status: 'active' }, plan: { id: 'basic' } }),
    'POST /auth/sign-out': () => json(200, { success: true }),
    ...overrides,
  };
}

const routes = [
  {
    path: '/dashboard',
    element: (
      <RequireAuth>
        <DashboardLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <h1>Overview</h1> },
      { path: 'properties', element: <h1>Properties page</h1> },
    ],
  },
  { path: '*', element: <LocationProbe /> },
];

function renderDashboard(path = '/dashboard') {
  resetAuthProfileDedupe();
  return renderRoutes(routes, path);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('dashboard footer (spec §2.2)', () => {
  it('shows the full name and primary e-mail from GET /api/auth/profile', async () => {
    stubApi(apiRoutes());
    renderDashboard();
    expect(await screen.findByText('dana.scully@example.com')).toBeInTheDocument();
    expect(screen.getByText('Dana Scully')).toBeInTheDocument();
    expect(screen.queryByText('other@example.com')).not.toBeInTheDocument();
  });

  it('asks for the agent profile only 500 ms after the user appears, then shows the picture', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi(apiRoutes());
    renderDashboard();
    await screen.findByText('dana.scully@example.com');
    expect(api.callsTo('GET', '/agents/profile')).toHaveLength(0);
    expect(screen.getByTestId('avatar-placeholder')).toHaveTextContent('D');

    await act(() => vi.advanceTimersByTimeAsync(CLIENT_TIMINGS.profilePictureDelayMs));
    await vi.waitFor(() => expect(api.callsTo('GET', '/agents/profile')).toHaveLength(1));
    const picture = await vi.waitFor(() => {
      const img = document.querySelector('img');
      if (!img) throw new Error('no picture yet');
      return img;
    });
    expect(picture).toHaveAttribute('src', 'https://files.example/dana.jpg');
    expect(screen.queryByTestId('avatar-placeholder')).not.toBeInTheDocument();

    // A picture that fails to load is hidden; the initial takes its place.
    fireEvent.error(picture);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByTestId('avatar-placeholder')).toHaveTextContent('D');
  });

  it('sends the agent to /profile when GET /api/agents/profile answers 404 (spec §8)', async () => {
    stubApi(
      apiRoutes({ 'GET /agents/profile': () => json(404, { error: 'No profile yet', code: 'NOT_FOUND' }) }),
    );
    const { router } = renderDashboard();
    expect(await screen.findByTestId('location', {}, { timeout: 3000 })).toHaveTextContent('/profile');
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('logs out: signs out on the server, forgets the token and the cache, and goes to /', async () => {
    const api = stubApi(apiRoutes());
    const { router, queryClient } = renderDashboard();
    await screen.findByText('dana.scully@example.com');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    await vi.waitFor(() => expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    const signOut = api.callsTo('POST', '/auth/sign-out');
    expect(signOut).toHaveLength(1);
    expect(signOut[0]?.headers.get('authorization')).toBe('Bearer token-123');
    expect(signOut[0]?.body).toEqual({});
    expect(queryClient.getQueryData(['auth', 'profile'])).toBeUndefined();
    expect(queryClient.getQueryData(['auth', 'session'])).toBeNull();
  });
});

describe('plan badge (spec §2.2, §4)', () => {
  it('shows Professional for the pro plan', async () => {
    stubApi(
      apiRoutes({
        'GET /payments/subscription': () =>
          json(200, { success: true, subscription: { status: 'active' }, plan: { id: 'pro' } }),
      }),
    );
    renderDashboard();
    await vi.waitFor(() => expect(screen.getByTestId('plan-badge')).toHaveTextContent('Professional'));
  });

  it('shows Enterprise for the enterprise plan', async () => {
    stubApi(
      apiRoutes({
        'GET /payments/subscription': () =>
          json(200, { success: true, subscription: {}, plan: { id: 'enterprise' } }),
      }),
    );
    renderDashboard();
    await vi.waitFor(() => expect(screen.getByTestId('plan-badge')).toHaveTextContent('Enterprise'));
  });

  it('falls back to Basic when the subscription fetch fails', async () => {
    let answer = json(200, { success: true, subscription: {}, plan: { id: 'pro' } });
    const api = stubApi(apiRoutes({ 'GET /payments/subscription': () => answer }));
    const { queryClient } = renderDashboard();
    await vi.waitFor(() => expect(screen.getByTestId('plan-badge')).toHaveTextContent('Professional'));

    answer = json(500, { error: 'Payments are down', code: 'INTERNAL' });
    await act(() => queryClient.refetchQueries({ queryKey: ['payments', 'subscription'] }));
    await vi.waitFor(() => expect(screen.getByTestId('plan-badge')).toHaveTextContent('Basic'));
    expect(api.callsTo('GET', '/payments/subscription')).toHaveLength(2);
  });

  it('falls back to Basic when there is no subscription', async () => {
    stubApi(
      apiRoutes({
        'GET /payments/subscription': () =>
          json(200, { success: true, subscription: null, plan: { id: 'pro' } }),
      }),
    );
    renderDashboard();
    await screen.findByText('dana.scully@example.com');
    await vi.waitFor(() => expect(screen.getByTestId('plan-badge')).toHaveTextContent('Basic'));
  });
});

describe('mobile drawer (spec §2.2)', () => {
  it('opens from the labelled menu button, traps focus, and closes on Escape', async () => {
    stubApi(apiRoutes());
    renderDashboard();
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();

    // Shift+Tab from the first control wraps to the last one inside the drawer (Logout).
    await userEvent.tab({ shift: true });
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('closes when the agent navigates', async () => {
    stubApi(apiRoutes());
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    await userEvent.click(within(drawer).getByRole('link', { name: 'Properties' }));
    expect(await screen.findByRole('heading', { name: 'Properties page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
