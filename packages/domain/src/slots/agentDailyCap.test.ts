// Issue 44 "Daily caps for the agent": each rule by name — which day a showing counts on (the agent's zone,
// DST days of 23 and 25 hours), when the cap is passed, what a full day offers, and the setting's choices.
import { describe, expect, it } from 'vitest';
import type { RulesOutcome } from '../listing/applyRules';
import {
  agentDayBounds,
  agentDayFullMessage,
  agentDayFullWhy,
  dailyCapChoices,
  dailyCapLabel,
  passesDailyCap,
  showingsOnDate,
  withAgentDailyCap,
} from './agentDailyCap';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const slot = (time: string, iso: string) => ({ time, startsAt: at(iso), offsetMs: 0, repeated: false });

describe('the agent-zone day a showing counts on', () => {
  it('runs from local midnight to the next local midnight', () => {
    expect(agentDayBounds('2030-01-08', NY)).toEqual([
      at('2030-01-08T05:00:00Z'),
      at('2030-01-09T05:00:00Z'),
    ]);
  });

  it('is 23 hours on the spring DST day and 25 on the autumn one', () => {
    const [springFrom, springTo] = agentDayBounds('2030-03-10', NY);
    expect((springTo - springFrom) / 3_600_000).toBe(23);
    const [autumnFrom, autumnTo] = agentDayBounds('2030-11-03', NY);
    expect((autumnTo - autumnFrom) / 3_600_000).toBe(25);
  });

  it('counts showings that start on the date: 23:30 the evening before and midnight after do not', () => {
    const starts = [
      at('2030-01-08T04:30:00Z'), // 23:30 on the 7th in New York
      at('2030-01-08T05:00:00Z'), // 00:00 on the 8th
      at('2030-01-08T20:00:00Z'), // 15:00
      at('2030-01-09T04:59:00Z'), // 23:59
      at('2030-01-09T05:00:00Z'), // 00:00 on the 9th
    ];
    expect(showingsOnDate(starts, '2030-01-08', NY)).toBe(3);
    // The same instants fall on other days for an agent in Tokyo: only the first two are on its 8th.
    expect(showingsOnDate(starts, '2030-01-08', 'Asia/Tokyo')).toBe(2);
  });

  it("counts the autumn DST day's repeated hour once per showing, on that day", () => {
    const starts = [at('2030-11-03T05:30:00Z'), at('2030-11-03T06:30:00Z'), at('2030-11-04T04:30:00Z')];
    expect(showingsOnDate(starts, '2030-11-03', NY)).toBe(3);
  });
});

describe('passing the cap', () => {
  it('no cap is never passed; a cap of N allows the Nth showing and refuses the N+1th', () => {
    expect(passesDailyCap(null, 500)).toBe(false);
    expect(passesDailyCap(3, 2)).toBe(false);
    expect(passesDailyCap(3, 3)).toBe(true);
  });

  it('a tour adds all its stops at once', () => {
    expect(passesDailyCap(4, 2, 2)).toBe(false);
    expect(passesDailyCap(4, 2, 3)).toBe(true);
  });

  it('says who decided and what to do', () => {
    expect(agentDayFullWhy(1)).toBe('The agent takes at most one showing a day, and this day is full');
    expect(agentDayFullMessage(3)).toBe(
      'The agent takes at most 3 showings a day, and this day is full. Please pick another day.',
    );
  });
});

describe('a full day offers no time', () => {
  const outcome: RulesOutcome = {
    kept: [slot('10:00', '2030-01-08T15:00:00Z'), slot('11:00', '2030-01-08T16:00:00Z')],
    removed: [{ time: '09:00', startsAt: at('2030-01-08T14:00:00Z'), rule: 'gap', why: 'The seller asks' }],
    shortNotice: new Set([at('2030-01-08T15:00:00Z')]),
    noticeNote: 'The seller prefers 24 hours’ notice',
  };

  it('below the cap the outcome is unchanged', () => {
    const starts = [at('2030-01-08T20:00:00Z')];
    expect(withAgentDailyCap(outcome, '2030-01-08', { cap: 2, timeZone: NY, starts })).toBe(outcome);
    expect(withAgentDailyCap(outcome, '2030-01-08', { cap: null, timeZone: NY, starts })).toBe(outcome);
  });

  it('at the cap every kept time is removed with the reason; the earlier reasons stay', () => {
    const starts = [at('2030-01-08T20:00:00Z'), at('2030-01-08T21:00:00Z'), at('2030-01-09T20:00:00Z')];
    const full = withAgentDailyCap(outcome, '2030-01-08', { cap: 2, timeZone: NY, starts });
    expect(full.kept).toEqual([]);
    expect(full.noticeNote).toBeNull();
    expect(full.removed.map((r) => [r.time, r.rule])).toEqual([
      ['09:00', 'gap'],
      ['10:00', 'agentDayFull'],
      ['11:00', 'agentDayFull'],
    ]);
    expect(full.removed[2]!.why).toBe(agentDayFullWhy(2));
    // The next day has one showing: not full.
    expect(withAgentDailyCap(outcome, '2030-01-09', { cap: 2, timeZone: NY, starts }).kept).toHaveLength(2);
  });
});

describe("the setting's choices", () => {
  it('offers no limit first, then caps in order, keeping a stored cap that is not among them', () => {
    expect(dailyCapChoices(null).slice(0, 4)).toEqual([null, 1, 2, 3]);
    expect(dailyCapChoices(null).at(-1)).toBe(50);
    const withOwn = dailyCapChoices(13);
    expect(withOwn.indexOf(13)).toBe(withOwn.indexOf(12) + 1);
    expect(dailyCapChoices(12).filter((c) => c === 12)).toHaveLength(1);
    expect([dailyCapLabel(null), dailyCapLabel(1), dailyCapLabel(5)]).toEqual([
      'No limit',
      '1 showing a day',
      '5 showings a day',
    ]);
  });
});
