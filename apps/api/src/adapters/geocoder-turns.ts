// Nominatim's usage policy allows at most one request a second (issue 30). The turns are handed out by one
// statement on the `geocoder_turns` row of the geocoder, so every server and worker process on the database
// shares them, on the database's clock (no skew between machines): each caller reserves the next free instant
// and sleeps until it. A caller that would wait longer than `maxWaitMs` takes no turn (the queue is too long).
//
// Turns are `intervalMs + MARGIN_MS` apart, and a turn is used only if this process is sure to send within
// the margin of it: the reserved instant is known on this process's clock up to the statement's round trip,
// and the timer may fire late. A caller that cannot be sure (a slow round trip, a late timer on a loaded
// machine) lets its turn pass and queues again, so two requests never leave less than `intervalMs` apart.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const MARGIN_MS = 200;
/** How late (round trip + timer) a turn may be used; the rest of the margin covers the request's own start. */
const LATE_ALLOWED_MS = 150;
const ATTEMPTS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function reserve(db: Db, geocoder: string, spacingMs: number, maxWaitMs: number) {
  const { rows } = await db.execute<{ wait_ms: string | number }>(sql`
    with clock as (select clock_timestamp() as t)
    insert into geocoder_turns as turns (geocoder, next_at)
    values (${geocoder}, (select t from clock) + ${spacingMs} * interval '1 millisecond')
    on conflict (geocoder) do update
      set next_at = greatest(turns.next_at, (select t from clock)) + ${spacingMs} * interval '1 millisecond'
      where turns.next_at <= (select t from clock) + ${maxWaitMs} * interval '1 millisecond'
    returning extract(epoch from (next_at - (select t from clock))) * 1000 - ${spacingMs} as wait_ms`);
  return rows[0] ? Math.max(0, Number(rows[0].wait_ms)) : null;
}

/** Waits for a turn at `geocoder`; false when the wait would exceed `maxWaitMs` (nothing reserved then). */
export async function takeGeocoderTurn(
  db: Db,
  geocoder: string,
  intervalMs: number,
  maxWaitMs: number,
): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = performance.now();
    const wait = await reserve(db, geocoder, intervalMs + MARGIN_MS, maxWaitMs);
    const after = performance.now();
    if (wait === null) return false;
    // The reserved instant on this clock lies in [before + wait, after + wait]: never send before the latest.
    const planned = after + wait;
    await sleep(planned - performance.now());
    const late = performance.now() - planned + (after - before);
    if (late <= LATE_ALLOWED_MS) return true;
  }
  return false;
}
