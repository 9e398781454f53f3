// iCalendar both ways (decision 015): subscribed calendars are parsed by ical.js (RRULE, EXDATE, RECURRENCE-ID
// exceptions, VTIMEZONE time zones) into busy spans over a window; the agent's private feed is written by
// ical-generator.
import ICAL from 'ical.js';
import ical, { ICalEventStatus } from 'ical-generator';
import { outboundFetch, OutboundUrlRefused, type OutboundPolicy } from '../../http/outbound-url';
import { ProviderUnavailableError } from '../../adapters/oauth';
import type { BusySpan } from './providers';

/** Occurrences of one recurring event read at most (a daily event over years stops here). */
const MAX_OCCURRENCES = 2000;
const MAX_BYTES = 5 * 1024 * 1024;

/** The busy spans of an ICS document that overlap [from, to): transparent and cancelled events are free. */
export function busyFromIcs(text: string, from: Date, to: Date): BusySpan[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch (err) {
    throw new Error(`The calendar is not valid iCalendar (${(err as Error).message})`);
  }
  for (const tz of root.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(tz);
  }
  const events = root.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  // Exceptions (RECURRENCE-ID) belong to their series: the series expands them in place of the occurrence.
  const byUid = new Map<string, ICAL.Event>();
  for (const e of events) if (!e.isRecurrenceException()) byUid.set(e.uid, e);
  for (const e of events) if (e.isRecurrenceException()) byUid.get(e.uid)?.relateException(e);

  const spans: BusySpan[] = [];
  const isFree = (c: ICAL.Component) =>
    String(c.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT' ||
    String(c.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
  const add = (start: ICAL.Time, end: ICAL.Time, item: ICAL.Event) => {
    if (isFree(item.component)) return;
    const s = start.toJSDate();
    const e = end.toJSDate();
    if (e > from && s < to && e > s) spans.push({ start: s, end: e });
  };
  for (const event of byUid.values()) {
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      add(event.startDate, event.endDate ?? event.startDate, event);
      continue;
    }
    const it = event.iterator();
    for (let n = 0, next = it.next(); next && n < MAX_OCCURRENCES; n += 1, next = it.next()) {
      const o = event.getOccurrenceDetails(next);
      if (o.startDate.toJSDate() >= to) break;
      add(o.startDate, o.endDate, o.item);
    }
  }
  // Orphan exceptions (their series is not in the file) still occupy their time.
  for (const e of events) if (e.isRecurrenceException() && !byUid.has(e.uid)) add(e.startDate, e.endDate, e);
  return spans;
}

/** webcal:// is https:// (the address the server really calls). */
export const icsHttpUrl = (url: string) => url.replace(/^webcal:\/\//i, 'https://');

/**
 * Fetches a subscribed calendar. Only public http(s) hosts, redirects included, unless the policy allows private
 * ones (http/outbound-url.ts). Network failures are passing: retried with backoff.
 */
export async function fetchIcs(url: string, policy: OutboundPolicy): Promise<string> {
  let res: Response;
  try {
    res = await outboundFetch(
      icsHttpUrl(url),
      { headers: { accept: 'text/calendar' }, signal: AbortSignal.timeout(20_000) },
      { ...policy, maxRedirects: 5 },
    );
  } catch (err) {
    if (err instanceof OutboundUrlRefused) throw new Error(`${err.message} (${err.reason})`);
    throw new ProviderUnavailableError(
      `The calendar address could not be reached (${(err as Error).message})`,
    );
  }
  if (res.status >= 500 || res.status === 429)
    throw new ProviderUnavailableError(`The calendar address answered ${res.status}`);
  if (!res.ok) throw new Error(`The calendar address answered ${res.status}`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_BYTES) throw new Error('The calendar is larger than 5 MB');
  const text = await res.text();
  if (text.length > MAX_BYTES) throw new Error('The calendar is larger than 5 MB');
  return text;
}

export type FeedShowing = {
  id: string;
  start: Date;
  end: Date;
  title: string;
  location: string;
  description: string;
  url: string;
  status: 'pending' | 'confirmed';
};

/** The agent's private feed of upcoming showings, in UTC instants (every app shows them in its own zone). */
export function showingsFeed(input: { name: string; showings: FeedShowing[] }): string {
  const cal = ical({
    name: input.name,
    prodId: { company: 'Keyturn', product: 'Showings', language: 'EN' },
    ttl: 15 * 60,
  });
  for (const s of input.showings) {
    cal.createEvent({
      id: `${s.id}@keyturn`,
      start: s.start,
      end: s.end,
      summary: s.title,
      location: s.location,
      description: s.description,
      url: s.url,
      status: s.status === 'confirmed' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return cal.toString();
}
