import { Navigate, useLocation } from 'react-router';
import { SiteFooter, SiteHeader } from '@/components/site-chrome';
import { ButtonLink } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';

/**
 * The landing page (spec §2.1): a spinner while the session is read, /dashboard for a signed-in visitor,
 * otherwise the hero. The dashboard's Logout navigates here with `signedOut` state while it is still ending
 * the session, so that moment must not bounce back to the dashboard.
 */
export function LandingPage() {
  const { status } = useSession();
  const location = useLocation();
  const signingOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;

  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'signed-in' && !signingOut) return <Navigate to="/dashboard" replace />;

  return (
    <div className="flex min-h-screen flex-col bg-white">
      <title>Keyturn · Showing scheduler for real-estate agents</title>
      <SiteHeader />
      <main id="main" className="flex flex-1 flex-col">
        <section className="relative flex flex-1 items-center overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-5rem,var(--color-blue-100),transparent)]"
          />
          <div className="relative mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
            <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-blue-200 bg-white px-3 py-1 text-xs font-semibold text-blue-700 shadow-sm">
              <span className="size-1.5 rounded-full bg-blue-600" aria-hidden="true" />
              The showing scheduler for real-estate agents
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
              Keyturn
            </h1>
            <p className="mx-auto mt-5 max-w-xl text-lg leading-8 text-slate-600 sm:text-xl">
              Share one branded booking link and let buyers book property viewings themselves, while you run
              every showing from one dashboard.
            </p>
            <div className="mt-10 flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-center">
              <ButtonLink to="/waiting-list" size="lg">
                Join Waiting List
              </ButtonLink>
              <ButtonLink to="/sign-in" size="lg" variant="secondary">
                Sign in
              </ButtonLink>
              <ButtonLink to="/sign-up" size="lg" variant="ghost">
                Create account
              </ButtonLink>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
