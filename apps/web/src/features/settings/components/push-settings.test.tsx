// Issue 47 (decision 093): Settings → Notifications, "Push notifications on this device", with the browser's
// push APIs stood in for: turning on asks for permission, subscribes with the server's key and hands the
// subscription to the API; turning off unsubscribes and tells the API; each event's switch saves at once; a
// browser without push, or with notifications blocked, says so instead.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUSH_PREFERENCES, PUSH_TEXTS } from '@keyturn/domain/push';
import { resetDashboardWorker } from '@/lib/app-install';
import { turnOnPush } from '@/lib/push-device';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { PushSettings } from './push-settings';

const T = PUSH_TEXTS.settings;
// A P-256 public key as the server gives it (65 bytes, base64url).
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example.net/send/device-1';

type FakeSubscription = {
  endpoint: string;
  options?: { applicationServerKey: ArrayBuffer };
  toJSON: () => unknown;
  unsubscribe: ReturnType<typeof vi.fn>;
};

function fakeBrowser({
  permission = 'default' as NotificationPermission,
  subscribed = false,
  staleKey = false,
} = {}) {
  let current: FakeSubscription | null = null;
  const makeSubscription = (): FakeSubscription => ({
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  });
  if (subscribed)
    current = {
      ...makeSubscription(),
      // Made with a key that is not the server's (65 bytes of 0xff).
      ...(staleKey ? { options: { applicationServerKey: new Uint8Array(65).fill(255).buffer } } : {}),
    };
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => (current = makeSubscription())),
  };
  const registration = { pushManager };
  const register = vi.fn(async () => registration);
  vi.stubGlobal('PushManager', function PushManager() {});
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission, requestPermission }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register,
      getRegistration: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
    },
  });
  return { register, pushManager, requestPermission, current: () => current };
}

function render(devices = 0, preferences = DEFAULT_PUSH_PREFERENCES) {
  let saved = preferences;
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /push/config': () => json(200, { success: true, data: { public_key: PUBLIC_KEY } }),
    'GET /push/preferences': () => json(200, { success: true, data: { preferences: saved, devices } }),
    'POST /push/subscriptions': (call) => {
      devices += 1;
      return json(201, {
        success: true,
        data: { endpoint: (call.body as { endpoint: string }).endpoint, created_at: '' },
      });
    },
    'DELETE /push/subscriptions': () => {
      devices -= 1;
      return json(200, { success: true });
    },
    'PUT /push/preferences': (call) => {
      saved = call.body as typeof preferences;
      return json(200, { success: true, data: { preferences: saved, devices } });
    },
  });
  renderAt(<PushSettings />, { path: '/dashboard/settings' });
  return { api, user: userEvent.setup({ delay: null }) };
}

beforeEach(() => {
  resetDashboardWorker();
});
afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushSettings', () => {
  it('turns push on: permission, a subscription with the server’s key, handed to the API; then the events', async () => {
    const browser = fakeBrowser();
    const { api, user } = render();
    expect(await screen.findByRole('heading', { name: T.heading })).toBeInTheDocument();
    // Not subscribed yet, no device: no event switches.
    await user.click(await screen.findByRole('button', { name: T.turnOn }));
    expect(await screen.findByText(T.on)).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.register).toHaveBeenCalledWith('/dashboard-sw.js', { scope: '/dashboard' });
    const options = (browser.pushManager.subscribe.mock.calls[0] as unknown[])[0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(api.callsTo('POST', '/push/subscriptions')[0]?.body).toMatchObject({
      endpoint: ENDPOINT,
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    });
    expect(await screen.findByRole('switch', { name: T.events.new_request })).toBeChecked();
  });

  it('saves an event’s switch at once, for all the agent’s devices', async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    const { api, user } = render(1);
    const cancelled = await screen.findByRole('switch', { name: T.events.cancelled });
    expect(cancelled).toBeChecked();
    await user.click(cancelled);
    expect(await screen.findByText(T.saved)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/push/preferences')[0]?.body).toEqual({
      ...DEFAULT_PUSH_PREFERENCES,
      cancelled: false,
    });
    expect(screen.getByRole('switch', { name: T.events.cancelled })).not.toBeChecked();
  });

  it('turns push off on this device: unsubscribed here and forgotten by the server', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const { api, user } = render(1);
    const subscription = browser.current()!;
    await user.click(await screen.findByRole('button', { name: T.turnOff }));
    expect(await screen.findByRole('button', { name: T.turnOn })).toBeInTheDocument();
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(api.callsTo('DELETE', '/push/subscriptions')[0]?.body).toEqual({ endpoint: ENDPOINT });
  });

  it('makes the subscription again when the browser’s was made with another server key', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true, staleKey: true });
    const stale = browser.current()!;
    const api = stubApi({
      ...signedInSessionRoutes(),
      'GET /push/config': () => json(200, { success: true, data: { public_key: PUBLIC_KEY } }),
      'POST /push/subscriptions': () =>
        json(201, { success: true, data: { endpoint: ENDPOINT, created_at: '' } }),
    });
    expect(await turnOnPush()).toBe('on');
    expect(stale.unsubscribe).toHaveBeenCalledOnce();
    expect(browser.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(api.callsTo('POST', '/push/subscriptions')).toHaveLength(1);
  });

  it('says when notifications are blocked, and when the browser has no push', async () => {
    fakeBrowser({ permission: 'denied' });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(T.denied);
    expect(screen.queryByRole('button', { name: T.turnOn })).toBeNull();
  });

  it('says so in a browser without push (an iPhone before Add to Home Screen)', async () => {
    render();
    expect(await screen.findByText(T.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.turnOn })).toBeNull();
  });

  it('does not turn on when the agent refuses the browser’s permission', async () => {
    const browser = fakeBrowser();
    browser.requestPermission.mockResolvedValueOnce('denied');
    const { api, user } = render();
    await user.click(await screen.findByRole('button', { name: T.turnOn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.denied);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo('POST', '/push/subscriptions')).toHaveLength(0);
  });
});
