import type { ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { matchRoutes } from '@/lib/router';
import type { RouteObject } from '@/lib/router';
import { describe, expect, it, vi } from 'vitest';
import { APP_PATHS, isAppPath } from '@keyturn/domain/appPaths';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import { MESSAGES } from '@keyturn/domain/messages';
import { json, renderRoutes, signedInSessionRoutes, stubApi } from '@/test/utils';
import { LAUNCH_URL } from '@keyturn/domain/launch';
import { BUYER_PAGE_PATHS } from '@keyturn/domain/i18n/locales';
import { FIRST_PAINT_PAGES, MARKETING_DATA, matchFirstPaintPath } from './first-paint-pages';
import { FIRST_PAINT_LOADS, preloadFirstPage, routes } from './router';

/** The id of the deepest route that `path` matches. */
function leafRouteId(path: string): string | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route.id;
}

describe('route table (spec §2.1)', () => {
  it('sends /booking/manage, /cancelled and /reschedule to their own pages, not to /booking/:linkId', () => {
    expect(leafRouteId('/booking/manage')).toBe('booking-manage');
    expect(leafRouteId('/booking/cancelled')).toBe('booking-cancelled');
    expect(leafRouteId('/booking/reschedule')).toBe('booking-reschedule');
    expect(leafRouteId('/booking/proposal')).toBe('booking-proposal');
    expect(leafRouteId('/booking/waitlist')).toBe('booking-waitlist');
    expect(leafRouteId('/booking/abc123')).toBe('booking-link');
  });

  it('registers every route of the table', () => {
    const expected: Record<string, string> = {
      '/': 'landing',
      '/test': 'test',
      '/sign-in': 'sign-in',
      '/sign-in/factor-one': 'sign-in',
      '/sign-up/verify': 'sign-up',
      '/user-profile/security': 'user-profile',
      '/bookme/a1/dana-scully': 'bookme-agent-name',
      '/bookme/a1': 'bookme-agent',
      '/bookme': 'bookme',
      '/dana/12-main-st/42/book': 'property-booking',
      '/feedback/b1': 'feedback-form',
      '/waiting-list': 'waiting-list',
      '/waiting-list/waitlist-thankyou': 'waiting-list-thank-you',
      '/waitlist-thankyou': 'waitlist-thank-you',
      '/about': 'about',
      '/features': 'features',
      '/success-stories': 'success-stories',
      '/pricing': 'pricing',
      '/privacy-policy': 'privacy-policy',
      '/oauth/google/callback': 'oauth-google',
      '/oauth/microsoft/callback': 'oauth-microsoft',
      '/profile': 'profile',
      '/dashboard': 'dashboard-overview',
      '/dashboard/properties': 'dashboard-properties',
      '/dashboard/bookings': 'dashboard-bookings',
      '/dashboard/reports': 'dashboard-reports',
      '/dashboard/feedback': 'dashboard-feedback',
      '/dashboard/network': 'dashboard-network',
      '/dashboard/network/requests': 'dashboard-network-requests',
      '/dashboard/network/requests/b-1': 'dashboard-network-request',
      '/dashboard/network/tours': 'dashboard-network-tours',
      '/dashboard/network/tours/t-1': 'dashboard-network-tour',
      '/dashboard/settings': 'dashboard-settings',
      '/dashboard/subscription': 'dashboard-subscription',
      '/no/such/page': 'not-found',
    };
    for (const [path, id] of Object.entries(expected)) expect([path, leafRouteId(path)]).toEqual([path, id]);
  });

  it('puts /profile and every /dashboard page behind the guard', () => {
    for (const path of ['/profile', '/dashboard', '/dashboard/settings']) {
      expect(matchRoutes(routes, path)?.map((m) => m.route.id)).toContain('protected');
    }
    expect(matchRoutes(routes, '/booking/manage')?.map((m) => m.route.id)).not.toContain('protected');
  });
});

