// Issue 47 (decision 094): while the device has no network, the dashboard says it is showing the copies its
// service worker kept, and when the newest was saved; the banner goes away when the network is back.
import { useEffect, useState, useSyncExternalStore } from 'react';
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

/**
 * Whether the dashboard's worker last answered this page from its saved copies (it says so per API read: see
 * dashboard-sw.js `tell`).
 */
let servedSaved = false;
const savedListeners = new Set<() => void>();

export function noteWorkerMessage(data: unknown): void {
  const type = (data as { type?: unknown } | null)?.type;
  const next = type === 'keyturn-saved-copy' ? true : type === 'keyturn-network' ? false : servedSaved;
  if (next === servedSaved) return;
  servedSaved = next;
  savedListeners.forEach((listener) => listener());
  if (servedSaved) probeUntilAnswered();
  else stopProbing();
}

/** How often a page shown saved copies asks whether the network answers again. */
export const NETWORK_PROBE_MS = 5_000;
/** A small public read the worker never answers from a copy: an answer means the network is back. */
const PROBE_URL = '/api/public/launch';
let probeTimer: ReturnType<typeof setTimeout> | null = null;

function stopProbing(): void {
  if (probeTimer !== null) clearTimeout(probeTimer);
  probeTimer = null;
}

/**
 * While the page is shown saved copies although the device reads online (so no 'online' event will come), the
 * network is asked every NETWORK_PROBE_MS; its first answer ends the saved state and is announced as the
 * 'online' event the device did not send, so what waits for the network (the offline queue, the page's reads)
 * goes on as it would.
 */
function probeUntilAnswered(): void {
  if (probeTimer !== null) return;
  const probe = () => {
    fetch(PROBE_URL, { cache: 'no-store', headers: { accept: 'application/json' } }).then(
      () => {
        probeTimer = null;
        if (!servedSaved) return;
        noteWorkerMessage({ type: 'keyturn-network' });
        window.dispatchEvent(new Event('online'));
      },
      () => {
        if (probeTimer !== null) probeTimer = setTimeout(probe, NETWORK_PROBE_MS);
      },
    );
  };
  probeTimer = setTimeout(probe, NETWORK_PROBE_MS);
}

let listening = false;

/**
 * The worker's messages, listened to from the banner's first subscription on: it mounts with the dashboard's
 * layout, in the same commit as the page whose reads the worker answers.
 */
function listenToWorker(): void {
  if (listening || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', (event) => noteWorkerMessage(event.data));
  // Messages wait for a listener until the page says it has one.
  navigator.serviceWorker.startMessages();
}

function useServedSaved(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listenToWorker();
      savedListeners.add(listener);
      return () => savedListeners.delete(listener);
    },
    () => servedSaved,
    () => false,
  );
}

export function OfflineBanner({ savedAt = lastSavedAt }: { savedAt?: () => Promise<Date | null> }) {
  // Offline: the device says so, or the worker is answering from what it saved (the network answered nothing).
  const deviceOnline = useOnline();
  const fromSaved = useServedSaved();
  const online = deviceOnline && !fromSaved;
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
