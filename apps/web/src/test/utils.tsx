// Helpers for the component tests: a fetch stub that answers like the API, and rendering inside the app's
// providers and the app's router (at an address set in jsdom's history).
import type { Locale } from '@keyturn/domain/i18n/locales';
import { LocaleProvider } from '@/lib/locale';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, currentNavigationType, navigate, useLocation, useRoutes } from '@/lib/router';
import type { NavigateOptions, RouteObject } from '@/lib/router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { RouteTableContext } from '@/lib/route-table';
import { setSessionToken } from '@/lib/session-token';

export interface RecordedCall {
  method: string;
  /** Path after /api, e.g. /auth/get-session. */
  path: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Reply = Response | Promise<Response>;
export type Handler = (call: RecordedCall) => Reply | undefined;

/** A JSON response like the API's. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * Replace fetch with `routes` keyed "METHOD /path" (path after /api, no query string). An unlisted call
 * fails the test loudly through a 599 answer and is recorded like the others.
 */
export function stubApi(routes: Record<string, (call: RecordedCall) => Reply>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { pathname } = new URL(url, 'http://localhost');
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: pathname.replace(/^\/api/, ''),
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) return json(599, { error: `No stub for ${call.method} ${call.path}`, code: 'UNSTUBBED' });
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** The app's query client, without query retries so failures show at once. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  return client;
}

export const SIGNED_IN_USER = {
  id: 'user-1',
  name: 'Dana Scully',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Scully',
};

/** The signed-in agent's profile (GET /agents/profile) in the dashboard's tests. */
export const TEST_AGENT_PROFILE = {
  id: 'agent-1',
  first_name: 'Dana',
  last_name: 'Scully',
  email: 'dana@example.com',
  phone: '+1 555 010 0100',
  logoUrl: null,
  companyName: 'Scully Homes',
  primaryColor: '#3B82F6',
  profilePictureUrl: null,
  timeZone: 'America/New_York',
  defaultLanguage: 'en' as const,
  username: 'dana-scully',
  plan: 'basic',
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** Store a token and answer get-session with SIGNED_IN_USER. */
export function signedInSessionRoutes() {
  setSessionToken('token-123');
  return {
    'GET /auth/get-session': () => json(200, { session: { id: 's1' }, user: SIGNED_IN_USER }),
  };
}

/**
 * The tests' view of the router: the address (jsdom's history) and the latest navigation's type, and navigation
 * as the app's (a number moves through the history, resolving when the browser has moved).
 */
export const testRouter = {
  get state() {
    const { pathname, search, hash } = window.location;
    const entry = window.history.state as { usr?: unknown } | null;
    return {
      location: { pathname, search, hash, state: entry?.usr ?? null },
      historyAction: currentNavigationType(),
    };
  },
  navigate(to: string | number, options?: NavigateOptions): Promise<void> {
    if (typeof to !== 'number') {
      navigate(to, options);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      window.addEventListener('popstate', () => resolve(), { once: true });
      navigate(to);
    });
  },
};

/** The app's router at `initialEntries`' last address (jsdom's history, replaced before the first render). */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries: string[];
  children: ReactNode;
}) {
  useState(() => window.history.replaceState(null, '', initialEntries.at(-1) ?? '/'));
  return <BrowserRouter>{children}</BrowserRouter>;
}

/** The element of `routes` for the current address. */
export function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Render `routes` at `path`, inside the app's providers; `locale: 'es'` renders the page in Spanish (call
 * `await loadLocale('es')` from '@/lib/i18n' first, once per file).
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  { queryClient = testQueryClient(), locale }: { queryClient?: QueryClient; locale?: Locale } = {},
) {
  const result = render(
    <AppProviders queryClient={queryClient}>
      <LocaleProvider initial={locale}>
        <RouteTableContext value={routes}>
          <MemoryRouter initialEntries={[path]}>
            <Routes routes={routes} />
          </MemoryRouter>
        </RouteTableContext>
      </LocaleProvider>
    </AppProviders>,
  );
  return { ...result, router: testRouter, queryClient };
}

/** Render a single element at `path` (with a catch-all that names where the app navigated). */
export function renderAt(
  element: ReactNode,
  {
    path = '/',
    routePath = path,
    queryClient,
    locale,
  }: { path?: string; routePath?: string; queryClient?: QueryClient; locale?: Locale } = {},
) {
  return renderRoutes(
    [
      { path: routePath, element },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
    { ...(queryClient ? { queryClient } : {}), locale },
  );
}

/** Shows the current path, so a test can see where a redirect went. */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}
