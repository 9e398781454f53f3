// The public pages whose code the HTML asks for before the app's entry runs (decision 030): the build writes a
// tiny script (first-paint-preload.ts) that matches the address against this table and adds
// <link rel="modulepreload"> for the page's chunks, so they download alongside the framework instead of one
// round trip after it. Each path names the route of router.tsx it stands for (router.test.tsx checks that the
// route table sends a sample address there); static paths come before the dynamic ones that would also match.
export type FirstPaintPage = { path: string; routeId: string; module: string };

const BOOKING_PAGE = 'src/features/booking/pages/booking-page.tsx';

export const FIRST_PAINT_PAGES: FirstPaintPage[] = [
  { path: '/', routeId: 'landing', module: 'src/features/marketing/pages/landing-page.tsx' },
  { path: '/pricing', routeId: 'pricing', module: 'src/features/marketing/pages/pricing-page.tsx' },
  {
    path: '/waiting-list',
    routeId: 'waiting-list',
    module: 'src/features/waitlist/pages/waiting-list-page.tsx',
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
  { path: '/bookme', routeId: 'bookme', module: BOOKING_PAGE },
  { path: '/bookme/:agentId', routeId: 'bookme-agent', module: BOOKING_PAGE },
  { path: '/bookme/:agentId/:agentName', routeId: 'bookme-agent-name', module: BOOKING_PAGE },
  { path: '/booking/:linkId', routeId: 'booking-link', module: BOOKING_PAGE },
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
