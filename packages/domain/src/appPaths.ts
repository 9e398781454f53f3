// The web app's addresses (issue 29): the server answers any other non-API path with 404 and the app's
// not-found page, instead of the landing page with 200. The web router's table must list exactly these
// (apps/web/src/app/router.test.tsx compares them), so a new page cannot be forgotten here.
// React Router's syntax: ':name' is one segment, a trailing '*' the rest; static segments ignore case.

export const APP_PATHS = [
  '/',
  '/test',
  '/sign-in/*',
  '/sign-in/forgot-password',
  '/sign-in/reset-password',
  '/verify-email',
  '/sign-up/*',
  '/user-profile/*',
  '/bookme/:agentId/:agentName',
  '/bookme/:agentId',
  '/bookme',
  '/booking/:linkId',
  '/:username/:address/:propertyId/book',
  '/team/:slug',
  '/team/:slug/consultation',
  '/booking/manage',
  '/booking/cancelled',
  '/booking/reschedule',
  '/booking/proposal',
  '/booking/waitlist',
  // Issue 46: a buyer's own data behind the signed link in their e-mails.
  '/your-data',
  '/seller-approval',
  '/feedback/:bookingId',
  '/tour/:token',
  '/embed/bookme/:agentId',
  '/embed/property/:propertyId',
  '/seller/:token',
  '/team-invitation/:id',
  '/oauth/google/callback',
  '/oauth/microsoft/callback',
  '/waiting-list',
  '/waiting-list/waitlist-thankyou',
  '/waitlist-thankyou',
  '/about',
  '/features',
  '/success-stories',
  '/pricing',
  '/privacy-policy',
  '/accessibility',
  '/profile',
  '/dashboard',
  '/dashboard/properties',
  '/dashboard/properties/import',
  '/dashboard/bookings',
  '/dashboard/reports',
  '/dashboard/day',
  '/dashboard/team',
  '/dashboard/feedback',
  // Issue 46: the audit log (Enterprise).
  '/dashboard/audit-log',
  // Issue 45: the showings' conversations, searched.
  '/dashboard/conversations',
  // Issue 46: buyers' deletion requests and the retention setting.
  '/dashboard/privacy-requests',
  // Issue 45: the showing network.
  '/dashboard/network',
  '/dashboard/network/requests',
  '/dashboard/network/requests/:id',
  '/dashboard/network/tours',
  '/dashboard/network/tours/:id',
  '/dashboard/settings',
  '/dashboard/subscription',
  '/dashboard/server-settings',
] as const;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function matches(pattern: string, segments: string[]): boolean {
  const parts = segmentsOf(pattern);
  for (const [index, part] of parts.entries()) {
    if (part === '*') return true;
    const segment = segments[index];
    if (segment === undefined) return false;
    if (!part.startsWith(':') && part.toLowerCase() !== segment.toLowerCase()) return false;
  }
  return parts.length === segments.length;
}

/** Whether `pathname` (no query) matches one of `patterns` (`:name` one segment, letters compared without case). */
export function isPathIn(patterns: readonly string[], pathname: string): boolean {
  let segments: string[];
  try {
    segments = segmentsOf(pathname).map((segment) => decodeURIComponent(segment));
  } catch {
    return false;
  }
  return patterns.some((pattern) => matches(pattern, segments));
}

/** Whether `pathname` (no query) is one of the app's pages. */
export function isAppPath(pathname: string): boolean {
  return isPathIn(APP_PATHS, pathname);
}
