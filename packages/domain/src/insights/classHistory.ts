// A lead's class over time, stored (issue 13): the class the lead classifier (classify.ts) gives at every
// instant, written down as the instants where it changes. The server stores these rows when a lead's facts
// change (a booking made or moved, a status, an answer), so the Reports page, the CRM export and the webhooks
// read a class with one indexed lookup instead of running the classifier over every lead at read time.
//
// Over fixed facts the class as of an instant t (`leadClassAsOf`) can change only where what is known at t
// changes: a booking is made (its `created_at`), a showing with answers starts (`showing_at`), or a pending or
// confirmed showing starts (it stops being "ahead"). Between two such instants it is constant, and it is the
// class at the earlier one (the rules read "made by t", "started by t", "starts after t"). So the class at
// every instant is the class at the latest of these instants ≤ t — including the instants still in the
// future: a stored history stays right while time passes, until the facts change and it is written again.
import { leadClassesAsOf, leadClassNow, type DatedLeadFacts, type LeadClass } from './classify';

/**
 * The version of the classification rules (CLASSIFICATION_RULES and the signals they read). Bump it with any
 * change to what a class is: stored histories of another version are recomputed (the server's lead class
 * backfill at start and `npm run admin -- lead-classes`).
 */
export const LEAD_CLASS_RULES_VERSION = 1;

export interface LeadClassChange {
  /** The instant (ms) from which the lead has this class; null for "before any fact" (the first row). */
  from: number | null;
  class: LeadClass;
}

/** The class of a lead with no bookings and no answers yet (before its first fact). */
export const LEAD_CLASS_BEFORE_FACTS: LeadClass = leadClassNow({ bookings: [], feedback: [] }, new Date(0));

/** The instants where the class of a lead with these facts may change, ascending, without repeats. */
export function classChangeInstants(facts: DatedLeadFacts): number[] {
  const instants = new Set<number>();
  for (const b of facts.bookings) {
    instants.add(Date.parse(b.created_at));
    if (b.status === 'pending' || b.status === 'confirmed') instants.add(Date.parse(b.starts_at));
  }
  for (const f of facts.feedback) instants.add(Date.parse(f.showing_at));
  return [...instants].filter(Number.isFinite).sort((a, b) => a - b);
}

/**
 * The lead's class history: the class before any fact, then one row per instant where the class differs
 * from the row before. `leadClassAt(leadClassHistory(facts), t)` is `leadClassAsOf(facts, t)` for every t
 * (tested): the same classifier, computed once per change instead of once per read.
 */
export function leadClassHistory(facts: DatedLeadFacts): LeadClassChange[] {
  const instants = classChangeInstants(facts);
  const classes = leadClassesAsOf(facts, instants);
  const history: LeadClassChange[] = [{ from: null, class: LEAD_CLASS_BEFORE_FACTS }];
  instants.forEach((at, i) => {
    const c = classes[i]!;
    if (c !== history.at(-1)!.class) history.push({ from: at, class: c });
  });
  return history;
}

/**
 * The lead's current class over time: `leadClassNow` — every fact known, whatever its instant (the Feedback
 * page's class) — as a history. Over fixed facts it changes only when a pending or confirmed showing starts,
 * so `leadClassAt(currentClassHistory(facts), t)` is `leadClassNow(facts, t)` for every t (tested). This is
 * what "hot now" reads (the CRM export's leads, the lead.updated webhook); `leadClassHistory` is what
 * "hot as of an instant" reads (the Reports page, a feedback's "hot").
 */
export function currentClassHistory(facts: DatedLeadFacts): LeadClassChange[] {
  const starts = [
    ...new Set(
      facts.bookings
        .filter((b) => b.status === 'pending' || b.status === 'confirmed')
        .map((b) => Date.parse(b.starts_at))
        .filter(Number.isFinite),
    ),
  ].sort((a, b) => a - b);
  const classAt = (t: number) => leadClassNow(facts, new Date(t));
  const history: LeadClassChange[] = [{ from: null, class: classAt((starts[0] ?? 1) - 1) }];
  for (const at of starts) {
    const c = classAt(at);
    if (c !== history.at(-1)!.class) history.push({ from: at, class: c });
  }
  return history;
}

/** The class a history gives at instant `t` (ms): its latest row from t or before. */
export function leadClassAt(history: readonly LeadClassChange[], t: number): LeadClass {
  let current = LEAD_CLASS_BEFORE_FACTS;
  for (const row of history) {
    if (row.from === null || row.from <= t) current = row.class;
    else break;
  }
  return current;
}