describe('rendered routes', () => {
  it('shows "Loading page..." while a page loads, then the manage-booking page at /booking/manage', async () => {
    stubApi({});
    renderRoutes(routes, '/booking/manage');
    expect(screen.getByText(MESSAGES.loadingPage)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Manage your booking' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Book a viewing' })).not.toBeInTheDocument();
  });

  it('shows the booking page for a booking link, which resolves the link id', async () => {
    const api = stubApi({
      'GET /booking/links/abc123': () => json(404, { error: 'Not found', code: 'LINK_NOT_FOUND' }),
    });
    renderRoutes(routes, '/booking/abc123');
    expect(await screen.findByRole('heading', { name: 'Booking Link Not Found' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/booking/links/abc123')).toHaveLength(1);
  });

  it('shows the landing page with a one-line "not found" notice for an unknown path (spec route table, issue 39)', async () => {
    stubApi({});
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByText(MESSAGES.addressNotFound, {}, { timeout: 10_000 })).toHaveAttribute(
      'role',
      'status',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Showings that book themselves' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it("lists exactly the router's pages in the domain's APP_PATHS (the server's 404 rule)", () => {
    const flatten = (table: RouteObject[], base: string): string[] =>
      table.flatMap((route) => {
        const here = route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
        const own = route.path && route.path !== '*' ? [here] : route.index ? [base] : [];
        return [...own, ...(route.children ? flatten(route.children, here) : [])];
      });
    expect([...new Set(flatten(routes, '/'))].sort()).toEqual([...APP_PATHS].sort());
    expect(isAppPath('/dashboard/settings')).toBe(true);
    expect(isAppPath('/Booking/Manage')).toBe(true);
    expect(isAppPath('/dana/12-main-st/42/book')).toBe(true);
    expect(isAppPath('/no/such/page')).toBe(false);
    expect(isAppPath('/dashboard/nope')).toBe(false);
  });

  it('reaches every page at its own address: no route listed earlier takes it (the first match wins)', () => {
    // Each address pattern made concrete (a parameter becomes a word no static segment is), back to its pattern.
    const patternOf = (match: ReturnType<typeof matchRoutes>) =>
      (match ?? [])
        .map((m) => m.route.path ?? '')
        .filter(Boolean)
        .join('/')
        .replace(/^\/*/, '/');
    for (const path of APP_PATHS) {
      const concrete = path.replace(/:\w+/g, 'x7q').replace(/\/\*$/, '/deeper');
      const leaf = matchRoutes(routes, concrete)?.at(-1)?.route;
      expect(leaf?.id, concrete).not.toBe('not-found');
      expect(patternOf(matchRoutes(routes, concrete)).replace(/\/$/, '') || '/', concrete).toBe(path);
    }
  });

  it("speaks the buyer's language exactly on the buyer pages and the accessibility statement (issue 43)", () => {
    const buyerPages = (table: RouteObject[], base: string): string[] =>
      table.flatMap((route) => {
        const here = route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
        const own =
          route.path && route.handle && (route.handle as { compactConsent?: boolean }).compactConsent
            ? [here]
            : [];
        return [...own, ...(route.children ? buyerPages(route.children, here) : [])];
      });
    expect([...buyerPages(routes, '/'), '/accessibility'].sort()).toEqual([...BUYER_PAGE_PATHS].sort());
  });

  it('sends a signed-in visitor from / to /dashboard', async () => {
    stubApi({
      ...signedInSessionRoutes(),
      'GET /auth/profile': () =>
        json(200, {
          id: 'user-1',
          firstName: 'Dana',
          lastName: 'Scully',
          emailAddresses: [],
          imageUrl: null,
        }),
      'GET /payments/subscription': () =>
        json(200, { success: true, subscription: null, plan: { id: 'basic' } }),
    });
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('serves /test as plain text', async () => {
    stubApi({});
    renderRoutes(routes, '/test');
    expect(await screen.findByText('Test route')).toBeInTheDocument();
  });
});

/**
 * The production shell (main.tsx's, with a memory history): the declarative router around AppRoutes. The router,
 * the providers and the query client come from the same module registry as `routesModule`: after
 * vi.resetModules() the libraries load afresh too, and a page must find the router and query client of its own
 * copy.
 */
async function renderShell(path: string, routesModule: { AppRoutes: () => ReactNode }) {
  const { AppRoutes } = routesModule;
  const { useNavigate } = await import('@/lib/router');
  const { MemoryRouter } = await import('@/test/utils');
  const { AppProviders } = await import('./providers');
  const { testQueryClient } = await import('@/test/utils');
  /** A button that navigates, as a link in a page would. */
  function GoTo() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => void navigate('/pricing')}>
        go to pricing
      </button>
    );
  }
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <GoTo />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('router error screen (spec §8)', () => {
  it('shows "Unexpected Application Error!" when a page throws, and the next address renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.doMock('@/features/marketing/pages/about-page', () => ({
      AboutPage: () => {
        throw new Error('about page exploded');
      },
    }));
    vi.resetModules();
    const fresh = await import('./router');
    stubApi({});
    await renderShell('/about', fresh);
    expect(await screen.findByRole('heading', { name: MESSAGES.unexpectedError })).toBeInTheDocument();
    expect(screen.getByText('about page exploded')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'go to pricing' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Plans for every kind of agent' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MESSAGES.unexpectedError })).not.toBeInTheDocument();
    vi.doUnmock('@/features/marketing/pages/about-page');
  });
});

