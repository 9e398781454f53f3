import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIcsEvent, escapeText, foldLine, type IcsEventInput } from './ics';

type Property = { name: string; params: Record<string, string>; value: string };

/** A small RFC 5545 reader: unfold, split into lines, then name;param=value;...:value. */
function parseIcs(text: string): Property[] {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  const lines = unfolded.split('\r\n');
  expect(lines.pop()).toBe(''); // the file ends with CRLF
  return lines.map((line) => {
    // Split "NAME;P=V;P=\"V;with:stuff\":value" on ';' and the first ':' outside double quotes.
    const pieces: string[] = [''];
    let inQuotes = false;
    let colon = line.length;
    for (let i = 0; i < line.length; i++) {
      const char = line[i] ?? '';
      if (char === '"') inQuotes = !inQuotes;
      if (!inQuotes && char === ':') {
        colon = i;
        break;
      }
      if (!inQuotes && char === ';') pieces.push('');
      else pieces[pieces.length - 1] += char;
    }
    const [name = '', ...rawParams] = pieces;
    const params = Object.fromEntries(
      rawParams.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1).replace(/^"|"$/g, '')]),
    );
    return { name, params, value: line.slice(colon + 1) };
  });
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

function field(props: Property[], name: string): Property {
  const found = props.filter((p) => p.name === name);
  expect(found, name).toHaveLength(1);
  return found[0] as Property;
}

const base: IcsEventInput = {
  uid: 'booking-42@keyturn.app',
  startsAt: new Date('2025-06-12T18:30:00Z'),
  endsAt: new Date('2025-06-12T19:00:00Z'),
  timeZone: 'America/New_York',
  summary: 'Viewing: 12 Oak Street',
  description: 'Please arrive 5 minutes early.',
  location: '12 Oak Street, Austin, TX 78701',
  organizer: { name: 'Dana Agent', email: 'dana@example.com' },
  attendee: { name: 'Jordan Rivera', email: 'jordan@example.com' },
  url: 'https://keyturn.app/booking/manage?token=abc&x=1',
  method: 'REQUEST',
  sequence: 2,
  status: 'CONFIRMED',
  now: new Date('2025-06-10T14:05:09.123Z'),
};

