// Keyturn's dashboard service worker (issue 47, decisions 093 and 094). Registered by the dashboard only, with
// the scope /dashboard; the server answers this file with Service-Worker-Allowed: /dashboard, so no wider scope
// can be registered: the booking pages, manage links and every other public page are outside it and never touched.
// Offline (decision 094): navigations under /dashboard, the hashed assets those pages load and an allow-list of
// the dashboard's own API GETs (My day, bookings and their details, the session/profile/plan reads) are fetched
// network first (3 s), and the last good answer is kept for when the network fails. API answers live in a cache
// named for the signed-in agent (the page announces the id; another account's cache is deleted then), each
// stamped with a hash of the request's credentials, and are served only to a request with the same credentials.
// Nothing else is cached: no public page, no /api/booking/*, no write of any kind. Sign-out deletes every cache.
// Pushes (modules/web-push): shown as sent; a tap opens the booking. Approve/Decline open that booking with
// ?action=, and the dashboard gives that answer once in the agent's session (Decline asks its reason first). A subscription the push service replaced is subscribed again with the same key and handed to
// the open dashboard, which sends it to POST /api/push/subscriptions.
/* global self, caches -- the service worker's global scope */
'use strict';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

const SHELL_CACHE = 'keyturn-shell-v1';
const API_CACHE_PREFIX = 'keyturn-api-';
const NETWORK_TIMEOUT_MS = 3000;
/** Header stamped on a cached API answer: the SHA-256 of the Authorization (or cookie) it was fetched with. */
const OWNER_HEADER = 'x-keyturn-offline-owner';
/** The dashboard's own API reads kept for offline use (decision 094); anything else is never cached. */
const API_READS = [
  /^\/api\/auth\/get-session$/,
  /^\/api\/auth\/profile$/,
  /^\/api\/agents\/(profile|dashboard|buyer-texts|held-times)$/,
  /^\/api\/routes\/(day|settings)$/,
  /^\/api\/bookings(\/[^/]+)?$/,
  /^\/api\/bookings\/[^/]+\/(conversation|access-releases|thread)$/,
  /^\/api\/payments\/subscription$/,
  /^\/api\/(team|server-administrator|push\/config|properties|booking-links)$/,
];

/** The agent the API cache belongs to: announced by the page, else the one API cache on this device. */
let agentId = null;

async function currentAgent() {
  if (agentId) return agentId;
  const names = (await caches.keys()).filter((n) => n.startsWith(API_CACHE_PREFIX));
  return names.length === 1 ? names[0].slice(API_CACHE_PREFIX.length) : null;
}

async function forgetOtherAgents(keep) {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((n) => n.startsWith(API_CACHE_PREFIX) && n !== API_CACHE_PREFIX + keep)
      .map((n) => caches.delete(n)),
  );
}

async function forgetEverything() {
  agentId = null;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith('keyturn-')).map((n) => caches.delete(n)));
}

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'keyturn-agent' && typeof data.id === 'string' && /^[\w-]{1,100}$/.test(data.id)) {
    agentId = data.id;
    // The cache is made now, so a worker started again later (its memory gone) still knows whose it is.
    event.waitUntil(forgetOtherAgents(data.id).then(() => caches.open(API_CACHE_PREFIX + data.id)));
  } else if (data.type === 'keyturn-sign-out') {
    event.waitUntil(
      forgetEverything().then(() => event.source && event.source.postMessage({ type: 'keyturn-cleared' })),
    );
  }
});

async function ownerOf(request) {
  const credential = request.headers.get('authorization') || request.headers.get('cookie') || '';
  if (!credential) return '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(credential));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The network's answer; after NETWORK_TIMEOUT_MS a rejection instead, but only when a saved copy is there to fall
 * back on (`saved`) — with none, a slow server is waited for as the page would without a worker.
 */
function networkWithin(request, saved) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      saved().then(
        (copy) => {
          if (copy) reject(new Error('network timeout'));
        },
        () => undefined,
      );
    }, NETWORK_TIMEOUT_MS);
    fetch(request).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Tells the page that asked (`clientId`) whether its answer came from the network or from the saved copy: the
 * dashboard shows its offline banner while it is shown saved copies, whatever navigator.onLine says (it can read
 * "online" on a network that answers nothing, and an emulated offline network leaves it so in some browsers).
 */
