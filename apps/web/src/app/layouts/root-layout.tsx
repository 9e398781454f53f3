import { Outlet, ScrollRestoration } from 'react-router';
import { ScrollToTop } from '@/components/ui/scroll-to-top';

/** Around every screen: scroll position per navigation and the one Scroll to top button. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollToTop />
      <ScrollRestoration />
    </>
  );
}
