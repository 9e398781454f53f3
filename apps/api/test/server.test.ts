// The real process, as `npm start` runs it: embedded PostgreSQL in a fresh DATA_DIR, demo data seeded once,
// a second server on the same folder refused, a clean stop on SIGTERM; a folder an earlier Keyturn's PostgreSQL 17
// made is refused with what to do, and left as it was (decision 065).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_MESSAGES } from '@keyturn/domain/operations';
import { DEMO_AGENT } from '../src/demo/seed';
import { embeddedMajor, freePort } from '../src/db/embedded';
import { OFFLINE_MAPS_ENV } from './support/offline-maps';
import { entryFile } from './support/processes';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-server-test-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(port: number, dir = dataDir): Running {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    ...OFFLINE_MAPS_ENV,
  };
  delete env.DATABASE_URL;
  delete env.INIT_CWD;
  const child = spawn(process.execPath, [entryFile('server')], { cwd: apiDir, env });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(r: Running, text: string, ms = 180_000): Promise<void> {
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
    // Free ports, not fixed ones: another run of this suite may be on the same machine.
    const [firstPort, secondPort, againPort] = [await freePort(), await freePort(), await freePort()];
    const first = startServer(firstPort);
    await waitFor(first, 'Keyturn is running');
    expect(first.output()).toContain('Demo data created');
    expect(first.output()).toContain(`${DEMO_AGENT.email} / ${DEMO_AGENT.password}`);
    expect(first.output()).toMatch(
      new RegExp(`booking page\\s+http://localhost:${firstPort}/bookme/[0-9a-f-]{36}/dana-whitfield`),
    );
    expect((await signIn(firstPort, DEMO_AGENT.email, DEMO_AGENT.password)).status).toBe(200);

    const second = startServer(secondPort);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already using the data directory');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'keyturn.pid'))).toBe(false);

    const again = startServer(againPort);
    await waitFor(again, 'Keyturn is running');
    expect(again.output()).not.toContain('Demo data created');
    const res = await signIn(againPort, DEMO_AGENT.email, DEMO_AGENT.password);
    expect(res.status).toBe(200);
    const token = ((await res.json()) as { token: string }).token;
    const profile = await fetch(`http://127.0.0.1:${againPort}/api/agents/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await profile.json()) as { data: { username: string } }).data.username).toBe(
      DEMO_AGENT.username,
    );
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 420_000);
});

/** Every file under `dir` with its size and modification time: what "left as it was" compares. */
async function snapshot(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const out: string[] = [];
  for (const name of entries.sort()) {
    const s = await stat(path.join(dir, name));
    out.push(`${name} ${s.size} ${s.mtimeMs} ${s.mode}`);
  }
  return out;
}

describe('npm start on a data folder of another PostgreSQL major', () => {
  it('says what the folder holds and what to do, exits 1 without a stack trace, and touches nothing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-pg17-data-'));
    try {
      // What an earlier Keyturn (embedded PostgreSQL 17) left: a cluster and the files next to it.
      await mkdir(path.join(dir, 'postgres', 'base', '1'), { recursive: true });
      await writeFile(path.join(dir, 'postgres', 'PG_VERSION'), '17\n');
      await writeFile(path.join(dir, 'postgres', 'base', '1', '1259'), 'old pages');
      await writeFile(path.join(dir, '.postgres-password'), 'old-password');
      const before = await snapshot(dir);
      expect(embeddedMajor()).toBe(15);

      const server = startServer(await freePort(), dir);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(EMBEDDED_MESSAGES.otherMajor(dir, 17, embeddedMajor()));
      expect(server.output()).not.toContain('Keyturn failed to start');
      expect(server.output()).not.toMatch(/^\s+at /m);
      expect(await snapshot(dir)).toEqual(before);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
