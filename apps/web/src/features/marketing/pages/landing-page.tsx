import { Suspense, useRef, useState } from 'react';
import { Navigate, useLocation } from '@/lib/router';
import { lazyPage } from '@/app/page-loading';
import { FirstScreenEnd } from '@/components/first-screen-end';
import { PageMeta, SiteHeader } from '@/components/site-header';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { prefersReducedMotion } from '@/lib/reduced-motion';
import { LandingHero } from '../components/landing-hero';

// Below the first screen: its own chunk, not on the first load (decision 036). The server renders it (it waits
// for preloadLandingParts), the browser hydrates it when its code arrives.
const loadParts = () => import('../components/landing-sections');
const LandingSections = lazyPage(() => loadParts().then((m) => m.LandingSections));
const LandingFooter = lazyPage(() => loadParts().then((m) => m.LandingFooter));

/** The code of the sections below the first screen (the server's renderer waits for it). */
export function preloadLandingParts(): Promise<unknown> {
  return Promise.all([LandingSections.preload(), LandingFooter.preload()]);
}

/**
 * The landing page (spec §2.1, §2.3): a spinner while the session is read, /dashboard for a signed-in
 * visitor, otherwise the sections of §2.3 in order. The dashboard's Logout navigates here with `signedOut`
 * state while it is still ending the session, so that moment must not bounce back to the dashboard.
 */
export function LandingPage({ notice = null }: { notice?: string | null } = {}) {
  const { status } = useSession();
  const location = useLocation();
  const signingOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;
  const ready = status === 'signed-out' || (status === 'signed-in' && signingOut);

  const [demoRuns, setDemoRuns] = useState(0);
  const demoRef = useRef<HTMLElement>(null);

  if (status === 'loading') return <FullPageSpinner />;
  if (!ready) return <Navigate to="/dashboard" replace />;

  const watchDemo = () => {
    setDemoRuns((n) => n + 1);
    demoRef.current?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    demoRef.current?.focus({ preventScroll: true });
  };

  return (
    <div className="flex min-h-screen flex-col bg-white">
      <PageMeta
        title="Keyturn · Showing scheduler for real-estate agents"
        description="Keyturn gives real-estate agents a branded booking page: buyers book 30-minute viewings from their phones, and agents run every showing from one dashboard. Join the waiting list."
      />
      {notice ? (
        <p role="status" className="bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      <SiteHeader />
      <main id="main" className="flex-1">
        <LandingHero onWatchDemo={watchDemo} />
        <FirstScreenEnd />

        <Suspense fallback={null}>
          <LandingSections demoRef={demoRef} demoRuns={demoRuns} />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <LandingFooter />
      </Suspense>
    </div>
  );
}
