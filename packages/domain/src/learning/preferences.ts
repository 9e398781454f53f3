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
  /** Where the showing was (areaOf its property: the city, else the postcode); null for consultations. */
  area?: string | null;
};

/** An area the agent shows in on a weekday (0 = Sunday): "you show in Oak Park on Tuesdays". */
export type AreaDay = { weekday: number; area: string };

export const PERIODS = ['morning', 'midday', 'afternoon', 'evening'] as const;
export type Period = (typeof PERIODS)[number];

const PERIOD_LABELS: Record<Period, string> = {
  morning: 'mornings (before noon)',
  midday: 'middays (12–2 pm)',
  afternoon: 'afternoons (2–5 pm)',
  evening: 'evenings (after 5 pm)',
};
/** Weekdays as the plain-words summary names them (0 = Sunday). */
export const WEEKDAY_PLURALS = [
  'Sundays',
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
];

/** What the agent corrected by hand (Settings): it replaces what was learned. */
export type PreferenceOverrides = {
  periods: Period[] | null;
  maxPerDay: number | null;
  /** The areas per weekday the agent keeps (a subset of what was learned, or their own); null = learned. */
  areas?: AreaDay[] | null;
};

export type LearnedPreferences = {
  /** How many past showings the model was learned from. */
  events: number;
  /** Score per hour of the day (0–23) and per weekday (0 = Sunday): log-odds of keeping, centred. */
  hourScore: number[];
  weekdayScore: number[];
  /** At most this many showings a day (the 90th percentile of kept showings per day); null when unknown. */
  maxPerDay: number | null;
  /** The areas the agent's kept showings cluster in per weekday (learnAreaDays). */
  areaDays: AreaDay[];
  overrides: PreferenceOverrides;
};

/** Fewer past showings than this: nothing is learned yet (no ranking, no "suggested"). */
export const MIN_EVENTS = 12;
/** An area counts for a weekday from this many kept showings there on that weekday… */
export const AREA_MIN_SHOWINGS = 3;
/** …holding at least this share of the weekday's kept showings with a known area… */
export const AREA_MIN_SHARE = 0.5;
/** …and this many times its share over all days: an agent who shows in one town every day has no
 * weekday areas to learn (the town says nothing about the day). */
export const AREA_MIN_LIFT = 1.25;
/** Score added to a slot on a weekday the agent shows in the slot's area, and to one next to (within
 * ADJACENT_MINUTES of) a showing in the same area that day. */
export const AREA_DAY_WEIGHT = 3;
export const AREA_NEXT_WEIGHT = 2;
/** "Next to": the two 30-minute showings start at most this far apart (a gap of up to an hour). */
export const AREA_ADJACENT_MINUTES = 90;

/** The area of a property as the learner compares it: its city, or its postcode when it has no city. */
export function areaOf(property: { city?: string | null; zip_code?: string | null }): string | null {
  const city = property.city?.trim().replace(/\s+/g, ' ');
  if (city) return city;
  const zip = property.zip_code?.trim();
  return zip ? zip : null;
}

const areaKey = (area: string) => area.trim().toLowerCase().replace(/\s+/g, ' ');
export const sameArea = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && areaKey(a) === areaKey(b);

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
    areaDays: learnAreaDays(history),
    overrides,
  };
}

/**
 * The areas the agent's KEPT showings cluster in per weekday: an area counts for a weekday with at least
 * AREA_MIN_SHOWINGS kept showings there, AREA_MIN_SHARE of that weekday's placed kept showings and
 * AREA_MIN_LIFT times its share over the whole week. Named as most often written.
 */
export function learnAreaDays(history: readonly HistoryEvent[]): AreaDay[] {
  const perDay = Array.from(
    { length: 7 },
    () => new Map<string, { count: number; names: Map<string, number> }>(),
  );
  const placed = new Array<number>(7).fill(0);
  for (const e of history) {
    if (e.outcome !== 'kept' || !e.area) continue;
    const day = weekdayOf(e.date);
    placed[day] = (placed[day] ?? 0) + 1;
    const key = areaKey(e.area);
    const entry = perDay[day]!.get(key) ?? { count: 0, names: new Map<string, number>() };
    entry.count++;
    entry.names.set(e.area, (entry.names.get(e.area) ?? 0) + 1);
    perDay[day]!.set(key, entry);
  }
  const allPlaced = placed.reduce((a, b) => a + b, 0);
  const overall = new Map<string, number>();
  for (const areas of perDay) {
    for (const [key, a] of areas) overall.set(key, (overall.get(key) ?? 0) + a.count);
  }
  const out: AreaDay[] = [];
  perDay.forEach((areas, weekday) => {
    const total = placed[weekday] ?? 0;
    [...areas.entries()]
      .filter(([key, a]) => {
        const share = a.count / total;
        const weekShare = (overall.get(key) ?? 0) / allPlaced;
        return a.count >= AREA_MIN_SHOWINGS && share >= AREA_MIN_SHARE && share >= AREA_MIN_LIFT * weekShare;
      })
      .map(([, a]) => a)
      .sort((a, b) => b.count - a.count)
      .forEach((a) => {
        const name = [...a.names.entries()].sort((x, y) => y[1] - x[1])[0]![0];
        out.push({ weekday, area: name });
      });
  });
  return out;
}

