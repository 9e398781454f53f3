import { Outlet } from 'react-router';
import { SiteFooter, SiteHeader } from '@/components/site-chrome';

/** Marketing and information pages: site header, the page (it lays out its own sections), site footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
