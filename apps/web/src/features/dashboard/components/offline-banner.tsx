// Issue 47 (decision 094): while the device has no network, the dashboard says it is showing the copies its
// service worker kept, and when the newest was saved; the banner goes away when the network is back.
import { useEffect, useState } from 'react';
import { OFFLINE_TEXTS } from '@keyturn/domain/offlineTexts';
import { lastSavedAt } from '@/lib/app-install';

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** "14:05 (Europe/London)": the browser's own clock and zone, labelled. */
function savedLabel(when: Date): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const time = when.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `${time} (${zone})`;
}

export function useOnline(): boolean {
  const [offline, setOffline] = useState(isOffline);
  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => setOffline(false);
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);
  return !offline;
}

export function OfflineBanner({ savedAt = lastSavedAt }: { savedAt?: () => Promise<Date | null> }) {
  const online = useOnline();
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (online) return;
    let live = true;
    savedAt()
      .then((when) => {
        if (live) setSaved(when ? savedLabel(when) : null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [online, savedAt]);
  if (online) return null;
  return (
    <section
      role="status"
      aria-label={OFFLINE_TEXTS.bannerName}
      className="mb-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      {OFFLINE_TEXTS.banner(saved)}
    </section>
  );
}
