import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { MESSAGES } from '@keyturn/domain/messages';
import { SpinnerCircle } from '@/components/ui/spinner';

/** What a lazily loaded page shows while its code arrives (spec §2.1). */
export function PageLoading() {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-500"
    >
      <SpinnerCircle />
      <p className="text-sm">{MESSAGES.loadingPage}</p>
    </div>
  );
}

/** Wraps a lazily loaded page in its own Suspense boundary. */
export function page(element: ReactNode) {
  return <Suspense fallback={<PageLoading />}>{element}</Suspense>;
}
