// Issue 47 (decision 093): the dashboard as an installable app. Only the dashboard's own (lazily loaded) code
// imports this file, so a buyer's page carries none of it: no manifest link, no service worker, no install
// prompt. The dashboard adds the manifest and Apple's home-screen tags to the page's head when it opens, and
// registers its service worker with the scope /dashboard (public/dashboard-sw.js: pushes only, no caching;
// the server allows it no wider scope).

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
