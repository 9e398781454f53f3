import { act, render, screen } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUERY, TOAST, queryRetryDelay, shouldRetryQuery } from '@keyturn/domain/constants';
import { ApiError } from '@/lib/api';
import { createQueryClient } from '@/lib/query-client';
import { ToastLimit } from './toaster';

afterEach(() => {
  act(() => toast.remove());
});

/** Lists the ids of the toasts still shown, newest first. */
function VisibleToasts() {
  const { toasts } = useToasterStore();
  return (
    <p data-testid="visible">
      {toasts
        .filter((t) => t.visible)
        .map((t) => t.id)
        .join(',')}
    </p>
  );
}

describe('ToastLimit', () => {
  it('dismisses the oldest toasts beyond the limit', async () => {
    render(
      <>
        <ToastLimit limit={3} />
        <VisibleToasts />
      </>,
    );
    act(() => {
      for (let i = 1; i <= 5; i += 1) toast(`Message ${i}`, { id: `m${i}` });
    });
    await vi.waitFor(() => expect(screen.getByTestId('visible')).toHaveTextContent(/^m5,m4,m3$/));
  });

  it('leaves toasts alone under the limit', async () => {
    render(
      <>
        <ToastLimit limit={TOAST.limit} />
        <VisibleToasts />
      </>,
    );
    act(() => {
      for (let i = 1; i <= 5; i += 1) toast(`Message ${i}`, { id: `m${i}` });
    });
    await vi.waitFor(() => expect(screen.getByTestId('visible')).toHaveTextContent(/^m5,m4,m3,m2,m1$/));
  });
});

describe('query client settings (spec §7, §9)', () => {
  it('uses the spec figures', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(5 * 60_000);
    expect(queries?.gcTime).toBe(10 * 60_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchOnReconnect).toBe(true);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(shouldRetryQuery);
    expect(queries?.retryDelay).toBe(queryRetryDelay);
    expect(mutations?.retryDelay).toBe(QUERY.mutationRetryDelayMs);
  });

  it('retries a failed mutation once, but not a refused (4xx) one', () => {
    const retry = createQueryClient().getDefaultOptions().mutations?.retry;
    if (typeof retry !== 'function') throw new Error('mutation retry should be a function');
    expect(retry(0, new ApiError(500, 'INTERNAL', 'Boom'))).toBe(true);
    expect(retry(1, new ApiError(500, 'INTERNAL', 'Boom'))).toBe(false);
    expect(retry(0, new ApiError(0, 'TIMEOUT', 'Slow'))).toBe(true);
    expect(retry(0, new ApiError(422, 'USER_ALREADY_EXISTS', 'Exists'))).toBe(false);
  });
});

describe('the toaster loads on demand (decision 030)', () => {
  it('is not on the first load: a toast loads it and shows top-right', async () => {
    vi.resetModules();
    const toasts = await import('@/lib/toast');
    const { AppProviders } = await import('./providers');
    // The page never idles here: only the toast itself may load the toaster.
    vi.stubGlobal('requestIdleCallback', () => 0);
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    expect(toasts.toastRequested()).toBe(false);
    act(() => toasts.toast.success('Saved with the lazy toaster'));
    const shown = await screen.findByText('Saved with the lazy toaster');
    expect(toasts.toastRequested()).toBe(true);
    // react-hot-toast's top-right placement: the toast's row is aligned to the right edge.
    expect(shown.closest('[style*="flex-end"]')).not.toBeNull();
  });
});
