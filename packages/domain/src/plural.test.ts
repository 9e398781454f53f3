import { describe, expect, it } from 'vitest';
import { countOf, roomsLabel } from './plural';

describe('counts in words (issue 19: "1 baths")', () => {
  it('1 takes the singular; 0, fractions and more the plural', () => {
    expect(countOf(1, 'booking')).toBe('1 booking');
    expect(countOf(0, 'booking')).toBe('0 bookings');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });

  it('rooms: 1 bed · 1 bath, 3 beds · 1.5 baths', () => {
    expect(roomsLabel({ bedrooms: 1, bathrooms: 1 })).toBe('1 bed · 1 bath');
    expect(roomsLabel({ bedrooms: 3, bathrooms: 1.5 })).toBe('3 beds · 1.5 baths');
  });
});
