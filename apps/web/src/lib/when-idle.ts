// Work no first screen needs, started once the browser is idle: after the page's hydration (React yields to the
// browser between its slices, so an idle period comes only when it is done), within two seconds at the latest.
// Browsers without requestIdleCallback (Safari) run it after `fallbackMs` (the next task by default).

/** Runs `run` when the browser is next idle; returns the cancel. */
export function whenIdle(run: () => void, fallbackMs = 1): () => void {
  const idle =
    window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, fallbackMs));
  const cancel = window.cancelIdleCallback ?? window.clearTimeout;
  const handle = idle(run, { timeout: 2_000 });
  return () => cancel(handle);
}
