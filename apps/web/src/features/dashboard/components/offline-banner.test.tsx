import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXTS } from '@keyturn/domain/offlineTexts';
import { OfflineBanner } from './offline-banner';

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

afterEach(() => setOnline(true));

describe('OfflineBanner', () => {
  it('shows nothing while online', () => {
    setOnline(true);
    render(<OfflineBanner savedAt={() => Promise.resolve(null)} />);
    expect(screen.queryByRole('status', { name: OFFLINE_TEXTS.bannerName })).toBeNull();
  });

  it('shows when the device goes offline, with the time of the saved copies, and goes on online', async () => {
    setOnline(true);
    const savedAt = vi.fn(() => Promise.resolve(new Date('2026-12-04T09:30:00Z')));
    render(<OfflineBanner savedAt={savedAt} />);
    setOnline(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    const banner = await screen.findByRole('status', { name: OFFLINE_TEXTS.bannerName });
    expect(banner.textContent).toMatch(
      /^You're offline — showing what was saved on this device at .+\(.+\)\.$/,
    );
    expect(savedAt).toHaveBeenCalled();
    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status', { name: OFFLINE_TEXTS.bannerName })).toBeNull();
  });

  it('shows at start when the page opens offline, without a time when nothing was saved', async () => {
    setOnline(false);
    render(<OfflineBanner savedAt={() => Promise.resolve(null)} />);
    expect((await screen.findByRole('status')).textContent).toBe(OFFLINE_TEXTS.banner(null));
  });
});
