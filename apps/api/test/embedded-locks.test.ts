// Issue 11: before the supervisor restarts a crashed embedded PostgreSQL, the lock file the dead postmaster
// left behind goes, so a pid reused by another program can never make the restart refuse to start.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStaleLocks } from '../src/db/embedded';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-locks-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const pidFile = () => path.join(dir, 'postmaster.pid');
const writePid = (pid: number) => writeFile(pidFile(), `${pid}\n${dir}\n1795000000\n5432\n`);

describe('clearStaleLocks (embedded PostgreSQL restart)', () => {
  it('removes postmaster.pid of a postmaster that is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    await writePid(gone);
    const log: string[] = [];
    await clearStaleLocks(dir, (m) => log.push(m));
    expect(existsSync(pidFile())).toBe(false);
    expect(log.join('\n')).toContain(`stale lock file of PostgreSQL pid ${gone}`);
  });

  it('removes it when its pid now belongs to another program (not PostgreSQL), which is left running', async () => {
    await writePid(process.pid);
    await clearStaleLocks(dir);
    expect(existsSync(pidFile())).toBe(false);
  });

  it('does nothing without a lock file', async () => {
    await expect(clearStaleLocks(dir)).resolves.toBeUndefined();
  });
});
