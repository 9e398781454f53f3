// Through a transaction pooler (issue 40): PgBouncer in transaction mode hands each transaction to any server
// connection, so nothing may rely on session state. This scan of the API's source and migrations fails when a
// session-level advisory lock, a SET without LOCAL (or set_config(..., false)), LISTEN/UNLISTEN, a SQL-level
// PREPARE, a cursor WITH HOLD or a temporary table that outlives its transaction is added. The pooler run
// (vitest.pooler.config.ts) proves the rest — the start-up lock, the booking race, the job queue — live.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Settings a SET could change for the rest of the session (LOCAL, or set_config's third argument true, is fine). */
const SETTING =
  /[a-z_]+\.[a-z_]+|statement_timeout|lock_timeout|idle_in_transaction_session_timeout|search_path|time\s*zone|timezone|role|session_authorization|application_name|work_mem|client_encoding|datestyle|intervalstyle|transaction_isolation|default_transaction_[a-z_]+|constraints|session\s+characteristics/
    .source;

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'session-level advisory lock', pattern: /\bpg_(try_)?advisory_(lock|unlock)(_shared|_all)?\s*\(/i },
  {
    name: 'SET without LOCAL',
    pattern: new RegExp(
      `\\b(re)?set\\s+(session\\s+)?(${SETTING})\\b(\\s*=|\\s+to\\b|\\s+'|\\s*;|\\s*$)`,
      'im',
    ),
  },
  { name: 'set_config for the session', pattern: /\bset_config\s*\([^)]*,\s*false\s*\)/i },
  { name: 'LISTEN/UNLISTEN', pattern: /(^|[`'";]\s*)(un)?listen\s+[a-z_"*]/im },
  { name: 'SQL PREPARE', pattern: /(^|[`'";]\s*)prepare\s+[a-z_]+\s*(\(|as\b)/im },
  { name: 'cursor WITH HOLD', pattern: /\bcursor\s+with\s+hold\b/i },
  {
    name: 'temporary table',
    pattern: /\bcreate\s+(global\s+|local\s+)?temp(orary)?\s+table\b(?![^;]*on\s+commit\s+drop)/i,
  },
];

/** The rules a text breaks. */
function sessionStateIn(text: string): string[] {
  return RULES.filter((r) => r.pattern.test(text)).map((r) => r.name);
}

function filesUnder(dir: string, extensions: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && extensions.some((x) => e.name.endsWith(x)))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the scan for session state', () => {
  it('finds each kind of session state', () => {
    const found = [
      "await client.query('select pg_advisory_lock($1)', [KEY])",
      'select pg_try_advisory_lock(7)',
      'sql`SET statement_timeout = 5000`',
      "'set search_path to app, public'",
      "'SET TIME ZONE 'UTC''",
      "'SET SESSION lock_timeout TO 100'",
      "'reset role;'",
      "sql`select set_config('statement_timeout', '1s', false)`",
      "'LISTEN booking_changes'",
      "await client.query('unlisten *')",
      "'PREPARE one_agent (uuid) AS select 1'",
      'declare c cursor with hold for select 1',
      'create temp table scratch (id int)',
    ].map((text) => [text, sessionStateIn(text)] as const);
    expect(found.filter(([, rules]) => rules.length === 0).map(([text]) => text)).toEqual([]);
  });

  it('leaves transaction-level and ordinary statements alone', () => {
    for (const text of [
      'select pg_advisory_xact_lock(7)',
      'select pg_try_advisory_xact_lock($1) as locked',
      "sql`select set_config('lock_timeout', ${ms}, true)`",
      'SET LOCAL statement_timeout = 5000',
      'update agents set plan = $1 where id = $2',
      'update bookings\n set status = $1',
      "insert into server_settings (key) values ('x') on conflict (key) do update set value = excluded.value",
      'create temp table scratch (id int) on commit drop',
      'app.listen({ port })',
      'db.select().from(agents).prepare("public_agent_by_id")',
    ]) {
      expect([text, sessionStateIn(text)]).toEqual([text, []]);
    }
  });
});

describe('the API keeps no session state', () => {
  it('no file of apps/api/src or its migrations uses session state', () => {
    const files = [
      ...filesUnder(path.join(apiDir, 'src'), ['.ts']).filter((f) => !f.endsWith('.test.ts')),
      ...filesUnder(path.join(apiDir, 'drizzle'), ['.sql']),
    ];
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => {
      const rules = sessionStateIn(readFileSync(file, 'utf8'));
      return rules.map((rule) => `${path.relative(apiDir, file)}: ${rule}`);
    });
    expect(offenders).toEqual([]);
  });
});
