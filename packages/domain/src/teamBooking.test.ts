import { describe, expect, it } from 'vitest';
import type { Slot } from './slots/engine';
import {
  canManageTeamLinks,
  memberDatesAround,
  slotInZone,
  startOfWeekInZone,
  unionOfSlots,
} from './teamBooking';

const at = (iso: string) => Date.parse(iso);
const slot = (iso: string, timeZone: string): Slot => slotInZone(at(iso), timeZone);

describe('team consultation slots (issue 15)', () => {
  it("unionOfSlots: every instant some member is free, once, in order, on the team's clock", () => {
    // A New York member at 09:00 and 09:30 EST; a Chicago member at 08:00 CST (= 09:00 EST) and 08:30 CST.
    const newYork = [
      slot('2030-01-08T14:00:00Z', 'America/New_York'),
      slot('2030-01-08T14:30:00Z', 'America/New_York'),
    ];
    const chicago = [
      slot('2030-01-08T14:00:00Z', 'America/Chicago'),
      slot('2030-01-08T15:00:00Z', 'America/Chicago'),
    ];
    const union = unionOfSlots([chicago, newYork], 'America/New_York');
    expect([...union.keys()]).toEqual(['2030-01-08']);
    expect(union.get('2030-01-08')!.map((s) => s.time)).toEqual(['09:00:00', '09:30:00', '10:00:00']);
    expect(union.get('2030-01-08')!.map((s) => s.offsetMs)).toEqual([-5, -5, -5].map((h) => h * 3_600_000));
  });

  it("unionOfSlots: an instant falls on the team's date, not the member's", () => {
    // 23:30 in Los Angeles on the 8th is 02:30 on the 9th in New York.
    const union = unionOfSlots([[slot('2030-01-09T07:30:00Z', 'America/Los_Angeles')]], 'America/New_York');
    expect([...union.keys()]).toEqual(['2030-01-09']);
    expect(union.get('2030-01-09')![0]!.time).toBe('02:30:00');
  });

  it('slotInZone names the repeated hour of a DST fall-back, and only there', () => {
    expect(slotInZone(at('2030-11-03T05:30:00Z'), 'America/New_York')).toMatchObject({
      time: '01:30:00',
      repeated: true,
    });
    expect(slotInZone(at('2030-11-03T06:30:00Z'), 'America/New_York')).toMatchObject({
      time: '01:30:00',
      repeated: true,
    });
    expect(slotInZone(at('2030-11-04T14:00:00Z'), 'America/New_York')).toMatchObject({
      time: '09:00:00',
      repeated: false,
    });
  });

  it('memberDatesAround: one day either side', () => {
    expect(memberDatesAround('2030-03-01')).toEqual({ from: '2030-02-28', to: '2030-03-02' });
  });

  it("startOfWeekInZone: Monday 00:00 on the team's clock (round robin counts from it)", () => {
    // Sunday 2030-01-13 23:00 in New York is already Monday in UTC: still the week of Monday the 7th there.
    expect(startOfWeekInZone(new Date('2030-01-14T04:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2030-01-07T05:00:00.000Z',
    );
    expect(startOfWeekInZone(new Date('2030-01-07T05:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2030-01-07T05:00:00.000Z',
    );
  });

  it('canManageTeamLinks: owners and admins, not members', () => {
    expect([canManageTeamLinks('owner'), canManageTeamLinks('admin'), canManageTeamLinks('member')]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
