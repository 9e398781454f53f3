import { describe, expect, it } from 'vitest';
import { DAY_PARTS, DAY_PART_BOUNDS, dayPartOf } from './dayParts';

describe('dayPartOf', () => {
  it('puts each wall time in the part whose bounds hold it, by the start', () => {
    expect(dayPartOf('00:00')).toBe('morning');
    expect(dayPartOf('11:30:00')).toBe('morning');
    expect(dayPartOf('12:00:00')).toBe('afternoon');
    expect(dayPartOf('16:30')).toBe('afternoon');
    expect(dayPartOf('17:00')).toBe('evening');
    expect(dayPartOf('23:30:00')).toBe('evening');
  });

  it('the parts cover the day without gaps or overlaps', () => {
    expect(DAY_PART_BOUNDS[DAY_PARTS[0]].from).toBe('00:00');
    for (let i = 1; i < DAY_PARTS.length; i += 1) {
      expect(DAY_PART_BOUNDS[DAY_PARTS[i]!].from).toBe(DAY_PART_BOUNDS[DAY_PARTS[i - 1]!].to);
    }
    expect(DAY_PART_BOUNDS[DAY_PARTS[DAY_PARTS.length - 1]!].to).toBe('24:00');
  });
});
