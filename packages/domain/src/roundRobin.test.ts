import { describe, expect, it } from 'vitest';
import { pickRoundRobin, type PoolCandidate } from './roundRobin';

type Member = { id: string; weekly: Map<number, number>; last: Date | null; total: number };

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

/** Books `count` consultations one after another (one an hour), each assigned by pickRoundRobin. */
function simulate(ids: string[], count: number, busy: (id: string, i: number) => boolean = () => false) {
  const members: Member[] = ids.map((id) => ({ id, weekly: new Map(), last: null, total: 0 }));
  const start = Date.UTC(2030, 0, 7);
  let unassigned = 0;
  for (let i = 0; i < count; i += 1) {
    const at = new Date(start + i * HOUR * 3);
    const week = Math.floor((at.getTime() - start) / WEEK);
    const pool: PoolCandidate[] = members.map((m) => ({
      id: m.id,
      free: !busy(m.id, i),
      bookingsThisWeek: m.weekly.get(week) ?? 0,
      lastBookedAt: m.last,
    }));
    const chosen = members.find((m) => m.id === pickRoundRobin(pool));
    if (!chosen) {
      unassigned += 1;
      continue;
    }
    chosen.weekly.set(week, (chosen.weekly.get(week) ?? 0) + 1);
    chosen.last = at;
    chosen.total += 1;
  }
  return { totals: Object.fromEntries(members.map((m) => [m.id, m.total])), unassigned };
}

describe('round robin of team consultations (issue 15)', () => {
  it('300 consultations on a team of 3 with equal hours: each member within ±1 of 100', () => {
    const { totals, unassigned } = simulate(['ana', 'ben', 'cy'], 300);
    expect(unassigned).toBe(0);
    for (const n of Object.values(totals)) expect(Math.abs(n - 100)).toBeLessThanOrEqual(1);
  });

  it('with one member busy, the others share the consultations evenly', () => {
    const { totals } = simulate(['ana', 'ben', 'cy'], 300, (id, i) => id === 'cy' && i < 150);
    expect(totals.ana! + totals.ben! + totals.cy!).toBe(300);
    expect(Math.abs(totals.ana! - totals.ben!)).toBeLessThanOrEqual(1);
    // cy catches up only within each week: none of the first 150 went to cy.
    expect(totals.cy).toBeLessThan(totals.ana!);
  });

  it('fewest bookings this week first; ties to the longest since last booked (never booked first), then id', () => {
    const base = { free: true, lastBookedAt: null };
    expect(
      pickRoundRobin([
        { ...base, id: 'a', bookingsThisWeek: 2 },
        { ...base, id: 'b', bookingsThisWeek: 1, lastBookedAt: new Date('2030-01-02') },
      ]),
    ).toBe('b');
    expect(
      pickRoundRobin([
        { ...base, id: 'a', bookingsThisWeek: 1, lastBookedAt: new Date('2030-01-03') },
        { ...base, id: 'b', bookingsThisWeek: 1, lastBookedAt: new Date('2030-01-02') },
        { ...base, id: 'c', bookingsThisWeek: 1, lastBookedAt: new Date('2030-01-04') },
      ]),
    ).toBe('b');
    expect(
      pickRoundRobin([
        { ...base, id: 'b', bookingsThisWeek: 0, lastBookedAt: new Date('2030-01-02') },
        { ...base, id: 'z', bookingsThisWeek: 0 },
        { ...base, id: 'y', bookingsThisWeek: 0 },
      ]),
    ).toBe('y');
  });

  it('skips members who are busy or opted out of the pool; nobody free → null', () => {
    const c = (id: string, extra: Partial<PoolCandidate>): PoolCandidate => ({
      id,
      free: true,
      bookingsThisWeek: 0,
      lastBookedAt: null,
      ...extra,
    });
    expect(
      pickRoundRobin([c('a', { free: false }), c('b', { optedOut: true }), c('c', { bookingsThisWeek: 9 })]),
    ).toBe('c');
    expect(pickRoundRobin([c('a', { free: false }), c('b', { optedOut: true })])).toBeNull();
    expect(pickRoundRobin([])).toBeNull();
  });
});
