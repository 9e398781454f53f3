import { useEffect } from 'react';
import { SHELL_MESSAGES } from '@keyturn/domain/shellMessages';

/** The router's error screen (spec §8): a page failed to load or threw while rendering. */
export function ErrorScreen({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;

  // Reported to analytics (only with consent), with the page it happened on (spec §8). Analytics is not on
  // the first load (decision 036); a failed load of it (the network may be why this screen shows) is ignored.
  useEffect(() => {
    import('@/lib/analytics')
      .then(({ trackError }) => trackError(detail ?? SHELL_MESSAGES.unexpectedError, 'CRASH'))
      .catch(() => undefined);
  }, [detail, error]);

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <title>Error · Keyturn</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-bold text-slate-900">{SHELL_MESSAGES.unexpectedError}</h1>
        <p className="mt-3 text-sm text-slate-600">Something went wrong while showing this page.</p>
        {detail ? <p className="mt-2 text-sm break-words text-slate-500">{detail}</p> : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-blue-600 px-4 text-sm font-semibold text-white hover:bg-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
          >
            Reload page
          </button>
          {/* A full page load: the router itself may be what failed. */}
          <a
            href="/"
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
          >
            Go to the home page
          </a>
        </div>
      </div>
    </main>
  );
}
