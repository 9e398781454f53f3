import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXTS } from '@keyturn/domain/offlineTexts';
import { NETWORK_PROBE_MS, noteWorkerMessage, OfflineBanner } from './offline-banner';

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

afterEach(() => {
  setOnline(true);
  noteWorkerMessage({ type: 'keyturn-network' });
});

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
    // The banner shows at once; the saved copies' time comes in when savedAt answers.
    const banner = await screen.findByRole('status', { name: OFFLINE_TEXTS.bannerName });
    await waitFor(() =>
      expect(banner.textContent).toMatch(
        /^You're offline — showing what was saved on this device at .+\(.+\)\.$/,
      ),
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

  it('shows while the worker answers from its saved copies, though the device reads online; goes with a fresh answer', async () => {
    setOnline(true);
    render(<OfflineBanner savedAt={() => Promise.resolve(new Date('2026-12-04T09:30:00Z'))} />);
    expect(screen.queryByRole('status', { name: OFFLINE_TEXTS.bannerName })).toBeNull();
    act(() => noteWorkerMessage({ type: 'keyturn-saved-copy', savedAt: '2026-12-04T09:30:00.000Z' }));
    const banner = await screen.findByRole('status', { name: OFFLINE_TEXTS.bannerName });
    await waitFor(() => expect(banner).toHaveTextContent(/showing what was saved on this device at/));
    // Someone else's message changes nothing; the network's next answer ends it.
    act(() => noteWorkerMessage({ type: 'keyturn-cleared' }));
    expect(screen.getByRole('status', { name: OFFLINE_TEXTS.bannerName })).toBeInTheDocument();
    act(() => noteWorkerMessage({ type: 'keyturn-network' }));
    expect(screen.queryByRole('status', { name: OFFLINE_TEXTS.bannerName })).toBeNull();
  });

  it('shown saved copies with the device reading online, it asks the network again until it answers, then says online', async () => {
    vi.useFakeTimers();
    const online = vi.fn();
    window.addEventListener('online', online);
    let answers = false;
    const fetchMock = vi.fn(() =>
      answers ? Promise.resolve(new Response('{}')) : Promise.reject(new TypeError('offline')),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      render(<OfflineBanner savedAt={() => Promise.resolve(null)} />);
      act(() => noteWorkerMessage({ type: 'keyturn-saved-copy', savedAt: null }));
      await act(() => vi.advanceTimersByTimeAsync(NETWORK_PROBE_MS));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status', { name: OFFLINE_TEXTS.bannerName })).toBeInTheDocument();
      expect(online).not.toHaveBeenCalled();
      answers = true;
      await act(() => vi.advanceTimersByTimeAsync(NETWORK_PROBE_MS));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(online).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('status', { name: OFFLINE_TEXTS.bannerName })).toBeNull();
      // Online again: no more asking.
      await act(() => vi.advanceTimersByTimeAsync(3 * NETWORK_PROBE_MS));
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      window.removeEventListener('online', online);
      vi.useRealTimers();
    }
  });
});
