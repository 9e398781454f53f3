// Busy time as the slot engine walks it (engine.ts, "Cost"): widened by the buffer once, its starts and ends
// in two sorted lists, and two cursors that candidates coming in time order move forward — so over a whole
// window each cursor crosses the busy list once instead of each candidate scanning it.
/** Time the agent is taken, epoch ms (UTC instants), end > start. */
export type BusyInterval = { start: number; end: number };

/** Widened busy intervals as two sorted lists, and two cursors into them (see overlapsBlocked). */
export type BlockedTime = { starts: Float64Array; ends: Float64Array; startsBefore: number; endsBy: number };

/** Busy time widened by the buffer and cut to what can meet [from, to): its starts and its ends, each sorted. */
export function blockedTime(
  busy: readonly BusyInterval[],
  buffer: number,
  from: number,
  to: number,
): BlockedTime {
  const starts = new Float64Array(busy.length);
  const ends = new Float64Array(busy.length);
  let count = 0;
  for (const b of busy) {
    const start = b.start - buffer;
    const end = b.end + buffer;
    if (isBusy(b) && end > start && end > from && start < to) {
      starts[count] = start;
      ends[count] = end;
      count++;
    }
  }
  return {
    starts: starts.subarray(0, count).sort(),
    ends: ends.subarray(0, count).sort(),
    startsBefore: 0,
    endsBy: 0,
  };
}

/**
 * Whether [start, end) meets a blocked interval. Every interval ending at or before `start` also starts
 * before `end`, so the intervals that meet it are exactly the surplus of "starts before end" over "ends by
 * start". Both counts are cursors moved from where the previous candidate left them: candidates come in
 * time order, so over a whole window each cursor crosses the busy list once.
 */
export function overlapsBlocked(blocked: BlockedTime, start: number, end: number): boolean {
  blocked.startsBefore = moveCursor(blocked.starts, blocked.startsBefore, end, false);
  blocked.endsBy = moveCursor(blocked.ends, blocked.endsBy, start, true);
  return blocked.startsBefore > blocked.endsBy;
}

/** How many of the sorted `values` are < limit (≤ limit when `inclusive`), searching from `cursor`. */
function moveCursor(values: Float64Array, cursor: number, limit: number, inclusive: boolean): number {
  let count = cursor;
  while (count < values.length && isBelow(values[count] ?? Infinity, limit, inclusive)) count++;
  while (count > 0 && !isBelow(values[count - 1] ?? -Infinity, limit, inclusive)) count--;
  return count;
}

function isBelow(value: number, limit: number, inclusive: boolean): boolean {
  return value < limit || (inclusive && value === limit);
}

function isBusy(b: BusyInterval): boolean {
  return b.end > b.start;
}
