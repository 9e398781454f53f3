// Scheduling that learns (issue 17, decision 023): from an agent's own history — the showings they kept, the
// ones they declined or moved away, how many they keep a day — learn when they like to show homes, rank free
// slots by it (best first), and say what was learned in plain words. Pure. The agent's rules (hours, notice,
// buffers) decide WHICH slots exist; this only orders them, so a rule always wins over what was learned.

/** One past showing as the learner reads it: its agent-zone date and wall time, and how it ended. */
export type HistoryEvent = {
  date: string;
  /** 'HH:mm' */
  time: string;
  outcome: 'kept' | 'declined' | 'moved';
};

export const PERIODS = ['morning', 'midday', 'afternoon', 'evening'] as const;
export type Period = (typeof PERIODS)[number];

const PERIOD_LABELS: Record<Period, string> = {
  morning: 'mornings (before noon)',
  midday: 'middays (12–2 pm)',
  afternoon: 'afternoons (2–5 pm)',
  evening: 'evenings (after 5 pm)',
};
const WEEKDAY_NAMES = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

/** What the agent corrected by hand (Settings): it replaces what was learned. */
export type PreferenceOverrides = {
  periods: Period[] | null;
  maxPerDay: number | null;
};

export type LearnedPreferences = {
  /** How many past showings the model was learned from. */
  events: number;
  /** Score per hour of the day (0–23) and per weekday (0 = Sunday): log-odds of keeping, centred. */
  hourScore: number[];
  weekdayScore: number[];
  /** At most this many showings a day (the 90th percentile of kept showings per day); null when unknown. */
  maxPerDay: number | null;
  overrides: PreferenceOverrides;
};

/** Fewer past showings than this: nothing is learned yet (no ranking, no "suggested"). */
export const MIN_EVENTS = 12;