describe('buildIcsEvent writes every field, readable back', () => {
  it('calendar and event frame, times in UTC, every property once', () => {
    const text = buildIcsEvent(base);
    const props = parseIcs(text);
    expect(props.map((p) => p.name)).toEqual([
      'BEGIN',
      'VERSION',
      'PRODID',
      'CALSCALE',
      'METHOD',
      'BEGIN',
      'UID',
      'DTSTAMP',
      'DTSTART',
      'DTEND',
      'SEQUENCE',
      'STATUS',
      'SUMMARY',
      'DESCRIPTION',
      'LOCATION',
      'URL',
      'ORGANIZER',
      'ATTENDEE',
      'END',
      'END',
    ]);
    expect(props[0]?.value).toBe('VCALENDAR');
    expect(props[5]?.value).toBe('VEVENT');
    expect(field(props, 'VERSION').value).toBe('2.0');
    expect(field(props, 'METHOD').value).toBe('REQUEST');
    expect(unescapeText(field(props, 'UID').value)).toBe('booking-42@keyturn.app');
    expect(field(props, 'DTSTAMP').value).toBe('20250610T140509Z');
    expect(field(props, 'DTSTART').value).toBe('20250612T183000Z');
    expect(field(props, 'DTEND').value).toBe('20250612T190000Z');
    expect(field(props, 'SEQUENCE').value).toBe('2');
    expect(field(props, 'STATUS').value).toBe('CONFIRMED');
    expect(unescapeText(field(props, 'SUMMARY').value)).toBe(base.summary);
    expect(unescapeText(field(props, 'DESCRIPTION').value)).toBe(base.description);
    expect(unescapeText(field(props, 'LOCATION').value)).toBe(base.location);
    expect(field(props, 'URL').value).toBe(base.url);
    expect(field(props, 'ORGANIZER')).toEqual({
      name: 'ORGANIZER',
      params: { CN: 'Dana Agent' },
      value: 'mailto:dana@example.com',
    });
    expect(field(props, 'ATTENDEE')).toEqual({
      name: 'ATTENDEE',
      params: { CN: 'Jordan Rivera', ROLE: 'REQ-PARTICIPANT', PARTSTAT: 'NEEDS-ACTION', RSVP: 'TRUE' },
      value: 'mailto:jordan@example.com',
    });
    expect(text).not.toContain('X-WR-TIMEZONE');
    expect(text).not.toContain('VTIMEZONE');
    expect(text).not.toContain('VALARM');
  });

  it('uses CRLF line ends only', () => {
    const text = buildIcsEvent({ ...base, description: 'one\ntwo\r\nthree\rfour' });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('optional parts are left out; CANCEL defaults the status to CANCELLED, others to CONFIRMED', () => {
    const minimal = buildIcsEvent({
      uid: 'u1',
      startsAt: base.startsAt,
      endsAt: base.endsAt,
      summary: 'Viewing',
      now: base.now,
    });
    const names = parseIcs(minimal).map((p) => p.name);
    for (const absent of ['METHOD', 'DESCRIPTION', 'LOCATION', 'URL', 'ORGANIZER', 'ATTENDEE']) {
      expect(names).not.toContain(absent);
    }
    expect(field(parseIcs(minimal), 'SEQUENCE').value).toBe('0');
    expect(field(parseIcs(minimal), 'STATUS').value).toBe('CONFIRMED');
    const cancel = parseIcs(buildIcsEvent({ ...base, method: 'CANCEL', status: undefined, sequence: 3 }));
    expect(field(cancel, 'STATUS').value).toBe('CANCELLED');
    expect(field(cancel, 'METHOD').value).toBe('CANCEL');
    const published = parseIcs(buildIcsEvent({ ...base, method: 'PUBLISH' }));
    expect(field(published, 'ATTENDEE').params).toMatchObject({ PARTSTAT: 'ACCEPTED' });
  });

  it('refuses an event that does not end after it starts, a bad date or a negative sequence', () => {
    expect(() => buildIcsEvent({ ...base, endsAt: base.startsAt })).toThrow(RangeError);
    expect(() => buildIcsEvent({ ...base, now: new Date('nope') })).toThrow(RangeError);
    expect(() => buildIcsEvent({ ...base, sequence: -1 })).toThrow(RangeError);
  });
});

/** Characters that need escaping or dropping, mixed with any grapheme. */
const textUnit = fc.oneof(
  fc.constantFrom('\\', ';', ',', '\n', '\r', '\r\n', '\t', '\u0001', '\u007f', '"', ':'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

describe('escaping of TEXT values (RFC 5545 §3.3.11)', () => {
  it('backslash, semicolon, comma and line breaks are escaped and read back unchanged', () => {
    const tricky = 'Back\\slash; semi, comma\nnew line\r\nCRLF: colon "quoted"';
    expect(escapeText(tricky)).toBe('Back\\\\slash\\; semi\\, comma\\nnew line\\nCRLF: colon "quoted"');
    const props = parseIcs(buildIcsEvent({ ...base, summary: tricky, location: 'A; B, C' }));
    expect(unescapeText(field(props, 'SUMMARY').value)).toBe(tricky.replace(/\r\n/g, '\n'));
    expect(unescapeText(field(props, 'LOCATION').value)).toBe('A; B, C');
  });

  it('names in CN are quoted; a double quote or line break in a name cannot break out', () => {
    const props = parseIcs(
      buildIcsEvent({
        ...base,
        organizer: { name: 'Dana "The Closer"\r\nX-EVIL:1; Agent', email: 'd@x.com' },
      }),
    );
    expect(field(props, 'ORGANIZER').params.CN).toBe("Dana 'The Closer'X-EVIL:1; Agent");
    expect(props.map((p) => p.name)).not.toContain('X-EVIL');
  });

  it('any string read back unchanged (line breaks normalised to \\n)', () => {
    fc.assert(
      fc.property(fc.string({ unit: textUnit, maxLength: 300 }), (text) => {
        const clean = [...text.replace(/\r\n?/g, '\n')]
          .filter((char) => {
            const code = char.codePointAt(0) ?? 0;
            return char === '\n' || char === '\t' || (code >= 0x20 && code !== 0x7f);
          })
          .join('');
        const props = parseIcs(buildIcsEvent({ ...base, description: text }));
        expect(unescapeText(field(props, 'DESCRIPTION').value)).toBe(clean);
      }),
    );
  });
});

describe('folding at 75 octets (RFC 5545 §3.1), UTF-8 safe', () => {
  // UTF-8 length, counted through percent-encoding (each %XX is one octet).
  const octets = (s: string) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, '#').length;
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

  it('a long description with non-ASCII characters folds into lines of at most 75 octets and unfolds intact', () => {
    const description =
      'Besichtigung für Müller & Søn — «maison près de la Seine», 東京の物件 🏠🔑, café crème. '.repeat(6);
    const text = buildIcsEvent({ ...base, description });
    const physical = text.split('\r\n').slice(0, -1);
    for (const line of physical) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(loneSurrogate); // no surrogate pair cut in half
    }
    const descriptionLines = physical.filter(
      (l, i) => l.startsWith('DESCRIPTION:') || (i > 0 && l.startsWith(' ')),
    );
    expect(descriptionLines.length).toBeGreaterThan(5);
    // Lines are filled: a fold happens only when the next character would not fit.
    const first = physical.find((l) => l.startsWith('DESCRIPTION:')) ?? '';
    expect(octets(first)).toBeGreaterThan(71);
    expect(unescapeText(field(parseIcs(text), 'DESCRIPTION').value)).toBe(description);
  });

  it('continuation lines begin with one space, which counts toward the 75', () => {
    const folded = foldLine(`DESCRIPTION:${'x'.repeat(200)}`);
    const lines = folded.split('\r\n');
    expect(lines.map(octets)).toEqual([75, 75, 64]); // 212 octets = 75 + 74 + 63, plus a space each
    expect(lines.slice(1).every((l) => l.startsWith(' ') && !l.startsWith('  '))).toBe(true);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
    expect(foldLine('X:'.padEnd(75, 'y'))).toBe('X:'.padEnd(75, 'y'));
  });

  it('any line folds to ≤ 75-octet pieces that unfold to the original', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (value) => {
        const folded = foldLine(`X:${value}`);
        for (const line of folded.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(`X:${value}`);
      }),
    );
  });
});
