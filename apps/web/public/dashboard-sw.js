// Keyturn's dashboard service worker (issue 47, decision 093). Registered by the dashboard only, with the scope
// /dashboard; the server answers this file with Service-Worker-Allowed: /dashboard, so no wider scope can be
// registered: the booking pages, manage links and every other public page are outside it and never touched.
// It has no fetch handler, so it caches and serves nothing: every page and API answer comes from the network as
// before. It shows the pushes the server sends (modules/web-push) and opens the booking a notification is about;
// Approve and Decline open that booking, where the agent decides — nothing is approved from here.
/* global self -- the service worker's global scope */
'use strict';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
