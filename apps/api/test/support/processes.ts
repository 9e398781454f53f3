// Real server and worker processes for tests (as `npm start` / `npm run worker` run them), on free ports.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { OFFLINE_MAPS_ENV } from './offline-maps';

export { freePort } from '../../src/db/embedded';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Running = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once the output contains `text`; rejects if the process exits first or `ms` pass. */
  waitFor: (text: string | RegExp, ms?: number) => Promise<void>;
};

/** What `npm run serve` / `npm run worker` start: the bundle test/global-setup.ts builds (decision 080). */
export const entryFile = (entry: 'server' | 'worker'): string => path.join(apiDir, 'dist', `${entry}.mjs`);

export function spawnApi(entry: 'server' | 'worker', env: Record<string, string>): Running {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...OFFLINE_MAPS_ENV,
    ...env,
  };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  delete full.INIT_CWD;
  const child = spawn(process.execPath, [entryFile(entry)], { cwd: apiDir, env: full });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const found = (text: string | RegExp) => (typeof text === 'string' ? out.includes(text) : text.test(out));
  return {
    child,
    output: () => out,
    exited,
    // Generous: a server or worker importing its code and migrating on a busy two-core machine took over 60 s.
    waitFor: async (text, ms = 150_000) => {
      const until = Date.now() + ms;
      while (!found(text)) {
        if (Date.now() > until || child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`process did not print "${String(text)}":\n${out}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** Stops a process with SIGTERM and answers its exit code. */
export async function stop(r: Running): Promise<number | null> {
  if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGTERM');
  return r.exited;
}
