// "Add to Google Calendar" link for a booked viewing: Google's event template URL, times in UTC, the agent's
// zone as ctz so Google's editor shows the time the agent and the buyer agreed on.

export type CalendarLinkInput = {
  startsAt: Date;
  endsAt: Date;
  title: string;
  details?: string;
  location?: string;
  /** IANA zone of the agent. */
  timeZone: string;
};

export const GOOGLE_CALENDAR_TEMPLATE_URL = 'https://calendar.google.com/calendar/render';

/**
 * https://calendar.google.com/calendar/render?action=TEMPLATE&text=…&dates=20250612T183000Z/20250612T190000Z
 * &details=…&location=…&ctz=… — encoded as URLSearchParams encodes; empty details or location are left out.
 */
export function googleCalendarUrl(input: CalendarLinkInput): string {
  const params: [string, string][] = [
    ['action', 'TEMPLATE'],
    ['text', input.title],
    ['dates', `${compactUtc(input.startsAt)}/${compactUtc(input.endsAt)}`],
  ];
  if (input.details) params.push(['details', input.details]);
  if (input.location) params.push(['location', input.location]);
  params.push(['ctz', input.timeZone]);
  const query = params.map(([name, value]) => `${formEncode(name)}=${formEncode(value)}`).join('&');
  return `${GOOGLE_CALENDAR_TEMPLATE_URL}?${query}`;
}

/** 20250612T183000Z */
function compactUtc(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date in calendar link');
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * application/x-www-form-urlencoded exactly as URLSearchParams#toString writes it (WHATWG URL): UTF-8, only
 * A–Z a–z 0–9 * - . _ left as they are, space as '+', a lone surrogate as U+FFFD. Written out because this
 * package compiles without DOM or Node types, where URLSearchParams is not declared.
 */
function formEncode(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'))
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
