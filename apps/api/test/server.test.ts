// The real process, as `npm start` runs it: embedded PostgreSQL in a fresh DATA_DIR, demo data seeded once,
// a second server on the same folder refused, a clean stop on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT } from '../src/demo/seed';
import { OFFLINE_MAPS_ENV } from './support/offline-maps';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-server-test-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(port: number): Running {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    ...OFFLINE_MAPS_ENV,
  };
  delete env.DATABASE_URL;
  delete env.INIT_CWD;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: apiDir, env });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(r: Running, text: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!r.output().includes(text)) {
    if (Date.now() > until || r.child.exitCode !== null)
      throw new Error(`server did not print "${text}":\n${r.output()}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

async function signIn(port: number, email: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password }),
  });
}

describe('npm start on an empty DATA_DIR', () => {
  it('seeds the demo agent once, refuses a second server on the folder, and a restart does not duplicate it', async () => {
    const first = startServer(5391);
    await waitFor(first, 'Keyturn is running');
    expect(first.output()).toContain('Demo data created');
    expect(first.output()).toContain(`${DEMO_AGENT.email} / ${DEMO_AGENT.password}`);
    expect(first.output()).toMatch(
      /booking page\s+http:\/\/localhost:5391\/bookme\/[0-9a-f-]{36}\/dana-whitfield/,
    );
    expect((await signIn(5391, DEMO_AGENT.email, DEMO_AGENT.password)).status).toBe(200);

    const second = startServer(5392);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already using the data directory');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'keyturn.pid'))).toBe(false);

    const again = startServer(5393);
    await waitFor(again, 'Keyturn is running');
    expect(again.output()).not.toContain('Demo data created');
    const res = await signIn(5393, DEMO_AGENT.email, DEMO_AGENT.password);
    expect(res.status).toBe(200);
    const token = ((await res.json()) as { token: string }).token;
    const profile = await fetch('http://127.0.0.1:5393/api/agents/profile', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await profile.json()) as { data: { username: string } }).data.username).toBe(
      DEMO_AGENT.username,
    );
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});
