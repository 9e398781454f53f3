import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { LOADING_PAGE_ES, SHELL_MESSAGES } from '@keyturn/domain/shellMessages';
import { SpinnerCircle } from '@/components/ui/spinner';

/**
 * What a lazily loaded page shows while its code arrives (spec §2.1), in Spanish on a buyer page the server wrote
 * in Spanish (issue 43).
 */
export function PageLoading() {
  const spanish = typeof document !== 'undefined' && document.documentElement.lang === 'es';
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-500"
    >
      <SpinnerCircle />
      <p className="text-sm">{spanish ? LOADING_PAGE_ES : SHELL_MESSAGES.loadingPage}</p>
    </div>
  );
}

/** Wraps a lazily loaded page in its own Suspense boundary. */
export function page(element: ReactNode) {
  return <Suspense fallback={<PageLoading />}>{element}</Suspense>;
}

/**
 * A page whose code loads on demand, like React.lazy — but once its code is there (`preload()` resolved, as
 * main.tsx does for the address it starts on, decision 030) it renders at once: no "Loading page..." fallback
 * replacing the first screen, and none of React's delay before revealing a suspended boundary.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function LazyPage(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(LazyPage, { preload });
}
