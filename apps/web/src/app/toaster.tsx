// The toaster itself, a chunk of its own (lib/toast.ts loads it): react-hot-toast's <Toaster> with the spec's
// placement and durations, and the on-screen limit.
import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';
import { TOAST } from '@keyturn/domain/constants';

export function AppToaster() {
  return (
    <>
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
    </>
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
