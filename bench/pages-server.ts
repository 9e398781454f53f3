// The real API server the public pages' LCP and first-tap figures load (bench/pages.ts): started on a given web
// build with a fresh embedded database and the demo agent, and stopped.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { OFFLINE_MAPS_ENV } from '../apps/api/test/support/offline-maps';

/** The real API server on the given build, a fresh embedded database with the demo agent. */
export async function startServer(
  repoRoot: string,
  distDir: string,
  port: number,
  dataDir: string,
): Promise<{ server: ChildProcess; agentId: string }> {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: path.join(repoRoot, 'apps/api'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: distDir,
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      // No public maps service is called from a measurement (issue 30: they are the defaults).
      ...OFFLINE_MAPS_ENV,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const agentId = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\/bookme\/([0-9a-f-]{36})/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  // Ready when it answers.
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.stdout?.removeAllListeners('data');
  server.stderr?.removeAllListeners('data');
  server.stdout?.resume();
  server.stderr?.resume();
  return { server, agentId };
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}
