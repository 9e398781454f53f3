// What `react` means in this app (vite.config.ts aliases `react` here for the build, the dev server and the
// tests, decision 031): preact/compat, plus React 19's `use` for reading a context — react-leaflet 5 reads its
// map with `use(LeafletContext)`, which preact/compat 10 does not export. Only the context form is provided:
// `use` of a promise (Suspense data loading) is refused plainly rather than half-working.
import { useContext } from 'preact/compat';
import type { Context } from 'preact';

// @ts-expect-error preact/compat's type declarations use `export =`; the module itself is ESM with named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

export function use<T>(usable: Context<T>): T {
  if (typeof usable !== 'function' || !('Provider' in usable)) {
    throw new Error('use() reads a context here; preact/compat has no use() of a promise.');
  }
  return useContext(usable);
}
