// Issue 47 (decision 093): the dashboard's "Install Keyturn" offer — never on the first visits, from the third
// one on once the browser says the app can be installed; "Not now" is remembered; the browser's own prompt is
// shown on Install. The browser's beforeinstallprompt event is stood in for.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_TEXTS } from '@keyturn/domain/push';
import { addHomeScreenTags } from '@/lib/app-install';
import {
  countDashboardVisit,
  DISMISSED_KEY,
  InstallPrompt,
  VISIT_COUNTED_KEY,
  VISITS_KEY,
} from './install-prompt';

const T = PUSH_TEXTS.install;

/** The browser's event, as Chrome sends it when the app can be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('countDashboardVisit', () => {
  it('counts a visit once per tab session', () => {
    expect(countDashboardVisit()).toBe(1);
    expect(countDashboardVisit()).toBe(1);
    sessionStorage.removeItem(VISIT_COUNTED_KEY);
    expect(countDashboardVisit()).toBe(2);
    expect(localStorage.getItem(VISITS_KEY)).toBe('2');
  });
});

describe('InstallPrompt', () => {
  it('offers nothing on the first two visits, even when the browser could install', () => {
    render(<InstallPrompt visits={2} />);
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.queryByRole('region', { name: T.title })).toBeNull();
  });

  it('offers nothing from the third visit until the browser says it can install', () => {
    render(<InstallPrompt visits={3} />);
    expect(screen.queryByRole('region', { name: T.title })).toBeNull();
  });

  it('from the third visit: Install shows the browser’s prompt, and the offer goes', async () => {
    const user = userEvent.setup({ delay: null });
    render(<InstallPrompt visits={3} />);
    const event = offerInstall('accepted');
    expect(screen.getByRole('region', { name: T.title })).toHaveTextContent(T.body);
    await user.click(screen.getByRole('button', { name: T.install }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: T.title })).toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBeNull();
  });

  it('remembers “Not now”: never offered again on this browser', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<InstallPrompt visits={4} />);
    offerInstall();
    await user.click(screen.getByRole('button', { name: T.dismiss }));
    expect(screen.queryByRole('region', { name: T.title })).toBeNull();
    expect(localStorage.getItem(DISMISSED_KEY)).toBe('1');
    unmount();
    render(<InstallPrompt visits={5} />);
    offerInstall();
    expect(screen.queryByRole('region', { name: T.title })).toBeNull();
  });

  it('counts a refusal in the browser’s own prompt as “Not now”', async () => {
    const user = userEvent.setup({ delay: null });
    render(<InstallPrompt visits={3} />);
    offerInstall('dismissed');
    await user.click(screen.getByRole('button', { name: T.install }));
    expect(localStorage.getItem(DISMISSED_KEY)).toBe('1');
  });
});

describe('addHomeScreenTags', () => {
  it('adds the manifest and Apple’s home-screen tags once', () => {
    addHomeScreenTags();
    addHomeScreenTags();
    expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/icons/apple-touch-icon.png',
    );
    expect(document.head.querySelector('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute(
      'content',
      'yes',
    );
    expect(document.head.querySelector('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute(
      'content',
      'Keyturn',
    );
  });
});
