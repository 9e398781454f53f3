// The public pages whose code the HTML asks for before the app's entry runs (decision 030): the build writes a
// tiny script (first-paint-preload.ts) that matches the address against this table and adds
// <link rel="modulepreload"> for the page's chunks, so they download alongside the framework instead of one
// round trip after it. Each path names the route of router.tsx it stands for (router.test.tsx checks that the
// route table sends a sample address there); static paths come before the dynamic ones that would also match.
//
// `data` (decision 033): the public GETs the page makes first, `:name` filled from the address; the script asks
// for them at once and the app takes the answers (lib/first-paint-data.ts) instead of asking after its code has
// run. Only calls whose answer is the same for everyone (no session) belong here.
//
// The server renders the first screen into the HTML (decision 034) of the rows with `data` (with those answers)
// and of the rows marked `render` (pages that read no API answer first: the same markup for every visitor).
/**
 * Where the web build writes each row's page chunks (in dist/, by row path), which the API server turns into
 * <link rel="modulepreload"> in a server-rendered page (decision 034; it reads the name from entry-server.tsx).
 */
export const FIRST_PAINT_MANIFEST = '.vite/first-paint.json';

export type FirstPaintPage = {
  path: string;
  routeId: string;
  module: string;
  data?: string[];
  render?: true;
};

/** The agent booking page's module (entry-server.tsx loads the step its address opens on with it). */
export const BOOKING_PAGE = 'src/features/booking/pages/booking-page.tsx';
/** What the agent's booking page reads before it can show anything (features/booking/api.ts). */
const AGENT_PAGE_DATA = ['/api/agents/id/:agentId', '/api/availability/public/:agentId'];
/** What a team's public page reads before it can show anything (features/booking/team-api.ts). */
const TEAM_PAGE_DATA = ['/api/public/teams/:slug'];

/**
 * The booking flow's lazy steps a booking page can open on (features/booking/components/lazy-steps.tsx), by step:
 * the build writes each one's chunk files into the manifest under BOOKING_STEP_PRELOAD + the step, and the server
 * adds them as <link rel="modulepreload"> to a page it rendered on that step (decision 078), so the browser has the
 * step's code when it hydrates without asking for it after the page's own chunk has run.
 */
export const BOOKING_STEP_MODULES = {
  property_selection: 'src/features/booking/components/property-step.tsx',
  calendar: 'src/features/booking/components/calendar-step.tsx',
  time: 'src/features/booking/components/time-step.tsx',
  details: 'src/features/booking/components/details-panel.tsx',
  confirmation: 'src/features/booking/components/confirmation-step.tsx',
} as const;
export type LazyBookingStep = keyof typeof BOOKING_STEP_MODULES;
/** The manifest key of a step's chunk files: 'step:calendar'. */
export const BOOKING_STEP_PRELOAD = 'step:';

/**
 * Whether the site is launched (issue 40, decision 069): the marketing pages differ before and after. The
 * domain's LAUNCH_URL, written out: the build's config loads this file, and cannot load the domain's sources
 * (first-paint-pages.test.ts checks they agree).
 */
export const MARKETING_DATA = ['/api/public/launch'];

export const FIRST_PAINT_PAGES: FirstPaintPage[] = [
  {
    path: '/',
    routeId: 'landing',
    module: 'src/features/marketing/pages/landing-page.tsx',
    data: MARKETING_DATA,
    render: true,
  },
  {
    path: '/pricing',
    routeId: 'pricing',
    module: 'src/features/marketing/pages/pricing-page.tsx',
    data: MARKETING_DATA,
    render: true,
  },
  {
    path: '/waiting-list',
    routeId: 'waiting-list',
    module: 'src/features/waitlist/pages/waiting-list-page.tsx',
    data: MARKETING_DATA,
    render: true,
  },
  {
    path: '/about',
    routeId: 'about',
    module: 'src/features/marketing/pages/about-page.tsx',
    data: MARKETING_DATA,
    render: true,
  },
  {
    path: '/booking/manage',
    routeId: 'booking-manage',
    module: 'src/features/booking/pages/manage-booking-page.tsx',
  },
  {
    path: '/booking/reschedule',
    routeId: 'booking-reschedule',
    module: 'src/features/booking/pages/reschedule-booking-page.tsx',
  },
  {
    path: '/team/:slug',
    routeId: 'team-page',
    module: 'src/features/booking/pages/team-page.tsx',
    data: TEAM_PAGE_DATA,
  },
  { path: '/bookme', routeId: 'bookme', module: BOOKING_PAGE },
  { path: '/bookme/:agentId', routeId: 'bookme-agent', module: BOOKING_PAGE, data: AGENT_PAGE_DATA },
  {
    path: '/bookme/:agentId/:agentName',
    routeId: 'bookme-agent-name',
    module: BOOKING_PAGE,
    data: AGENT_PAGE_DATA,
  },
  { path: '/booking/:linkId', routeId: 'booking-link', module: BOOKING_PAGE },
  // The embedded booking page (decision 057): its code preloaded, its first screen not rendered in.
  { path: '/embed/bookme/:agentId', routeId: 'embed-agent', module: BOOKING_PAGE },
  { path: '/embed/property/:propertyId', routeId: 'embed-property', module: BOOKING_PAGE },
  { path: '/:username/:address/:propertyId/book', routeId: 'property-booking', module: BOOKING_PAGE },
];

/**
 * The index of the first path in `paths` that `pathname` matches (`:name` stands for one segment, letters
 * compared without case as React Router does), or -1. Self-contained: the build writes its source into the
 * preload script.
 */
export function matchFirstPaintPath(paths: string[], pathname: string): number {
  const parts = pathname.split('/').filter(Boolean);
  return paths.findIndex((path) => {
    const pattern = path.split('/').filter(Boolean);
    return (
      pattern.length === parts.length &&
      pattern.every(
        (segment, i) => segment.startsWith(':') || segment.toLowerCase() === (parts[i] ?? '').toLowerCase(),
      )
    );
  });
}

/**
 * The URLs of `data` for an address that matched `path`: each `:name` replaced by that segment of `pathname`,
 * decoded and encoded again as the app's own calls encode a route parameter (encodeURIComponent of React
 * Router's decoded value). A segment that does not decode leaves its URL out. Self-contained: the build writes
 * its source into the preload script.
 */
export function firstPaintDataUrls(path: string, pathname: string, data: readonly string[]): string[] {
  const names = path.split('/').filter(Boolean);
  const parts = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    if (name.startsWith(':')) params[name.slice(1)] = parts[i] ?? '';
  });
  const urls: string[] = [];
  for (const template of data) {
    try {
      urls.push(
        template.replace(/:(\w+)/g, (_, name: string) =>
          encodeURIComponent(decodeURIComponent(params[name] ?? '')),
        ),
      );
    } catch {
      // A malformed escape in the address: the page asks for itself (and shows its not-found state).
    }
  }
  return urls;
}
