// What React reports when it recovers from an error on its own (hydrateRoot's onRecoverableError, decision 036):
// above all a server-rendered first screen (decision 034) that the browser's first render does not match —
// React then throws the server's nodes away and renders the page again on the client. That is a bug of ours,
// never a state to live with: it is written to the console under one distinctive prefix, which the browser
// tests collect (e2e/tests/hydration.spec.ts) and fail on.

/** The start of every console error this reports. */
export const RECOVERABLE_ERROR_PREFIX = '[keyturn] recoverable React error';

export function reportRecoverableError(error: unknown, info: { componentStack?: string }): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${RECOVERABLE_ERROR_PREFIX}: ${message}`, info.componentStack ?? '');
}
