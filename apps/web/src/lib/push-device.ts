// Issue 47 (decision 093): push notifications on this device — the browser's push subscription made with the
// server's VAPID key and handed to the API (POST /api/push/subscriptions), or ended (DELETE). Signing out ends
// it too, so the next account signed in on the same browser never gets the previous one's notifications.
import { api } from './api';
import { dashboardWorker, SERVICE_WORKER_SCOPE } from './app-install';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** base64url → the bytes PushManager.subscribe takes as applicationServerKey. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether a subscription's key is `key` (a browser that does not say is taken at its word). */
function sameKey(known: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!known) return true;
  const bytes = new Uint8Array(known);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await dashboardWorker();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** A short name for the device in the agent's settings ("Chrome on Android"). */
export function deviceLabel(userAgent: string = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

export type TurnOnResult = 'on' | 'denied' | 'unsupported';

/** Asks for permission, subscribes with the server's key and tells the server. */
export async function turnOnPush(): Promise<TurnOnResult> {
  if (pushSupport() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await dashboardWorker();
  if (!registration) return 'unsupported';
  await navigator.serviceWorker.ready;
  const { data } = await api.get<{ data: { public_key: string } }>('/push/config');
  const serverKey = keyBytes(data.public_key);
  let existing = await registration.pushManager.getSubscription();
  // Made with another key (a server restored without its key file): useless, so made again with this one.
  if (existing && !sameKey(existing.options?.applicationServerKey ?? null, serverKey)) {
    await existing.unsubscribe().catch(() => false);
    existing = null;
  }
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }));
  const json = subscription.toJSON();
  await api.post('/push/subscriptions', {
    endpoint: json.endpoint,
    keys: json.keys,
    label: deviceLabel(),
  });
  return 'on';
}

/** Ends this browser's subscription, here and on the server (the server may not know it: that is fine). */
export async function turnOffPush(): Promise<void> {
  if (pushSupport() === 'unsupported') return;
  // Signing out must not register the worker where the dashboard never did.
  const registration = await navigator.serviceWorker
    .getRegistration(SERVICE_WORKER_SCOPE)
    .catch(() => undefined);
  const subscription = registration ? await registration.pushManager.getSubscription() : null;
  if (!subscription) return;
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe().catch(() => false);
  await api.delete('/push/subscriptions', { endpoint }).catch(() => undefined);
}

/**
 * The push service replaced this browser's subscription (decision 094): the worker subscribed again with the
 * same key and hands the new one to the open dashboard, which sends it to the server under the session.
 * Returns the function that stops listening.
 */
export function listenForRenewedPush(): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; subscription?: PushSubscriptionJSON } | null;
    if (data?.type !== 'keyturn-push-renewed' || !data.subscription?.endpoint) return;
    void api
      .post('/push/subscriptions', {
        endpoint: data.subscription.endpoint,
        keys: data.subscription.keys,
        label: deviceLabel(),
      })
      .catch(() => undefined);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
