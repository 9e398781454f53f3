import { lazy, Suspense } from 'react';
import { Outlet } from '@/lib/router';
import { useStartedWhenIdle } from '@/lib/use-mounted';
import { ScrollOnNavigate } from '../scroll-on-navigate';

// Three parts no first screen shows: analytics (page views, only with consent), the Scroll to top button
// (after a scroll) and the cookie-consent banner (a second after start). Their code is not on the first load
// (decision 036): it loads once the app has started (hydrated or mounted) and the browser is idle — not sooner:
// their loading held the rest of the page's hydration back (issue 48) — and none is in the server's HTML, so the
// first render matches it.
const AnalyticsTracker = lazy(() => import('@/lib/analytics').then((m) => ({ default: m.AnalyticsTracker })));
const ScrollToTop = lazy(() =>
  import('@/components/ui/scroll-to-top').then((m) => ({ default: m.ScrollToTop })),
);
const CookieBanner = lazy(() =>
  import('@/components/cookie-banner').then((m) => ({ default: m.CookieBanner })),
);

/**
 * Around every screen: scroll position per navigation, the one Scroll to top button, the cookie-consent
 * banner, and analytics (page views on route changes, only with consent).
 */
export function RootLayout() {
  const started = useStartedWhenIdle();
  return (
    <>
      <Outlet />
      {started ? (
        <Suspense fallback={null}>
          <AnalyticsTracker />
          <ScrollToTop />
          <CookieBanner />
        </Suspense>
      ) : null}
      <ScrollOnNavigate />
    </>
  );
}
