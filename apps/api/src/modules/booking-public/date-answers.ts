// Public date answers kept for the minute they were computed in (issue 18, decision 035). A booking page's
// busiest call — the free slots of a date — is the same for every buyer until the agent's schedule changes or
// time moves on. A kept answer is served again only when
// - it was computed in the same minute (slot starts, notice and zone offsets are whole minutes, so "now" can
//   change an answer only at a minute's first millisecond; a call at exactly that millisecond computes afresh),
// - and the database still holds the agent's schedule version it was computed at (schedule_versions, moved by
//   triggers in the same transaction as any change the slots depend on) — one indexed lookup, so a booking,
//   a new override or a synced busy time shows at once on every server. The version is the AGENT's: a kept
//   answer names its agent too, so a property moved to another agent is never answered from the old agent's
//   schedule, even when the two versions happen to be equal (issue 29).
// Otherwise the answer is computed as before, from one statement that also reads the version.
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { readScheduleVersion, type ScheduleVersion, type SlotSubject } from '../availability/slot-inputs';

const MINUTE_MS = 60_000;

type Kept<A> = ScheduleVersion & { minute: number; answer: A };

export class DateAnswers<A extends object> {
  private readonly kept: LRUCache<string, Kept<A>>;

  /** `max`: dates kept (PUBLIC_DATE_ANSWERS_KEPT; an answer is a few hundred bytes to a few kilobytes). */
  constructor(max: number) {
    this.kept = new LRUCache({ max });
  }

  /**
   * The answer for `subject` on `date` as of `now`: the kept one when still true, else `compute`'s (kept when
   * it read the inputs at a known version). Errors of `compute` (404, date outside the window) are not kept.
   */
  async answer(
    db: Db,
    subject: SlotSubject,
    date: string,
    now: Date,
    compute: () => Promise<ScheduleVersion & { answer: A }>,
  ): Promise<A> {
    const at = now.getTime();
    // The first millisecond of a minute belongs to no kept answer (see above).
    const minute = at % MINUTE_MS === 0 ? null : Math.floor(at / MINUTE_MS);
    const key = `${JSON.stringify(subject)}|${date}`;
    const kept = minute === null ? undefined : this.kept.get(key);
    if (kept && kept.minute === minute) {
      const current = await readScheduleVersion(db, subject);
      if (current?.agentId === kept.agentId && current.version === kept.version) return kept.answer;
    }
    const { answer, agentId, version } = await compute();
    if (minute !== null) this.kept.set(key, { minute, agentId, version, answer });
    return answer;
  }
}
