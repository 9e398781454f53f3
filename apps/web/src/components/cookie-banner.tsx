// The cookie-consent banner (spec §2.3, §9): one second after the page loads, while no choice is stored, it
// asks for analytics consent. Accept All and Reject All store the choice; the close button stores nothing
// and only hides the banner until the next page load.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import { setConsent, useConsent } from '@/lib/consent';
import { Button } from './ui/button';
import { CloseIcon } from './ui/icons';

export function CookieBanner() {
  const consent = useConsent();
  const [due, setDue] = useState(false);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), CLIENT_TIMINGS.cookieBannerDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  if (!due || closed || consent !== null) return null;

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-[0_-8px_30px_rgb(15_23_42/0.12)] sm:inset-x-auto sm:bottom-6 sm:left-6 sm:max-w-md sm:rounded-2xl sm:border sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-semibold text-slate-900">Analytics cookies</p>
        <button
          type="button"
          aria-label="Close"
          onClick={() => setClosed(true)}
          className="-mt-2 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          <CloseIcon />
        </button>
      </div>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        With your consent we use analytics cookies to learn which pages help agents most. Nothing is loaded
        until you accept, and you can change your mind in our{' '}
        <Link
          to="/privacy-policy"
          className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
        >
          privacy policy
        </Link>
        .
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={() => setConsent('rejected')}>
          Reject All
        </Button>
        <Button onClick={() => setConsent('accepted')}>Accept All</Button>
      </div>
    </section>
  );
}