/** The area days in force: the agent's correction, else what was learned. */
export function areaDaysOf(p: LearnedPreferences): AreaDay[] {
  return p.overrides.areas ?? p.areaDays;
}

/** Whether there is anything to rank by: enough history, or the agent's own correction. */
export function hasPreferences(p: LearnedPreferences): boolean {
  return p.events >= MIN_EVENTS || p.overrides.periods !== null || (p.overrides.areas?.length ?? 0) > 0;
}

/** Where the slot's showing would be and the agent's showings already booked (their date, wall time, area). */
export type SlotContext = {
  area?: string | null;
  showings?: readonly { date: string; time: string; area: string | null }[];
};

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** How much the agent would like a slot at this date and wall time (higher = better). */
export function slotScore(
  p: LearnedPreferences,
  date: string,
  time: string,
  context: SlotContext = {},
): number {
  const weekday = weekdayOf(date);
  const base = p.overrides.periods
    ? // The agent's own words replace the learned hours; weekdays still count as learned.
      (p.overrides.periods.includes(periodOf(time)) ? 10 : 0) + (p.weekdayScore[weekday] ?? 0)
    : (p.hourScore[Number(time.slice(0, 2))] ?? 0) + 0.5 * (p.weekdayScore[weekday] ?? 0);
  const area = context.area;
  // No area, or the agent switched areas off (an empty correction).
  if (!area || p.overrides.areas?.length === 0) return base;
  const onAreaDay = areaDaysOf(p).some((a) => a.weekday === weekday && sameArea(a.area, area));
  const nextToSameArea = (context.showings ?? []).some(
    (s) =>
      s.date === date &&
      sameArea(s.area, area) &&
      Math.abs(minutesOf(s.time) - minutesOf(time)) <= AREA_ADJACENT_MINUTES,
  );
  return base + (onAreaDay ? AREA_DAY_WEIGHT : 0) + (nextToSameArea ? AREA_NEXT_WEIGHT : 0);
}

/**
 * Orders slots best first (ties keep their time order). A day that already holds the agent's usual maximum of
 * showings goes last. Only orders: every slot given is still returned.
 */
export function rankSlots<T extends { date: string; time: string }>(
  p: LearnedPreferences,
  slots: readonly T[],
  bookedPerDate: ReadonlyMap<string, number> = new Map(),
  context: SlotContext = {},
): T[] {
  if (!hasPreferences(p)) return [...slots];
  return slots
    .map((slot, index) => ({
      slot,
      index,
      score: slotScore(p, slot.date, slot.time, context) - (dayIsFull(p, slot.date, bookedPerDate) ? 100 : 0),
    }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.slot);
}

/** The date already holds the agent's usual (or corrected) maximum of showings. */
export function dayIsFull(
  p: LearnedPreferences,
  date: string,
  bookedPerDate: ReadonlyMap<string, number>,
): boolean {
  const max = p.overrides.maxPerDay ?? p.maxPerDay;
  return max !== null && (bookedPerDate.get(date) ?? 0) >= max;
}

/** "you show in Oak Park on Tuesdays and Thursdays" — one line per area, weekdays in week order. */
export function describeAreaDays(areaDays: readonly AreaDay[]): string[] {
  const byArea = new Map<string, { name: string; days: number[] }>();
  for (const a of areaDays) {
    const entry = byArea.get(areaKey(a.area)) ?? { name: a.area, days: [] };
    entry.days.push(a.weekday);
    byArea.set(areaKey(a.area), entry);
  }
  return [...byArea.values()].map(({ name, days }) => {
    const names = [...new Set(days)].sort((a, b) => a - b).map((d) => WEEKDAY_PLURALS[d]!);
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}` : names[0]!;
    return `You show in ${name} on ${list}`;
  });
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
    .map((d) => WEEKDAY_PLURALS[d.day]!);
  if (days.length > 0 && !p.overrides.periods)
    lines.push(`Your busiest showing days are ${days.join(', ')}.`);
  const max = p.overrides.maxPerDay ?? p.maxPerDay;
  if (max !== null) {
    lines.push(
      `At most ${max} showing${max === 1 ? '' : 's'} a day${p.overrides.maxPerDay !== null ? ' (your setting)' : ''}.`,
    );
  }
  const areaSetting = p.overrides.areas ? ' (your setting)' : '';
  for (const line of describeAreaDays(areaDaysOf(p))) lines.push(`${line}${areaSetting}.`);
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