describe('the production shell: declarative router (decision 030)', () => {
  it("gives the buyer's booking page the compact cookie banner from its route handle", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      'GET /booking/links/abc123': () => json(404, { error: 'Not found', code: 'LINK_NOT_FOUND' }),
    });
    await renderShell('/booking/abc123', await import('./router'));
    expect(await screen.findByRole('heading', { name: 'Booking Link Not Found' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CLIENT_TIMINGS.cookieBannerDelayMs));
    expect(await screen.findByRole('region', { name: /cookie/i })).toHaveAttribute('data-variant', 'compact');
    vi.useRealTimers();
  });

  it('starts the parts no first screen shows (the cookie banner) only once the browser is idle (issue 48)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    stubApi({});
    await renderShell('/pricing', await import('./router'));
    await screen.findByRole('heading', { level: 1, name: 'Plans for every kind of agent' });
    // Not idle yet: however long the page has been up, no banner (its code is not even asked for).
    await act(() => vi.advanceTimersByTimeAsync(3 * CLIENT_TIMINGS.cookieBannerDelayMs));
    expect(screen.queryByRole('region', { name: /cookie/i })).toBeNull();
    expect(idle.length).toBeGreaterThan(0);
    act(() => idle.splice(0).forEach((run) => run()));
    await act(() => vi.advanceTimersByTimeAsync(CLIENT_TIMINGS.cookieBannerDelayMs));
    expect(await screen.findByRole('region', { name: /cookie/i })).toBeInTheDocument();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('starts a new address at the top of the page', async () => {
    stubApi({});
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as typeof window.scrollTo;
    await renderShell('/about', await import('./router'));
    await screen.findByRole('heading', { level: 1 });
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'go to pricing' }));
    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });
});

describe('first-paint preload table (decision 030)', () => {
  const paths = FIRST_PAINT_PAGES.map((page) => page.path);
  const sample = (path: string) => path.replace(/:[A-Za-z]+/g, 'x1');

  it('names, for each of its addresses, the route the route table sends that address to', () => {
    for (const page of FIRST_PAINT_PAGES) {
      expect([page.path, leafRouteId(sample(page.path))]).toEqual([page.path, page.routeId]);
      expect([page.path, FIRST_PAINT_PAGES[matchFirstPaintPath(paths, sample(page.path))]?.routeId]).toEqual([
        page.path,
        page.routeId,
      ]);
    }
  });

  it("asks the marketing pages' one first answer at the domain's launch address (issue 40)", () => {
    expect(MARKETING_DATA).toEqual([LAUNCH_URL]);
    const marketing = FIRST_PAINT_PAGES.filter((page) => page.data === MARKETING_DATA).map(
      (page) => page.path,
    );
    expect(marketing).toEqual(['/', '/pricing', '/waiting-list', '/about']);
  });

  it('matches static segments before dynamic ones, one segment per parameter, letters without case', () => {
    const at = (pathname: string) => FIRST_PAINT_PAGES[matchFirstPaintPath(paths, pathname)]?.routeId;
    expect(at('/booking/manage')).toBe('booking-manage');
    expect(at('/booking/abc123')).toBe('booking-link');
    expect(at('/BookMe/a1/dana/')).toBe('bookme-agent-name');
    expect(at('/dana/12-main-st/42/book')).toBe('property-booking');
    expect(at('/dashboard/settings')).toBeUndefined();
    expect(at('/bookme/a1/dana/extra')).toBeUndefined();
  });
});

describe('the first render on a first-paint page (decision 030)', () => {
  it('has a loader for every page the first-paint table names', () => {
    for (const page of FIRST_PAINT_PAGES)
      expect([page.routeId, typeof FIRST_PAINT_LOADS[page.routeId]]).toEqual([page.routeId, 'function']);
  });

  it('shows the page itself, not "Loading page...", once preloadFirstPage has loaded its code', async () => {
    stubApi({});
    await preloadFirstPage('/pricing');
    await renderShell('/pricing', await import('./router'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Plans for every kind of agent' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loadingPage)).not.toBeInTheDocument();
  });

  it('leaves other pages to load as before', async () => {
    stubApi({});
    vi.resetModules();
    const fresh = await import('./router');
    await fresh.preloadFirstPage('/features');
    await renderShell('/features', fresh);
    expect(screen.getByText(MESSAGES.loadingPage)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
