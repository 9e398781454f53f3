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

/** The backups' messages: the operator reads them in a terminal or the worker's log. */
export const BACKUP_MESSAGES = {
  toolMissing: (tool: string, major: number, found: string) =>
    `${tool} ${major} or newer is needed for this PostgreSQL ${major} server, and ${found}. Install the PostgreSQL ${major} client tools (the postgresql-client-${major} package from apt.postgresql.org) and run the command again.`,
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
