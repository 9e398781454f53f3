// The app's toasts (spec §2.1: top-right; §9 durations and limit) without react-hot-toast on the first load
// (decision 030): a call loads the library (its own chunk, ~5 KB gzip with goober) and shows the toast through
// it; the <Toaster> (app/toaster.tsx) mounts once the page is idle or at the first toast, and shows whatever is
// in the library's store. Every screen calls these, never react-hot-toast directly.
import type { ToastOptions } from 'react-hot-toast';

type Library = typeof import('react-hot-toast');

let library: Promise<Library> | null = null;
const listeners = new Set<() => void>();

/** The library, loaded once; the first call also tells the toaster to mount. */
export function loadToastLibrary(): Promise<Library> {
  if (!library) {
    library = import('react-hot-toast');
    for (const listener of listeners) listener();
  }
  return library;
}

/** Whether a toast has been asked for (or the toaster preloaded), for useSyncExternalStore. */
export function toastRequested(): boolean {
  return library !== null;
}

export function subscribeToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  void loadToastLibrary().then(({ toast: hot }) => hot[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};
