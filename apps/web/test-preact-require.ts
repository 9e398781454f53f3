// The aliases of vite.config.ts for CommonJS code the tests load through Node's `require` (Vite's aliases reach
// only what Vite transforms): use-sync-external-store's shim, which recharts imports, requires `react`. The build
// bundles it with the aliases applied; here the same names lead to preact/compat's ES modules — the very files
// the app's own imports load (Node's require of an ES module shares their instance), so one Preact runs.
import Module, { createRequire } from 'node:module';
import path from 'node:path';

const preactDir = path.dirname(createRequire(import.meta.url).resolve('preact/package.json'));
const ALIASES: Record<string, string> = {
  react: path.join(preactDir, 'compat/dist/compat.mjs'),
  'react-dom': path.join(preactDir, 'compat/dist/compat.mjs'),
  'react-dom/client': path.join(preactDir, 'compat/client.mjs'),
  'react/jsx-runtime': path.join(preactDir, 'jsx-runtime/dist/jsxRuntime.mjs'),
  'react/jsx-dev-runtime': path.join(preactDir, 'jsx-runtime/dist/jsxRuntime.mjs'),
  'react-dom/test-utils': path.join(preactDir, 'test-utils/dist/testUtils.mjs'),
};

type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleWithResolver = Module as unknown as { _resolveFilename: Resolve };
const resolve = moduleWithResolver._resolveFilename;
moduleWithResolver._resolveFilename = function (request: string, ...rest: unknown[]) {
  return resolve.call(this, ALIASES[request] ?? request, ...rest);
};
