import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { googleCalendarUrl } from './calendarLinks';

// The runtime's own URLSearchParams (Node and browsers have it; this package's types do not declare it).
const { URLSearchParams } = globalThis as unknown as {
  URLSearchParams: new (init: string | [string, string][]) => {
    toString(): string;
    get(name: string): string | null;
    has(name: string): boolean;
    entries(): IterableIterator<[string, string]>;
  };
};

const input = {
  startsAt: new Date('2025-06-12T18:30:00Z'),
  endsAt: new Date('2025-06-12T19:00:00Z'),
  title: 'Viewing: 12 Oak St & Garden',
  details: 'Arrive 5 minutes early.\nAsk for Dana: +1 512 555 0100',
  location: '12 Oak Street, Austin, TX',
  timeZone: 'America/New_York',
};

function split(url: string): { base: string; query: InstanceType<typeof URLSearchParams> } {
  const [base = '', query = ''] = url.split('?');
  return { base, query: new URLSearchParams(query) };
}

describe('googleCalendarUrl', () => {
  it("is Google's event template URL with every field, in this order", () => {
    const { base, query } = split(googleCalendarUrl(input));
    expect(base).toBe('https://calendar.google.com/calendar/render');
    expect([...query.entries()]).toEqual([
      ['action', 'TEMPLATE'],
      ['text', input.title],
      ['dates', '20250612T183000Z/20250612T190000Z'],
      ['details', input.details],
      ['location', input.location],
      ['ctz', 'America/New_York'],
    ]);
  });

  it('encodes like URLSearchParams: & # ? + ! ~ and line breaks cannot break the query', () => {
    const url = googleCalendarUrl({ ...input, title: "A&B #1 ?x=y +z !'()~*", details: 'line\nnext' });
    expect(url).toContain('text=A%26B+%231+%3Fx%3Dy+%2Bz+%21%27%28%29%7E*');
    expect(url).toContain('details=line%0Anext');
    expect(url).toContain('dates=20250612T183000Z%2F20250612T190000Z');
    expect(url).not.toMatch(/\s/);
  });

  it('the query is byte for byte what URLSearchParams writes, for any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'grapheme' }),
        fc.string(),
        (title, details, location) => {
          const query = googleCalendarUrl({ ...input, title, details, location }).split('?')[1];
          const expected: [string, string][] = [
            ['action', 'TEMPLATE'],
            ['text', title],
            ['dates', '20250612T183000Z/20250612T190000Z'],
          ];
          if (details) expected.push(['details', details]);
          if (location) expected.push(['location', location]);
          expected.push(['ctz', input.timeZone]);
          expect(query).toBe(new URLSearchParams(expected).toString());
        },
      ),
    );
  });

  it('writes dates in UTC whatever the zone, seconds kept, milliseconds dropped', () => {
    const { query } = split(
      googleCalendarUrl({
        ...input,
        startsAt: new Date('2025-11-02T05:30:45.999Z'),
        endsAt: new Date('2025-11-02T06:00:45.999Z'),
        timeZone: 'Australia/Lord_Howe',
      }),
    );
    expect(query.get('dates')).toBe('20251102T053045Z/20251102T060045Z');
    expect(query.get('ctz')).toBe('Australia/Lord_Howe');
  });

  it('leaves out empty details and location; refuses an invalid date', () => {
    const { query } = split(googleCalendarUrl({ ...input, details: '', location: undefined }));
    expect(query.has('details')).toBe(false);
    expect(query.has('location')).toBe(false);
    expect(() => googleCalendarUrl({ ...input, startsAt: new Date('x') })).toThrow(RangeError);
  });
});
