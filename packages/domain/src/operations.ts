// What the server tells its operator (issue 40): /metrics' refusals and the backups' defaults and outcomes.
// Operators read these (a terminal, a scraper's error log), never agents, so they may name a setting.

export const OPERATIONS_MESSAGES = {
  metricsTokenRequired: 'The metrics need the bearer token this server was started with (METRICS_TOKEN).',
  metricsLoopbackOnly:
    'The metrics answer this machine only while no token is set: start the server with METRICS_TOKEN to read them from elsewhere.',
} as const;

/** Backups the daily job keeps when Server settings says nothing else. */
export const DEFAULT_BACKUPS_KEPT = 7;
/** The most backups the setting may keep (a typo of 7000 must not fill a disk). */
export const MAX_BACKUPS_KEPT = 365;

/**
 * The newest PostgreSQL major whose client tools (pg_dump, pg_restore) Debian's own archive ships (Debian 12:
 * `postgresql-client` is postgresql-client-15). The embedded database is this major (decision 065).
 */
export const DEBIAN_CLIENT_MAJOR = 15;

/** The backups' messages: the operator reads them in a terminal, the worker's log or Server settings' Check. */
export const BACKUP_MESSAGES = {
  toolMissing: (tool: string, major: number, found: string) =>
    `${tool} ${major} or newer is needed for this PostgreSQL ${major} server, and ${found}. ` +
    (major <= DEBIAN_CLIENT_MAJOR
      ? `Install PostgreSQL's client tools (on Debian or Ubuntu: apt-get install postgresql-client) and run the command again.`
      : `Install the PostgreSQL ${major} client tools (the postgresql-client-${major} package from apt.postgresql.org) and run the command again.`),
  /** The daily backup's job ended the day without a backup (the worker's log, once a day). */
  dailySkipped: (day: string, reason: string) => `The daily backup of ${day} was not written: ${reason}`,
  noneFound: 'none was found',
  written: (folder: string) =>
    `Backup written to ${folder}: the database (database.dump) and the key of the stored secrets (secrets.key). Keep the folder somewhere safe, away from this machine.`,
  notABackup: (source: string) =>
    `${source} is not a Keyturn backup: name the folder that holds database.dump, secrets.key and backup.json.`,
  databaseNotEmpty:
    'The database to restore into already holds tables. Restore into a new, empty database (or an empty data folder); nothing was changed.',
  dataFolderNotEmpty: (dir: string) =>
    `The data folder ${dir} is not empty. Restore into a new, empty data folder (DATA_DIR); nothing was changed.`,
  keyDiffers:
    "This server's key for stored secrets (CALENDAR_TOKEN_KEY, or the data folder's calendar-token.key) is not the backup's: use the key in the backup's secrets.key, or the stored secrets (calendar connections, Server settings passwords) cannot be read. Nothing was changed.",
  restored: (target: string) => `Backup restored into ${target}. Start the server as usual.`,
  dailyOff: 'Daily backups are off (Server settings keeps 0).',
} as const;

/** What the server says when it will not open its data folder's embedded database (a terminal, at start). */
export const EMBEDDED_MESSAGES = {
  otherMajor: (dataDir: string, found: number, ours: number) =>
    `The data folder ${dataDir} holds a PostgreSQL ${found} database (an earlier Keyturn's built-in one); this Keyturn's built-in database is PostgreSQL ${ours} and cannot open it, so it stopped without changing anything. ` +
    `To start with a new, empty database, move the folder aside (mv ${dataDir} ${dataDir}-pg${found}) or set DATA_DIR to another folder. ` +
    `The old data stays readable with PostgreSQL ${found}'s own tools: start a PostgreSQL ${found} server on ${dataDir}/postgres and take a pg_dump of it.`,
} as const;
