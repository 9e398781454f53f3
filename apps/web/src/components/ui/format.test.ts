import { describe, expect, it } from 'vitest';
import { formatRooms } from './format';

describe('formatRooms', () => {
  it('says bed and bath in the singular for one, beds and baths otherwise', () => {
    expect(formatRooms(1, 1)).toBe('1 bed · 1 bath');
    expect(formatRooms(3, 2.5)).toBe('3 beds · 2.5 baths');
  });
});
