// The server's and the worker's processes as two JavaScript files (decision 080): `dist/server.mjs` and
// `dist/worker.mjs`, bundled from src/ by esbuild with every npm package left to Node (only the workspace's own
// TypeScript, @keyturn/*, is bundled), so a process starts without compiling TypeScript on the fly. Through tsx
// a server cost 7.5–9.5 CPU-seconds to start on two cores, through the bundle 3.0–4.0. Source maps keep the
// stack traces pointing at src/ for whoever runs Node with --enable-source-maps (off by default: reading the map
// added 0.7–1.2 CPU-seconds to a start). `npm run serve` and `npm run worker` build first (about a second); so do the
// API's tests (test/global-setup.ts) and the browser tests' server command, so a bundle is never stale.
import { build } from 'esbuild';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bare imports stay imports (Node resolves them from node_modules at run time), except the workspace's own. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@keyturn/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds dist/server.mjs and dist/worker.mjs; each file is replaced whole (a process starting meanwhile reads the old or the new one). */
export async function buildServer() {
  const { outputFiles } = await build({
    absWorkingDir: apiDir,
    entryPoints: { server: 'src/server.ts', worker: 'src/worker.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [packagesStayExternal],
    write: false,
  });
  await mkdir(path.join(apiDir, 'dist'), { recursive: true });
  for (const file of outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
