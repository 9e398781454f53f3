// An iCalendar file (RFC 5545) for one viewing: the attachment of confirmation, update and cancellation
// e-mails and the "add to calendar" download. Start and end are written in UTC ('…Z'), so the file needs no
// VTIMEZONE block or X-WR-TIMEZONE and every calendar shows the viewing in its own reader's zone.

/**
 * The UID of a booking's calendar event, the same in the e-mails' files and the booking page's download:
 * the same booking always updates the same event.
 */
export function bookingEventUid(bookingId: string): string {
  return `booking-${bookingId}@keyturn.app`;
}

export type IcsPerson = { name: string; email: string };

export type IcsEventInput = {
  /** Stable per booking: a later file with the same UID (and a higher SEQUENCE) updates or cancels it. */
  uid: string;
  startsAt: Date;
  endsAt: Date;
  /**
   * The agent's IANA zone. Not written: the times are UTC and need none; accepted so the same input
   * serves googleCalendarUrl, which does use it.
   */
  timeZone?: string;
  summary: string;
  description?: string;
  location?: string;
  organizer?: IcsPerson;
  attendee?: IcsPerson;
  url?: string;
  /** iTIP method (RFC 5546); left out of the file when not given (a plain download). */
  method?: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  /** Revision number, 0 for the first file of a booking; raise it for each update. */
  sequence?: number;
  /** Default CONFIRMED, or CANCELLED when the method is CANCEL. */
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  /** When the file is made (DTSTAMP). */
  now: Date;
};

export const ICS_PRODUCT_ID = '-//Keyturn//Showing Scheduler//EN';
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** The whole VCALENDAR text: CRLF line ends, lines folded at 75 octets, TEXT values escaped. */
export function buildIcsEvent(input: IcsEventInput): string {
  if (!(input.endsAt.getTime() > input.startsAt.getTime())) {
    throw new RangeError('An event must end after it starts');
  }
  const sequence = input.sequence ?? 0;
  if (!Number.isInteger(sequence) || sequence < 0) throw new RangeError('SEQUENCE is a whole number ≥ 0');
  const status = input.status ?? (input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICS_PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    ...(input.method ? [`METHOD:${input.method}`] : []),
    'BEGIN:VEVENT',
    `UID:${escapeText(input.uid)}`,
    `DTSTAMP:${utcDateTime(input.now)}`,
    `DTSTART:${utcDateTime(input.startsAt)}`,
    `DTEND:${utcDateTime(input.endsAt)}`,
    `SEQUENCE:${sequence}`,
    `STATUS:${status}`,
    `SUMMARY:${escapeText(input.summary)}`,
  ];
  if (input.description !== undefined) lines.push(`DESCRIPTION:${escapeText(input.description)}`);
  if (input.location !== undefined) lines.push(`LOCATION:${escapeText(input.location)}`);
  if (input.url !== undefined) lines.push(`URL:${uriValue(input.url)}`);
  if (input.organizer)
    lines.push(`ORGANIZER;CN=${paramValue(input.organizer.name)}:${mailto(input.organizer)}`);
  if (input.attendee) {
    // Asked to answer only in an invitation (REQUEST); otherwise the buyer booked it and has accepted.
    const part = input.method === 'REQUEST' ? 'PARTSTAT=NEEDS-ACTION;RSVP=TRUE' : 'PARTSTAT=ACCEPTED';
    lines.push(
      `ATTENDEE;CN=${paramValue(input.attendee.name)};ROLE=REQ-PARTICIPANT;${part}:${mailto(input.attendee)}`,
    );
  }
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped, any line break written as \n. */
export function escapeText(value: string): string {
  return stripControls(value.replace(/\r\n?/g, '\n'), '\n')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are split, each continuation starting with one space (which
 * counts toward its 75). Splits fall between characters, never inside a UTF-8 sequence or surrogate pair.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = utf8Length(char);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** 20250612T143000Z */
function utcDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date in calendar event');
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** A parameter value is always quoted; a quoted value may hold neither DQUOTE nor control characters. */
function paramValue(value: string): string {
  return `"${stripControls(value, '').replace(/"/g, "'")}"`;
}

function mailto(person: IcsPerson): string {
  return `mailto:${uriValue(person.email)}`;
}

/** URI values are not TEXT-escaped; only characters that would break the line are dropped. */
function uriValue(value: string): string {
  return stripControls(value, '').replace(/\s/g, '');
}

/** Drops control characters, except tab and the ones listed in `keep`. */
function stripControls(value: string, keep: string): string {
  let result = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    const control = (code < 0x20 && char !== '\t') || code === 0x7f;
    if (!control || keep.includes(char)) result += char;
  }
  return result;
}

function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** One VCALENDAR with the VEVENTs of several single-event files, under one METHOD. */
export function mergeCalendars(files: string[], method: 'PUBLISH'): string {
  const lines = (text: string) => text.split('\r\n').filter((l) => l !== '');
  const first = lines(files[0] ?? '');
  const header = first
    .slice(0, first.indexOf('BEGIN:VEVENT'))
    .filter((l) => !l.startsWith('METHOD:'))
    .concat(`METHOD:${method}`);
  const events = files.flatMap((file) => {
    const all = lines(file);
    return all.slice(all.indexOf('BEGIN:VEVENT'), all.lastIndexOf('END:VEVENT') + 1);
  });
  return [...header, ...events, 'END:VCALENDAR'].join('\r\n') + '\r\n';
}
