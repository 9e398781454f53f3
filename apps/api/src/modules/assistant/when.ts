// When the buyer wants to come (issue 17): the time of day or window, and the dates, read from a message
// relative to the agent's today. Pure; understand.ts calls it.
import * as chrono from 'chrono-node';

/** A wall-clock range ('HH:mm', `to` exclusive); `near` = the time the buyer said "around" (nearest first). */
export type TimeWindow = { from: string; to: string; near?: string };

export const WEEKDAY_SHORT: Record<string, number> = {
  sun: 0,
  mon: 1,
  tue: 2,
  tues: 2,
  wed: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  fri: 5,
  sat: 6,
};

export const PERIODS: Record<string, TimeWindow> = {
  morning: { from: '08:00', to: '12:00' },
  lunchtime: { from: '11:30', to: '14:00' },
  'first thing': { from: '08:00', to: '10:00' },
  'after work': { from: '17:00', to: '22:00' },
  afternoon: { from: '12:00', to: '17:00' },
  evening: { from: '17:00', to: '22:00' },
  tonight: { from: '17:00', to: '22:00' },
};

// ---- times ----

function hhmm(hour: number, minute = 0): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** 'after 5' → 17:00; a bare hour from 1 to 7 means the afternoon (showings are not at 5 am). */
function hourOf(value: string, meridiem: string | undefined): { hour: number; minute: number } | null {
  const [h, m] = value.split(':');
  let hour = Number(h);
  const minute = Number(m ?? 0);
  if (!Number.isInteger(hour) || hour > 23 || minute > 59) return null;
  if (meridiem?.startsWith('p') && hour < 12) hour += 12;
  else if (meridiem?.startsWith('a') && hour === 12) hour = 0;
  else if (!meridiem && hour >= 1 && hour <= 7) hour += 12;
  return { hour, minute };
}