function tell(clientId, message) {
  if (!clientId) return;
  self.clients.get(clientId).then(
    (client) => client && client.postMessage(message),
    () => undefined,
  );
}

async function apiRead(request, clientId) {
  const agent = await currentAgent();
  const owner = await ownerOf(request);
  // This account's copy of this answer, if one was kept (caches.match opens no cache: nothing is made here).
  const saved = async () => {
    if (!agent || !owner) return null;
    const copy = await caches.match(request, { cacheName: API_CACHE_PREFIX + agent });
    return copy && copy.headers.get(OWNER_HEADER) === owner ? copy : null;
  };
  try {
    const response = await networkWithin(request.clone(), saved);
    if (agent && owner && response.status === 200 && agent === (await currentAgent())) {
      const body = await response.clone().arrayBuffer();
      const headers = new Headers(response.headers);
      headers.set(OWNER_HEADER, owner);
      headers.set('x-keyturn-saved-at', new Date().toISOString());
      const cache = await caches.open(API_CACHE_PREFIX + agent);
      await cache.put(request, new Response(body, { status: 200, statusText: 'OK', headers }));
    }
    tell(clientId, { type: 'keyturn-network' });
    return response;
  } catch (error) {
    const copy = await saved();
    if (copy) {
      tell(clientId, { type: 'keyturn-saved-copy', savedAt: copy.headers.get('x-keyturn-saved-at') });
      return copy;
    }
    throw error;
  }
}

/**
 * Network first for the dashboard's own files: `key` is what the copy is kept under. Kept only while an account is
 * signed in here — after sign-out nothing is written again (the page stays controlled on its way to /), and the
 * cache is opened only to write (opening makes it).
 */
async function shellFile(request, key) {
  const saved = () => caches.match(key, { cacheName: SHELL_CACHE });
  try {
    const response = await networkWithin(request, saved);
    if (response.status === 200 && (await currentAgent())) {
      await (await caches.open(SHELL_CACHE)).put(key, response.clone());
    }
    return response;
  } catch (error) {
    const copy = await saved();
    if (copy) return copy;
    throw error;
  }
}

// Every dashboard address answers the same app, so one copy serves them all.
const dashboardPage = (request) => shellFile(request, '/dashboard');
const asset = (request) => shellFile(request, request);

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (/^\/dashboard(\/|$)/.test(url.pathname)) event.respondWith(dashboardPage(request));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    if (API_READS.some((re) => re.test(url.pathname))) event.respondWith(apiRead(request, event.clientId));
    return;
  }
  // The build's hashed files (JS, CSS, fonts) that the dashboard's pages load.
  if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});

self.addEventListener('pushsubscriptionchange', (event) => {
  const old = event.oldSubscription;
  const key = old && old.options ? old.options.applicationServerKey : null;
  event.waitUntil(
    (async () => {
      const fresh =
        event.newSubscription ||
        (key
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: key,
            })
          : null);
      if (!fresh) return;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const w of windows) w.postMessage({ type: 'keyturn-push-renewed', subscription: fresh.toJSON() });
    })(),
  );
});

/** A dashboard address on this origin, else the dashboard itself. */
function dashboardUrl(raw) {
  try {
    const url = new URL(raw || '/dashboard', self.location.origin);
    if (url.origin === self.location.origin && /^\/dashboard(\/|$|\?)/.test(url.pathname + url.search)) {
      return url.href;
    }
  } catch {
    // fall through
  }
  return new URL('/dashboard', self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const actions = Array.isArray(payload.actions) ? payload.actions : [];
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Keyturn', {
      body: payload.body || '',
      tag: payload.tag,
      // Shown again for the same tag (an update of the same event): the phone tells the agent once more.
      renotify: Boolean(payload.tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url, actions },
      actions: actions.map((a) => ({ action: a.action, title: a.title })),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const chosen = (data.actions || []).find((a) => a.action === event.action);
  const target = dashboardUrl((chosen && chosen.url) || data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const dashboard = windows.find((w) => new URL(w.url).pathname.startsWith('/dashboard'));
      if (dashboard) {
        try {
          // Only a window this worker controls can be navigated; any other gets a new window.
          const moved = await dashboard.navigate(target);
          if (moved) return moved.focus();
        } catch {
          // fall through
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
