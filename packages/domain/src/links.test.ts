import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentBookingPath, bookingLinkPath, parsePropertyRef, propertyBookingPath, slugify } from './links';

describe('public booking links (spec §2.1 route forms)', () => {
  it('property link is /:username/:address/:propertyId/book with the address slugified', () => {
    expect(propertyBookingPath('dana-whitfield', '88 Riverside Drive, Unit 12B', 7)).toBe(
      '/dana-whitfield/88-riverside-drive-unit-12b/7/book',
    );
  });

  it('property links the app hands out name the unguessable public id (issue 11)', () => {
    expect(propertyBookingPath('dana-whitfield', '1 Elm St', '0123456789abcdef0123456789abcdef')).toBe(
      '/dana-whitfield/1-elm-st/0123456789abcdef0123456789abcdef/book',
    );
  });

  it('a property segment is a numeric id within the column or a 32-hex public id; anything else is null', () => {
    expect(parsePropertyRef('7')).toBe(7);
    expect(parsePropertyRef('2147483647')).toBe(2147483647);
    expect(parsePropertyRef('0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
    for (const bad of [
      undefined,
      '',
      '0',
      '-1',
      '2147483648',
      '1.5',
      '0123456789ABCDEF0123456789ABCDEF',
      'abc',
    ]) {
      expect(parsePropertyRef(bad), String(bad)).toBeNull();
    }
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const ref = parsePropertyRef(raw);
        return ref === null || (typeof ref === 'string' ? ref === raw : Number(raw) === ref);
      }),
    );
  });

  it('agent link is /bookme/:agentId/:agentName; saved links are /booking/:linkId', () => {
    expect(agentBookingPath('a1b2', 'dana-whitfield')).toBe('/bookme/a1b2/dana-whitfield');
    expect(bookingLinkPath('spring-open-house')).toBe('/booking/spring-open-house');
  });

  it('slugify drops accents and punctuation and never returns an empty segment', () => {
    expect(slugify('Çalle Señora #5 — Ático')).toBe('calle-senora-5-atico');
    expect(slugify('!!!')).toBe('property');
    fc.assert(
      fc.property(fc.string(), (s) => {
        const slug = slugify(s);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(80);
      }),
    );
  });
});