export function windowOf(text: string): { window: TimeWindow | null; text: string } {
  let window: TimeWindow | null = null;
  let out = text;
  const time = String.raw`(\d{1,2}(?::\d{2})?)\s*(a\.?m\.?|p\.?m\.?)?`;
  // "around 2", "2ish", "about 3pm": an hour either side, the said time first.
  out = out.replace(/\b(around|about)\s+noon\b/, '$1 12pm');
  out = out.replace(
    new RegExp(
      String.raw`\b(?:(?:at\s+)?(?:around|about|round|approx(?:imately)?|roughly|circa|~)\s*${time}|${time}\s*-?ish)\b`,
    ),
    (whole, a?: string, am?: string, b?: string, bm?: string) => {
      const at = hourOf((a ?? b)!, am ?? bm);
      if (!at) return whole;
      const near = hhmm(at.hour, at.minute);
      window = {
        from: hhmm(Math.max(0, at.hour - 1), at.minute),
        to: hhmm(Math.min(24, at.hour + 1), at.minute),
        near,
      };
      return ' ';
    },
  );
  out = out.replace(
    new RegExp(String.raw`\b(?:between|from)\s+${time}\s*(?:and|to|-)\s*${time}`),
    (whole, a: string, am: string | undefined, b: string, bm: string | undefined) => {
      const from = hourOf(a, am ?? bm);
      const to = hourOf(b, bm);
      if (!from || !to) return whole;
      window = { from: hhmm(from.hour, from.minute), to: hhmm(to.hour, to.minute) };
      return ' ';
    },
  );
  out = out.replace(
    new RegExp(String.raw`\b(after|from|later than|past|not before)\s+${time}`),
    (whole, _w: string, a: string, am: string | undefined) => {
      const from = hourOf(a, am);
      if (!from) return whole;
      window = { from: hhmm(from.hour, from.minute), to: window?.to ?? '24:00' };
      return ' ';
    },
  );
  out = out.replace(
    new RegExp(String.raw`\b(before|by|earlier than|until|till|not after)\s+${time}`),
    (whole, _w: string, a: string, am: string | undefined) => {
      const to = hourOf(a, am);
      if (!to) return whole;
      window = { from: window?.from ?? '00:00', to: hhmm(to.hour, to.minute) };
      return ' ';
    },
  );
  out = out.replace(/\b(?:before|by)\s+(noon|lunch)\b/, () => {
    window = { from: '00:00', to: '12:00' };
    return ' ';
  });
  out = out.replace(/\bafter\s+(noon|lunch)\b/, () => {
    window = { from: '12:00', to: '24:00' };
    return ' ';
  });
  if (!window) {
    out = out
      .replace(/\b(?:at |over |on my |during )?lunch(?:\s*time|\s*break)?\b/, ' lunchtime ')
      .replace(/\bfirst thing(?: in the morning)?\b/, ' first thing ')
      .replace(/\b(?:after|once i'?m? (?:off|done with)|when i finish) work\b/, ' after work ');
    out = out.replace(
      /\b(this\s+)?(?:in the\s+)?(morning|lunchtime|afternoon|evening|tonight|first thing|after work)s?\b/,
      (_w, self: string | undefined, period: string) => {
        window = PERIODS[period] ?? null;
        // "tonight" and "this afternoon" are also a day: today.
        return period === 'tonight' || self ? ' today ' : ' ';
      },
    );
  }
  return { window, text: out };
}

// ---- dates ----

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekdayOfDate(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** chrono's hour as 'HH:mm'; a bare hour from 1 to 7 means the afternoon. */
function clockOf(hour: number, c: chrono.ParsedComponents): string {
  const h = !c.isCertain('meridiem') && hour >= 1 && hour <= 7 ? hour + 12 : hour;
  return hhmm(h, c.get('minute') ?? 0);
}

/** "end of the week": the Thursday, Friday and Saturday still ahead this week (next week's when none are). */
function endOfWeek(today: string): string[] {
  const weekday = weekdayOfDate(today);
  // On a Saturday the week is over: the coming week's end.
  const thursday = addDays(today, 4 - weekday + (weekday === 6 ? 7 : 0));
  const days = [0, 1, 2].map((i) => addDays(thursday, i)).filter((d) => d >= today);
  return days.length > 0 ? days : [0, 1, 2].map((i) => addDays(thursday, 7 + i));
}

export type DatesRead = {
  dates: string[] | null;
  time: string | null;
  /** The buyer named today's weekday ("Friday" on a Friday): today, or the same day next week if today is full. */
  weekdayIsToday: boolean;
};

/** Dates and an exact time; `spanish` adds chrono-node's Spanish parser for what the English one misses. */
export function datesOf(text: string, today: string, spanish: string | null = null): DatesRead {
  const reference = { instant: new Date(`${today}T12:00:00Z`), timezone: 0 };
  const dates: string[] = [];
  let weekdayIsToday = false;
  const rest = text.replace(/\b(?:the\s+)?end of (?:the|this)\s+week\b|\blater this week\b/, () => {
    dates.push(...endOfWeek(today));
    return ' ';
  });
  // "the 3rd": the next date with that day of the month (before chrono, which reads "the 3rd at 1pm" as today).
  const nth =
    /(?<!(?:january|february|march|april|may|june|july|august|september|october|november|december)\s)\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b/;
  const ordinal = rest.match(nth);
  const day = Number(ordinal?.[1]);
  if (day >= 1 && day <= 31) {
    for (let d = today, i = 0; i < 62; d = addDays(d, 1), i += 1) {
      if (Number(d.slice(8, 10)) === day) {
        dates.push(d);
        break;
      }
    }
  }
  let results = chrono.casual.parse(rest.replace(nth, ' '), reference, { forwardDate: true });
  if (results.length === 0 && dates.length === 0 && spanish) {
    // What the rewrite missed, in chrono-node's Spanish; weekdays ruled out ("menos el viernes") are no dates.
    const kept = spanish.replace(/\b(?:no|menos|excepto|salvo)\s+(?:el\s+|los\s+)?[\p{L}]+/gu, ' ');
    results = chrono.es.parse(kept, reference, { forwardDate: true });
  }
  let time: string | null = null;
  for (const r of results) {
    const start = r.start.date().toISOString().slice(0, 10);
    const phrase = r.text.toLowerCase();
    // "at 1pm" next to "the 3rd": a time only, not today.
    const dayless = !['day', 'weekday', 'month'].some((c) => r.start.isCertain(c as 'day'));
    if (dayless && dates.length > 0 && !/today|tonight/.test(phrase)) {
      if (r.start.isCertain('hour') && time === null) time = clockOf(r.start.get('hour') ?? 0, r.start);
      continue;
    }
    if (start === today && !/today|tonight|hoy/.test(phrase) && r.start.isCertain('weekday'))
      weekdayIsToday = true;
    if (/^\d{1,2}$/.test(phrase.trim())) continue;
    if (/weekend/.test(phrase)) {
      // chrono names the weekend's Saturday; the buyer means Saturday and Sunday.
      const saturday =
        weekdayOfDate(start) === 6 ? start : addDays(start, (6 - weekdayOfDate(start) + 7) % 7);
      dates.push(saturday, addDays(saturday, 1));
      continue;
    }
    if (/^(?:next|this|the following|following) week$/.test(phrase.trim())) {
      const monday = addDays(start, -((weekdayOfDate(start) + 6) % 7));
      for (let i = 0; i < 7; i += 1) dates.push(addDays(monday, i));
      continue;
    }
    dates.push(start);
    if (r.end) {
      const end = r.end.date().toISOString().slice(0, 10);
      for (let d = addDays(start, 1); d <= end && dates.length < 62; d = addDays(d, 1)) dates.push(d);
    }
    if (r.start.isCertain('hour') && time === null) time = clockOf(r.start.get('hour') ?? 0, r.start);
  }
  // Bare short weekdays chrono missed ("tues or wed") still count: the coming one, today included.
  for (const m of text.matchAll(/(?<!next\s)\b(sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)\b/g)) {
    const day = WEEKDAY_SHORT[m[1]!] ?? 0;
    const date = addDays(today, (day - weekdayOfDate(today) + 7) % 7);
    if (date === today) weekdayIsToday = true;
    dates.push(date);
  }
  const unique = [...new Set(dates)].sort();
  return { dates: unique.length > 0 ? unique : null, time, weekdayIsToday };
}
