// Issue 47 (decision 093): "Install Keyturn" — offered in the dashboard once the browser says the app can be
// installed (beforeinstallprompt) and only from the agent's third dashboard visit on (a first visit is for the
// product, not for an install banner). "Not now" is remembered: the offer never comes back on this browser.
import { useEffect, useState } from 'react';
import { PUSH_TEXTS } from '@keyturn/domain/push';
import { Button } from '@/components/ui/button';
import { runsInstalled } from '@/lib/app-install';

const T = PUSH_TEXTS.install;
export const VISITS_KEY = 'keyturn.dashboard-visits';
export const VISIT_COUNTED_KEY = 'keyturn.dashboard-visit-counted';
export const DISMISSED_KEY = 'keyturn.install-dismissed';
/** The visit from which the offer is made. */
export const INSTALL_OFFER_VISIT = 3;

/** Chrome's and Edge's event (not in the DOM typings). */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

const storage = (kind: 'localStorage' | 'sessionStorage'): Storage | null => {
  try {
    return window[kind];
  } catch {
    return null;
  }
};

/** Counts this visit (once per browser tab session) and answers how many there have been. */
export function countDashboardVisit(): number {
  const local = storage('localStorage');
  const session = storage('sessionStorage');
  const visits = Number(local?.getItem(VISITS_KEY) ?? '0') || 0;
  if (session?.getItem(VISIT_COUNTED_KEY)) return visits;
  session?.setItem(VISIT_COUNTED_KEY, '1');
  local?.setItem(VISITS_KEY, String(visits + 1));
  return visits + 1;
}

export function InstallPrompt({ visits }: { visits: number }) {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);
  const [closed, setClosed] = useState(
    () => storage('localStorage')?.getItem(DISMISSED_KEY) === '1' || runsInstalled(),
  );

  useEffect(() => {
    const onOffer = (event: Event) => {
      // The browser's own mini-infobar waits: the dashboard offers it at its moment.
      event.preventDefault();
      setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setClosed(true);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (closed || !offer || visits < INSTALL_OFFER_VISIT) return null;

  const dismiss = () => {
    storage('localStorage')?.setItem(DISMISSED_KEY, '1');
    setClosed(true);
  };
  const install = async () => {
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    // The browser's event is good for one prompt; a refusal there counts as "not now".
    if (outcome === 'dismissed') dismiss();
    else setClosed(true);
  };

  return (
    <section
      aria-label={T.title}
      className="mb-6 flex flex-col gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-slate-900">{T.title}</p>
        <p className="mt-0.5 text-sm text-slate-700">{T.body}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={() => void install()}>
          {T.install}
        </Button>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          {T.dismiss}
        </Button>
      </div>
    </section>
  );
}
