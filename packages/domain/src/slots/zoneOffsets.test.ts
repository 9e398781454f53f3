import { describe, expect, it } from 'vitest';
import { wallClockInZone } from '../time';
import { offsetAt, wallClocksInZone, wallToInstant, zoneOffsets } from './zoneOffsets';

const HOUR = 3_600_000;

describe('zoneOffsets finds every change of offset, to the second', () => {
  it('New York, spring and fall 2026', () => {
    const pieces = zoneOffsets('America/New_York', Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31));
    expect(pieces).toEqual([
      { from: -Infinity, to: Date.UTC(2026, 2, 8, 7), offsetMs: -5 * HOUR },
      { from: Date.UTC(2026, 2, 8, 7), to: Date.UTC(2026, 10, 1, 6), offsetMs: -4 * HOUR },
      { from: Date.UTC(2026, 10, 1, 6), to: Infinity, offsetMs: -5 * HOUR },
    ]);
  });

  it('Lord Howe, a change of half an hour at 15:30 UTC', () => {
    const pieces = zoneOffsets('Australia/Lord_Howe', Date.UTC(2025, 8, 20), Date.UTC(2025, 9, 20));
    expect(pieces.map((p) => [p.to, p.offsetMs])).toEqual([
      [Date.UTC(2025, 9, 4, 15, 30), 10.5 * HOUR],
      [Infinity, 11 * HOUR],
    ]);
  });

  it('the shortest daylight-saving period on record (Recife, one week in October 2000) is not missed', () => {
    const pieces = zoneOffsets('America/Recife', Date.UTC(2000, 8, 25), Date.UTC(2000, 9, 31));
    expect(pieces.map((p) => p.offsetMs)).toEqual([-3 * HOUR, -2 * HOUR, -3 * HOUR]);
  });

  it('a zone without changes is one piece', () => {
    expect(zoneOffsets('Asia/Kolkata', Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31))).toEqual([
      { from: -Infinity, to: Infinity, offsetMs: 5.5 * HOUR },
    ]);
    expect(offsetAt('UTC', Date.UTC(2026, 5, 1))).toBe(0);
  });

  it('an unknown zone is a RangeError, not NaN', () => {
    expect(() => zoneOffsets('Europe/Atlantis', 0, 1)).toThrow(RangeError);
    expect(() => offsetAt('Foo+05', 0)).toThrow(RangeError);
  });
});

describe('wallToInstant: gap → null, repeated wall time → the earlier instant', () => {
  const pieces = zoneOffsets('America/New_York', Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31));

  it('an ordinary wall time', () => {
    expect(wallToInstant(pieces, Date.UTC(2026, 5, 1, 9))).toBe(Date.UTC(2026, 5, 1, 13));
  });

  it('02:30 on 8 March 2026 does not exist', () => {
    expect(wallToInstant(pieces, Date.UTC(2026, 2, 8, 2, 30))).toBeNull();
    expect(wallToInstant(pieces, Date.UTC(2026, 2, 8, 1, 59))).toBe(Date.UTC(2026, 2, 8, 6, 59));
    expect(wallToInstant(pieces, Date.UTC(2026, 2, 8, 3))).toBe(Date.UTC(2026, 2, 8, 7));
  });

  it('01:30 on 1 November 2026 happens twice: the EDT one', () => {
    expect(wallToInstant(pieces, Date.UTC(2026, 10, 1, 1, 30))).toBe(Date.UTC(2026, 10, 1, 5, 30));
    expect(wallToInstant(pieces, Date.UTC(2026, 10, 1, 2))).toBe(Date.UTC(2026, 10, 1, 7));
  });
});

describe('wallClocksInZone: wall clocks by arithmetic over the looked-up offsets', () => {
  it('reads every instant as wallClockInZone (Intl) does, across DST changes, half-hour zones and midnight', () => {
    const zones = [
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'Pacific/Kiritimati',
    ];
    // Every 7 minutes and 13 seconds over the US and EU autumn changes of 2026, and around Lord Howe's.
    const instants: number[] = [];
    for (let t = Date.UTC(2026, 9, 24); t < Date.UTC(2026, 10, 3); t += 433_000) instants.push(t);
    for (let t = Date.UTC(2025, 9, 4, 12); t < Date.UTC(2025, 9, 4, 18); t += 60_000) instants.push(t);
    for (const zone of zones) {
      expect(wallClocksInZone(instants, zone)).toEqual(
        instants.map((t) => wallClockInZone(new Date(t), zone)),
      );
    }
    expect(wallClocksInZone([], 'America/New_York')).toEqual([]);
  });
});
