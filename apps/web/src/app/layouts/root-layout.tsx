import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAnalytics } from '@/lib/analytics';
import { useMounted } from '@/lib/use-mounted';
import { ScrollOnNavigate } from '../scroll-on-navigate';

// Two parts no first screen shows: the Scroll to top button (after a scroll) and the cookie-consent banner (a
// second after start). Their code is not on the first load (decision 036): it loads once the app has started
// (hydrated or mounted), and neither is in the server's HTML, so the first render matches it.
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
  useAnalytics();
  const started = useMounted();
  return (
    <>
      <Outlet />
      {started ? (
        <Suspense fallback={null}>
          <ScrollToTop />
          <CookieBanner />
        </Suspense>
      ) : null}
      <ScrollOnNavigate />
    </>
  );
}
