// The daily backup (issue 40) on the job queue: on the embedded database only (a managed PostgreSQL is backed
// up by its provider; the README says what else to keep). An hourly tick puts the day's backup job on the
// backups queue — its id is the UTC day's, so several workers queue it once — and one worker writes the backup
// into BACKUP_DIR and keeps the newest N (Server settings, "Backups kept"; 0 switches the daily backup off).
import { BACKUP_MESSAGES, DEFAULT_BACKUPS_KEPT, MAX_BACKUPS_KEPT } from '@keyturn/domain/operations';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { BACKUPS_QUEUE, deterministicUuid, poolOf, type JobQueue } from '../../jobs/queue';
import type { JobHandler, JobTicker, WorkerJob, WorkerLog } from '../../jobs/workers';
import type { SettingsResolver } from '../core/settings-store';
import { BackupError, backupOfDay, pruneBackups, writeBackup } from './backup';

type BackupJobData = { day: string };

/** Backups to keep, as saved in Server settings (a value out of range reads as the default). */
export async function backupsKept(resolver: SettingsResolver): Promise<number> {
  const raw = await resolver.get('BACKUPS_KEPT');
  const n = raw === null ? DEFAULT_BACKUPS_KEPT : Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= MAX_BACKUPS_KEPT ? n : DEFAULT_BACKUPS_KEPT;
}

export function backupTicker(
  deps: { config: Config; db: Db; queue: JobQueue; resolver: SettingsResolver; now: () => Date },
  log: WorkerLog,
): JobTicker {
  return {
    everyMs: 60 * 60_000,
    run: async () => {
      try {
        if (deps.config.databaseUrl || (await backupsKept(deps.resolver)) === 0) return;
        const day = deps.now().toISOString().slice(0, 10);
        await deps.db.transaction((tx) =>
          deps.queue.send<BackupJobData>(tx, {
            id: deterministicUuid(`backup:${day}`),
            queue: BACKUPS_QUEUE,
            data: { day },
            startAfter: deps.now(),
          }),
        );
      } catch (err) {
        log.error(`[backups] the daily backup was not queued: ${(err as Error).message}`);
      }
    },
  };
}

export function backupJobHandler(
  deps: { config: Config; db: Db; resolver: SettingsResolver; now: () => Date },
  log: WorkerLog,
): JobHandler {
  return {
    queue: BACKUPS_QUEUE,
    concurrency: 1,
    run: async (job: WorkerJob<BackupJobData>) => {
      const keep = await backupsKept(deps.resolver);
      if (keep === 0) return { skipped: BACKUP_MESSAGES.dailyOff };
      // pg-boss archives a completed job after 12 hours, and then the hourly tick can queue the day's id again:
      // the day's folder is what says it was done.
      const done = await backupOfDay(deps.config.backupDir, job.data.day);
      if (done) return { skipped: `${done} was already written on ${job.data.day}` };
      const url = poolOf(deps.db).options.connectionString;
      if (!url) throw new Error('The database connection has no address to back up');
      try {
        const folder = await writeBackup({
          url,
          dataDir: deps.config.dataDir,
          tokenKey: deps.config.calendar.tokenKey,
          dir: deps.config.backupDir,
          now: deps.now(),
        });
        const removed = await pruneBackups(deps.config.backupDir, keep);
        log.info(`[backups] ${folder} written; ${removed.length} older backup(s) removed, ${keep} kept`);
        return { folder, removed: removed.length };
      } catch (err) {
        // What the machine lacks (a pg_dump that fits the server) is not mended by a retry: the day's job ends
        // with the reason, told once (the job runs once a day) as a warning the operator can act on, and
        // Server settings' Check says the same; tomorrow's tick tries again.
        if (err instanceof BackupError) {
          log.warn(`[backups] ${BACKUP_MESSAGES.dailySkipped(job.data.day, err.message)}`);
          return { skipped: err.message };
        }
        log.error(`[backups] the daily backup failed: ${(err as Error).message}`);
        throw err;
      }
    },
  };
}
