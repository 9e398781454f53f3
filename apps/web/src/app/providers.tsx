// Everything the screens expect around them: the server-state cache and the toaster (spec §2.1, §7, §9). The
// buyer pages hold their language themselves (lib/locale.tsx).
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { whenIdle } from '@/lib/when-idle';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { loadToastLibrary, subscribeToastRequests, toastRequested } from '@/lib/toast';

// The toaster's code is not on the first load (decision 030): it mounts at the first toast, or once the page
// is idle so that later toasts show at once.
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}

function LazyToaster() {
  const requested = useSyncExternalStore(subscribeToastRequests, toastRequested, toastRequested);
  useEffect(() => {
    if (requested) return;
    return whenIdle(() => void loadToastLibrary());
  }, [requested]);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
