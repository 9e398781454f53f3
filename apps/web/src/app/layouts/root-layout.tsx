import { Outlet } from 'react-router';
import { CookieBanner } from '@/components/cookie-banner';
import { ScrollToTop } from '@/components/ui/scroll-to-top';
import { useAnalytics } from '@/lib/analytics';
import { ScrollOnNavigate } from '../scroll-on-navigate';

/**
 * Around every screen: scroll position per navigation, the one Scroll to top button, the cookie-consent
 * banner, and analytics (page views on route changes, only with consent).
 */
export function RootLayout() {
  useAnalytics();
  return (
    <>
      <Outlet />
      <ScrollToTop />
      <CookieBanner />
      <ScrollOnNavigate />
    </>
  );
}
