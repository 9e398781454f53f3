import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentBookingPath, bookingLinkPath, propertyBookingPath, slugify } from './links';

describe('public booking links (spec §2.1 route forms)', () => {
  it('property link is /:username/:address/:propertyId/book with the address slugified', () => {
    expect(propertyBookingPath('dana-whitfield', '88 Riverside Drive, Unit 12B', 7)).toBe(
      '/dana-whitfield/88-riverside-drive-unit-12b/7/book',
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
