import { defineConfig } from 'vitest/config';
import type { ViteUserConfig } from 'vitest/config';
import type { UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { compression } from 'vite-plugin-compression2';
import { firstPaintPreload } from './first-paint-preload';
import { compileCatalogues } from './compile-catalogues';
import path from 'node:path';

// `@/x` → `src/x`, the same alias as tsconfig.json's paths.
const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);
// The signed-in area's pages (router.tsx imports them lazily). The entry does not list what they import for
// preloading: public pages carry no dashboard file names; a dashboard page's own imports load with it.
const DASHBOARD_PAGE_CHUNK =
  /(^|\/)(dashboard-layout|overview-page|properties-page|bookings-page|reports-page|feedback-list-page|settings-page|subscription-page|profile-setup-page|user-profile-page|import-listings-page|server-settings-page|my-day-page|team-view-page)-[\w-]+\.js$/;
// The embedded booking page's bridge (decision 057) and the instructions-only screen (decision 052): loaded only
// by the booking page, whose files they import are already there — no preload list for them in its chunk.
const LOADED_BY_ITS_IMPORTER = /(^|\/)(embed-bridge|instructions-screen)-[\w-]+\.js$/;
// The bundle visualiser's output: next to the build, never inside dist/ (the server serves dist/ to users).
const statsDir = decodeURIComponent(new URL('./build-stats', import.meta.url).pathname);

// wouter (the router, decision 097) reads the address through the use-sync-external-store shim, written for
// React before 18; React 19 has the hook itself.
const syncExternalStore = path.join(srcDir, 'lib/sync-external-store.ts');

// `vite build --ssr src/entry-server.tsx` (the web build's second step, decision 034): the server's renderer of
// the public pages' first screens (react-dom/server), as Node modules in dist-server/ with every library bundled
// in — one React for the app and the libraries (lazy pages stay in their own files).
// React and react-dom/server pick their build by NODE_ENV when they load; `npm run build` (NODE_ENV production,
// which Vite sets before reading this file) fixes the server bundle to their production files, whatever
// NODE_ENV the API server runs with. A build under another NODE_ENV (the API's tests: 'test') compiles JSX for
// development and keeps React's own choice, so the two match.
const ssrDefine =
  process.env.NODE_ENV === 'production' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {};

const ssrBuild = {
  outDir: 'dist-server',
  emptyOutDir: true,
  copyPublicDir: false,
} satisfies UserConfig['build'];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [compileCatalogues(), react()] : clientPlugins(),
  resolve: {
    alias: [
      { find: '@', replacement: srcDir },
      { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: syncExternalStore },
    ],
  },
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: ssrDefine } : {}),
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: isSsrBuild ? ssrBuild : clientBuild,
  test: testConfig,
}));

function clientPlugins() {
  return [
    // JSX for every file, and React Fast Refresh in `npm run dev`: an edit of a component re-renders it in place,
    // keeping the screen's state (decision 036).
    react(),
    // The domain's message catalogues, compiled as they are imported (issue 43, decision 096).
    compileCatalogues(),
    tailwindcss(),
    // index.html asks for the landing, pricing, waiting-list and booking pages' chunks at once (decision 030).
    firstPaintPreload(decodeURIComponent(new URL('.', import.meta.url).pathname).replace(/\/$/, '')),
    // `npm run build` → build-stats/stats.html (treemap: what each chunk holds, gzip sizes) and
    // build-stats/stats.json (the same as data, which `npm run bench` reads to name what each public route loads).
    visualizer({ filename: `${statsDir}/stats.html`, template: 'treemap', gzipSize: true }),
    visualizer({ filename: `${statsDir}/stats.json`, template: 'raw-data', gzipSize: true }),
    // Brotli and gzip copies of every text asset (x.js.br, x.js.gz next to x.js): the server sends the one the
    // browser accepts (@fastify/static preCompressed) instead of the raw file — ~3× fewer bytes on the wire.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt)$/ }),
  ];
}

