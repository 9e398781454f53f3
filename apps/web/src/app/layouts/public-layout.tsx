import { Outlet } from 'react-router';
import { SiteFooter, SiteHeader } from '@/components/site-chrome';

/** Marketing and information pages: site header, the page, site footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
