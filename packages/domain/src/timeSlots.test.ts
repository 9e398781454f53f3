import { describe, expect, it } from 'vitest';
import { fallbackSlots, timeSlotsForDate } from './timeSlots';

const answer = (availableSlots: string[], isAvailable = true) => ({
  availableSlots,
  agentAvailability: { isAvailable },
  time_zone: 'America/New_York',
  slots: availableSlots.map((time) => ({
    time,
    starts_at: `2031-03-04T${time}-05:00`,
    label: `${time} (as the server writes it)`,
  })),
});

describe('timeSlotsForDate (spec §8, §9)', () => {
  it("shows the server's slots as HH:mm with the server's label and instant (never re-derived)", () => {
    expect(
      timeSlotsForDate({
        response: answer(['09:00:00', '13:30:00']),
        dayIsAvailable: true,
        hasProperty: true,
      }),
    ).toEqual([
      {
        time: '09:00',
        label: '09:00:00 (as the server writes it)',
        available: true,
        startsAt: '2031-03-04T09:00:00-05:00',
      },
      {
        time: '13:30',
        label: '13:30:00 (as the server writes it)',
        available: true,
        startsAt: '2031-03-04T13:30:00-05:00',
      },
    ]);
  });

  it('both passes of a repeated hour are two slots with one time and two instants', () => {
    const response = {
      availableSlots: ['01:00:00'],
      agentAvailability: { isAvailable: true },
      time_zone: 'America/New_York',
      slots: [
        { time: '01:00:00', starts_at: '2026-11-01T01:00:00-04:00', label: '1:00 AM EDT' },
        { time: '01:00:00', starts_at: '2026-11-01T01:00:00-05:00', label: '1:00 AM EST' },
      ],
    };
    const slots = timeSlotsForDate({ response, dayIsAvailable: true, hasProperty: true });
    expect(slots.map((s) => [s.time, s.label, s.startsAt])).toEqual([
      ['01:00', '1:00 AM EDT', '2026-11-01T01:00:00-04:00'],
      ['01:00', '1:00 AM EST', '2026-11-01T01:00:00-05:00'],
    ]);
  });

  it('a slot the server recommends (issue 16, clustered by area) stays marked; the others are not', () => {
    const response = {
      availableSlots: ['10:00:00', '11:00:00'],
      agentAvailability: { isAvailable: true },
      time_zone: 'America/New_York',
      slots: [
        { time: '10:00:00', starts_at: '2030-01-08T10:00:00-05:00', label: '10:00 AM', recommended: true },
        { time: '11:00:00', starts_at: '2030-01-08T11:00:00-05:00', label: '11:00 AM' },
      ],
    };
    const slots = timeSlotsForDate({ response, dayIsAvailable: true, hasProperty: true });
    expect(slots.map((s) => s.recommended ?? false)).toEqual([true, false]);
  });

  it('fallback slots carry no instant: the server places them', () => {
    expect(fallbackSlots(true).every((s) => s.startsAt === null)).toBe(true);
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
