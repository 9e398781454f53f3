// Everything the screens expect around them: the server-state cache and the toaster (spec §2.1, §7, §9).
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';
import { TOAST } from '@keyturn/domain/constants';
import { createQueryClient } from '@/lib/query-client';

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster
        position="top-right"
        toastOptions={{
          duration: TOAST.defaultMs,
          success: { duration: TOAST.successMs },
          error: { duration: TOAST.errorMs },
          className: 'text-sm',
        }}
      />
      <ToastLimit limit={TOAST.limit} />
    </QueryClientProvider>
  );
}

/**
 * Keeps at most `limit` toasts on screen by dismissing the oldest. (react-hot-toast 2.6 also caps its store
 * at 20 entries internally, not configurable; this makes the spec's figure ours.)
 */
export function ToastLimit({ limit }: { limit: number }) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // The store lists the newest first.
    for (const stale of toasts.filter((t) => t.visible).slice(limit)) toast.dismiss(stale.id);
  }, [toasts, limit]);
  return null;
}
