// Issue 47 (decision 093): the dashboard as an installable app. Only the dashboard's own (lazily loaded) code
// imports this file, so a buyer's page carries none of it: no manifest link, no service worker, no install
// prompt. The dashboard adds the manifest and Apple's home-screen tags to the page's head when it opens, and
// registers its service worker with the scope /dashboard (public/dashboard-sw.js; the server allows it no wider
// scope). Decision 094: the worker keeps the dashboard and the signed-in agent's own API reads for offline use;
// the page tells it whose they are (announceAgent) and sign-out deletes them all (clearOfflineData).

export const SERVICE_WORKER_URL = '/dashboard-sw.js';
export const SERVICE_WORKER_SCOPE = '/dashboard';
const MANIFEST_URL = '/manifest.webmanifest';

/** The tags a home screen reads: the manifest (Android, desktop) and Apple's own (iOS, iPadOS). */
const HEAD_TAGS: { tag: 'link' | 'meta'; attrs: Record<string, string> }[] = [
  { tag: 'link', attrs: { rel: 'manifest', href: MANIFEST_URL } },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png', sizes: '180x180' } },
  { tag: 'meta', attrs: { name: 'apple-mobile-web-app-capable', content: 'yes' } },
  { tag: 'meta', attrs: { name: 'mobile-web-app-capable', content: 'yes' } },
  { tag: 'meta', attrs: { name: 'apple-mobile-web-app-title', content: 'Keyturn' } },
  { tag: 'meta', attrs: { name: 'apple-mobile-web-app-status-bar-style', content: 'default' } },
];

/** Adds the home-screen tags once (a second call finds them). */
export function addHomeScreenTags(doc: Document = document): void {
  for (const { tag, attrs } of HEAD_TAGS) {
    const key = tag === 'link' ? `link[rel="${attrs.rel}"]` : `meta[name="${attrs.name}"]`;
    if (doc.head.querySelector(key)) continue;
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    doc.head.appendChild(element);
  }
}

/** The dashboard's service worker registration, registered once per page; null where browsers have none. */
let registering: Promise<ServiceWorkerRegistration | null> | null = null;

export function dashboardWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE })
    .catch(() => null);
  return registering;
}

/** For tests: forget the registration made. */
export function resetDashboardWorker(): void {
  registering = null;
}

/** The app runs from the home screen (standalone), not in a browser tab. */
export function runsInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone =
    typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** Where the worker keeps its copies (decision 094); every name starts with this. */
export const OFFLINE_CACHE_PREFIX = 'keyturn-';

/** Tells the worker whose API answers it may keep; another account's copies on this device are deleted. */
export async function announceAgent(agentId: string): Promise<void> {
  const registration = await dashboardWorker();
  if (!registration) return;
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  worker?.postMessage({ type: 'keyturn-agent', id: agentId });
  // A worker that takes over later (first visit) hears it too.
  navigator.serviceWorker.ready
    .then((ready) => ready.active?.postMessage({ type: 'keyturn-agent', id: agentId }))
    .catch(() => undefined);
}

/** Sign-out: every copy the worker kept on this device is deleted (by the page, and by the worker itself). */
export async function clearOfflineData(): Promise<void> {
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    const registration = await navigator.serviceWorker
      .getRegistration(SERVICE_WORKER_SCOPE)
      .catch(() => undefined);
    registration?.active?.postMessage({ type: 'keyturn-sign-out' });
  }
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(OFFLINE_CACHE_PREFIX)).map((n) => caches.delete(n)));
}

/** The time the worker saved an API answer (its x-keyturn-saved-at stamp), for the offline banner. */
export async function lastSavedAt(): Promise<Date | null> {
  if (typeof caches === 'undefined') return null;
  const names = (await caches.keys()).filter((n) => n.startsWith(`${OFFLINE_CACHE_PREFIX}api-`));
  let latest: Date | null = null;
  for (const name of names) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const stamp = (await cache.match(request))?.headers.get('x-keyturn-saved-at');
      const when = stamp ? new Date(stamp) : null;
      if (when && !Number.isNaN(when.getTime()) && (!latest || when > latest)) latest = when;
    }
  }
  return latest;
}