export function periodOf(time: string): Period {
  const hour = Number(time.slice(0, 2));
  if (hour < 12) return 'morning';
  if (hour < 14) return 'midday';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** Log-odds of keeping with add-one smoothing, weighted by how often the agent shows then at all. */
function scores(kept: number[], rejected: number[]): number[] {
  const totalKept = kept.reduce((a, b) => a + b, 0);
  const mean = totalKept / Math.max(1, kept.filter((k, i) => k + (rejected[i] ?? 0) > 0).length);
  return kept.map((k, i) => {
    const r = rejected[i] ?? 0;
    if (k + r === 0) return 0;
    return Math.log((k + 1) / (r + 1)) + 0.5 * Math.log((k + 1) / (mean + 1));
  });
}

/** Neighbouring hours share a little of each other's score: kept 3 pm showings speak for 2 and 4 pm too. */
function smooth(hourly: number[]): number[] {
  const weights = [1, 0.35, 0.1];
  return hourly.map((_, h) =>
    weights.reduce((sum, w, d) => sum + w * ((hourly[h - d] ?? 0) + (d > 0 ? (hourly[h + d] ?? 0) : 0)), 0),
  );
}

export function learnPreferences(
  history: readonly HistoryEvent[],
  overrides: PreferenceOverrides = { periods: null, maxPerDay: null },
): LearnedPreferences {
  const hourKept = new Array<number>(24).fill(0);
  const hourRejected = new Array<number>(24).fill(0);
  const dayKept = new Array<number>(7).fill(0);
  const dayRejected = new Array<number>(7).fill(0);
  const keptPerDate = new Map<string, number>();
  for (const e of history) {
    const hour = Number(e.time.slice(0, 2));
    const day = weekdayOf(e.date);
    if (e.outcome === 'kept') {
      hourKept[hour] = (hourKept[hour] ?? 0) + 1;
      dayKept[day] = (dayKept[day] ?? 0) + 1;
      keptPerDate.set(e.date, (keptPerDate.get(e.date) ?? 0) + 1);
    } else {
      // A declined or moved-away showing says "not then" (a decline a little louder).
      const weight = e.outcome === 'declined' ? 1.5 : 1;
      hourRejected[hour] = (hourRejected[hour] ?? 0) + weight;
      dayRejected[day] = (dayRejected[day] ?? 0) + weight;
    }
  }
  const perDay = [...keptPerDate.values()].sort((a, b) => a - b);
  const maxPerDay =
    perDay.length >= 5
      ? (perDay[Math.min(perDay.length - 1, Math.floor(perDay.length * 0.9))] ?? null)
      : null;
  return {
    events: history.length,
    hourScore: smooth(scores(hourKept, hourRejected)),
    weekdayScore: scores(dayKept, dayRejected),
    maxPerDay,
    overrides,
  };
}

/** Whether there is anything to rank by: enough history, or the agent's own correction. */
export function hasPreferences(p: LearnedPreferences): boolean {
  return p.events >= MIN_EVENTS || p.overrides.periods !== null;
}

/** How much the agent would like a slot at this date and wall time (higher = better). */
export function slotScore(p: LearnedPreferences, date: string, time: string): number {
  if (p.overrides.periods) {
    // The agent's own words replace the learned hours; weekdays still count as learned.
    return (p.overrides.periods.includes(periodOf(time)) ? 10 : 0) + (p.weekdayScore[weekdayOf(date)] ?? 0);
  }
  return (p.hourScore[Number(time.slice(0, 2))] ?? 0) + 0.5 * (p.weekdayScore[weekdayOf(date)] ?? 0);
}

/**
 * Orders slots best first (ties keep their time order). A day that already holds the agent's usual maximum of
 * showings goes last. Only orders: every slot given is still returned.
 */
export function rankSlots<T extends { date: string; time: string }>(
  p: LearnedPreferences,
  slots: readonly T[],
  bookedPerDate: ReadonlyMap<string, number> = new Map(),
): T[] {
  if (!hasPreferences(p)) return [...slots];
  const max = p.overrides.maxPerDay ?? p.maxPerDay;
  const full = (date: string) => max !== null && (bookedPerDate.get(date) ?? 0) >= max;
  return slots
    .map((slot, index) => ({
      slot,
      index,
      score: slotScore(p, slot.date, slot.time) - (full(slot.date) ? 100 : 0),
    }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.slot);
}

/** What was learned, in plain words, for Settings ("You prefer afternoons on weekdays; at most 4 a day"). */
export function describePreferences(p: LearnedPreferences): string[] {
  if (!hasPreferences(p)) {
    return [
      `Not enough history yet: Keyturn learns your preferences after ${MIN_EVENTS} showings (${p.events} so far).`,
    ];
  }
  const lines: string[] = [];
  const periods = p.overrides.periods ?? bestPeriods(p);
  if (periods.length > 0) {
    lines.push(
      `You prefer ${periods.map((x) => PERIOD_LABELS[x]).join(' and ')}${p.overrides.periods ? ' (your setting)' : ''}.`,
    );
  }
  const days = p.weekdayScore
    .map((score, day) => ({ score, day }))
    .filter((d) => d.score > 0.3)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((d) => WEEKDAY_NAMES[d.day]!);
  if (days.length > 0 && !p.overrides.periods)
    lines.push(`Your busiest showing days are ${days.join(', ')}.`);
  const max = p.overrides.maxPerDay ?? p.maxPerDay;
  if (max !== null) {
    lines.push(
      `At most ${max} showing${max === 1 ? '' : 's'} a day${p.overrides.maxPerDay !== null ? ' (your setting)' : ''}.`,
    );
  }
  return lines;
}

function bestPeriods(p: LearnedPreferences): Period[] {
  const byPeriod = new Map<Period, number[]>();
  p.hourScore.forEach((score, hour) => {
    if (score === 0) return;
    const period = periodOf(`${String(hour).padStart(2, '0')}:00`);
    byPeriod.set(period, [...(byPeriod.get(period) ?? []), score]);
  });
  const averaged = [...byPeriod.entries()].map(([period, s]) => ({
    period,
    score: s.reduce((a, b) => a + b, 0) / s.length,
  }));
  const best = Math.max(...averaged.map((a) => a.score));
  return PERIODS.filter((period) =>
    averaged.some((a) => a.period === period && a.score >= best - 0.3 && a.score > 0),
  );
}
