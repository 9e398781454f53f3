import { describe, expect, it } from 'vitest';
import { fallbackSlots, timeSlotsForDate } from './timeSlots';

const answer = (availableSlots: string[], isAvailable = true) => ({
  availableSlots,
  agentAvailability: { isAvailable },
});

describe('timeSlotsForDate (spec §8, §9)', () => {
  it("shows the server's HH:mm:ss slots as HH:mm with 12-hour labels", () => {
    expect(
      timeSlotsForDate({
        response: answer(['09:00:00', '13:30:00']),
        dayIsAvailable: true,
        hasProperty: true,
      }),
    ).toEqual([
      { time: '09:00', label: '9:00 AM', available: true },
      { time: '13:30', label: '1:30 PM', available: true },
    ]);
  });

  it('a failed fetch shows the fallback slots', () => {
    expect(timeSlotsForDate({ response: null, dayIsAvailable: true, hasProperty: true })).toEqual(
      fallbackSlots(true),
    );
    expect(timeSlotsForDate({ response: null, dayIsAvailable: undefined, hasProperty: false })).toEqual(
      fallbackSlots(false),
    );
  });

  it('an answer with no slots shows the fallback slots', () => {
    expect(timeSlotsForDate({ response: answer([]), dayIsAvailable: true, hasProperty: false })).toEqual(
      fallbackSlots(false),
    );
  });

  it("no slots show when the agent's day is marked unavailable, even after a failed fetch", () => {
    expect(timeSlotsForDate({ response: null, dayIsAvailable: false, hasProperty: true })).toEqual([]);
    expect(
      timeSlotsForDate({ response: answer([], false), dayIsAvailable: true, hasProperty: true }),
    ).toEqual([]);
    expect(
      timeSlotsForDate({
        response: answer(['09:00:00'], false),
        dayIsAvailable: undefined,
        hasProperty: true,
      }),
    ).toEqual([]);
  });
});

describe('fallbackSlots (spec §9)', () => {
  it('with a property: 9, 10, 11 AM and 1, 2, 3, 4 PM, all available', () => {
    const slots = fallbackSlots(true);
    expect(slots.map((s) => s.label)).toEqual([
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
    ]);
    expect(slots.every((s) => s.available)).toBe(true);
  });

  it('without a property: 16 half-hourly slots from 09:00 to 16:30 with 12:00 and 12:30 unavailable', () => {
    const slots = fallbackSlots(false);
    expect(slots).toHaveLength(16);
    expect(slots[0]?.time).toBe('09:00');
    expect(slots.at(-1)?.time).toBe('16:30');
    expect(slots.filter((s) => !s.available).map((s) => s.time)).toEqual(['12:00', '12:30']);
  });
});
