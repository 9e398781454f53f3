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