// The manifest lets `npm run bench` follow each page's chunks (gzipped JS per public route).
const clientBuild = {
  outDir: 'dist',
  emptyOutDir: true,
  manifest: true,
  modulePreload: {
    // No modulepreload polyfill in the entry (~0.4 KB gzip on every page, decision 036): every browser the
    // build targets but Safari 16.4–16.6 follows <link rel="modulepreload"> itself; there the files still load,
    // only without the head start.
    polyfill: false,
    resolveDependencies: (filename, deps) =>
      DASHBOARD_PAGE_CHUNK.test(filename) || LOADED_BY_ITS_IMPORTER.test(filename) ? [] : deps,
  },
  // One chunk for the libraries every page runs (React, React DOM and its scheduler, the router, TanStack Query):
  // fewer, larger files than rolldown's automatic split, measurably smaller on every public route (npm run bench),
  // and one copy of each. The toaster is not one of them: lib/toast.ts loads it when a toast is shown or the page
  // is idle (decision 030); nor are TanStack's parallel and infinite queries, which only dashboard pages use (they
  // follow their pages into the lazy chunks: every public route 2.x KB gzip lighter, issue 48).
  rolldownOptions: {
    output: {
      codeSplitting: {
        groups: [
          {
            name: 'framework',
            test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@tanstack[\\/](react-query|query-core))[\\/](?!.*[\\/](useQueries|queriesObserver|useInfiniteQuery|infiniteQueryObserver)\.js$)/,
          },
          // Small modules the booking page's first screen and other public pages share, one file each until now:
          // a file per group instead (only the modules named, not what they import) — fewer requests and
          // fewer bytes on every public route (issue 48; npm run bench, decisions 077 and 078 have the figures).
          {
            name: 'public-parts',
            includeDependenciesRecursively: false,
            test: /src[\\/](components[\\/](centered-page|ui[\\/]safe-image)|features[\\/]booking[\\/]components[\\/](brand-button|message-screen))\.tsx$/,
          },
          {
            name: 'domain-common',
            includeDependenciesRecursively: false,
            test: /packages[\\/]domain[\\/]src[\\/](enums|messages)\.ts$/,
          },
          {
            name: 'domain-words',
            includeDependenciesRecursively: false,
            test: /packages[\\/]domain[\\/]src[\\/](plural|listing[\\/]whoDecides|links)\.ts$/,
          },
        ],
      },
    },
  },
} satisfies UserConfig['build'];

/**
 * Component test files that the VM pool cannot run (issue 42, decision 079): the three that replace
 * window.location to catch a navigation away (a VM context's location cannot be redefined), the two that mock the
 * lazily loaded pin map differently, the reports page,
 * whose charts library loads a package that is ES modules inside a CommonJS one, and the booking page's lazy
 * steps, which count the first evaluation of each step's module — in a worker that stays, another file may have
 * evaluated them first (it failed when it ran after one that books through the page).
 */
const FORKED_TESTS = [
  'src/features/booking/pages/booking-lazy-steps.test.tsx',
  'src/features/auth/components/sso-sign-in.test.tsx',
  'src/features/auth/pages/social-sign-in.test.tsx',
  'src/features/settings/pages/settings-calendars.test.tsx',
  'src/features/reports/pages/reports-page.test.tsx',
  // Each stands the lazily loaded pin map in with its own mock (vi.mock of one module, at different places): in a
  // worker that stays, the other file's lazily imported stand-in could answer (issue 43's run found it).
  'src/features/routes/components/office-setting.test.tsx',
  'src/features/properties/components/property-pin-field.test.tsx',
];

const testConfig: ViteUserConfig['test'] = {
  environment: 'jsdom',
  setupFiles: ['./vitest.setup.ts'],
  css: false,
  restoreMocks: true,
  unstubGlobals: true,
  unstubEnvs: true,
  // Whole-page flows in jsdom take seconds on a loaded 2-core machine; the default 5 s made them flaky.
  testTimeout: 20_000,
  // Each file still gets its own modules and jsdom, but in a VM context of a worker that stays (vmForks), not in a
  // new process: a process per file was 150 of the suite's 260 s on two cores.
  projects: [
    {
      extends: true,
      test: {
        name: 'components',
        include: ['src/**/*.test.{ts,tsx}'],
        exclude: FORKED_TESTS,
        pool: 'vmForks',
      },
    },
    { extends: true, test: { name: 'forked', include: FORKED_TESTS, pool: 'forks' } },
  ],
};
