// Each showing rule of a property (issue 32 §1) by name, on plain days and on the DST days of America/New_York
// and America/Los_Angeles (2026-03-08 spring forward, 2026-11-01 fall back), against the engine's own slots.
import { describe, expect, it } from 'vitest';
import { agentDaySlots, daySlots, type Slot, type SlotRules } from '../slots/engine';
import {
  applyShowingRules,
  blockWhy,
  spanWords,
  windowsOutsideHours,
  effectiveApproval,
  needsSeller,
  noticeWords,
  ruleBroken,
  startsPending,
  suggestedNoticeNote,
  takesBookings,
  type PropertyShowing,
} from './applyRules';
import { accessRecipients, buyerAgentSchema } from './buyerAgent';
import { showingRulesSchema, type ShowingRules } from './showingRules';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An agent who works every day 00:00–23:30 in `timeZone`, no notice, no buffer. */
function agent(timeZone: string): SlotRules {
  return {
    timeZone,
    weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      day_of_week: day,
      is_available: true,
      intervals: [{ start: '00:00', end: '23:30' }],
    })),
    overrides: [],
    minimumNoticeMinutes: 0,
    bufferMinutes: 0,
  };
}

function rules(partial: Partial<ShowingRules>): ShowingRules {
  return { ...showingRulesSchema.parse({}), ...partial };
}

function run(
  zone: string,
  date: string,
  now: Date,
  partial: Partial<ShowingRules>,
  showings: PropertyShowing[] = [],
) {
  const slots = daySlots(agent(zone), [], now, date);
  return {
    slots,
    ...applyShowingRules(slots, date, { rules: rules(partial), timeZone: zone, now, showings }),
  };
}

/** A kept slot as its ISO instant, to name both passes of a repeated hour apart. */
const iso = (slots: readonly Slot[]) => slots.map((s) => new Date(s.startsAt).toISOString());

describe('hard minimum notice (refused)', () => {
  it('removes every slot starting before now + the notice, and says why', () => {
    const now = new Date('2026-12-01T15:00:00Z'); // 10:00 AM in New York
    const out = run('America/New_York', '2026-12-02', now, { minNoticeMinutes: 24 * 60 });
    expect(out.kept[0]?.startsAt).toBe(now.getTime() + 24 * HOUR);
    expect(out.removed).toHaveLength(20); // 00:00 … 09:30
    expect(out.removed.every((r) => r.rule === 'hardNotice')).toBe(true);
    expect(out.removed[0]?.why).toBe("Needs at least 24 hours' notice");
  });

  it('counts real hours across spring forward (New York, 2026-03-08)', () => {
    const now = new Date('2026-03-07T12:00:00Z'); // 7:00 AM EST on the 7th
    const out = run('America/New_York', '2026-03-08', now, { minNoticeMinutes: 24 * 60 });
    // 24 real hours later is 8:00 AM EDT on the 8th (the clock jumped an hour in between).
    expect(out.kept[0]?.time).toBe('08:00:00');
    expect(
      ruleBroken(
        now.getTime() + 24 * HOUR - MINUTE,
        '2026-03-08',
        input(now, 'America/New_York', { minNoticeMinutes: 1440 }),
      )?.rule,
    ).toBe('hardNotice');
  });
});

function input(
  now: Date,
  timeZone: string,
  partial: Partial<ShowingRules>,
  showings: PropertyShowing[] = [],
) {
  return { rules: rules(partial), timeZone, now, showings };
}

describe('suggested notice (allowed, with a note to the buyer)', () => {
  it('keeps every slot, marks those inside it, and gives the note', () => {
    const now = new Date('2026-12-01T15:00:00Z');
    const out = run('America/New_York', '2026-12-02', now, { suggestedNoticeMinutes: 24 * 60 });
    expect(out.kept).toEqual(out.slots);
    expect(out.removed).toEqual([]);
    expect(out.shortNotice.size).toBe(20);
    expect(out.noticeNote).toBe("The seller prefers 24 hours' notice");
  });

  it('reads the notice in plain words', () => {
    expect(noticeWords(60)).toBe("1 hour's");
    expect(noticeWords(90)).toBe("90 minutes'");
    expect(noticeWords(2 * 24 * 60)).toBe("2 days'");
    expect(suggestedNoticeNote({ suggestedNoticeMinutes: null })).toBeNull();
  });
});

describe('no same-day showings', () => {
  it("removes today's slots and keeps tomorrow's", () => {
    const now = new Date('2026-12-01T15:00:00Z');
    const today = agentDaySlots(agent('America/New_York'), [], now, '2026-12-01');
    expect(today.length).toBeGreaterThan(0);
    const out = applyShowingRules(today, '2026-12-01', input(now, 'America/New_York', { noSameDay: true }));
    expect(out.kept).toEqual([]);
    expect(out.removed[0]).toMatchObject({ rule: 'noSameDay', why: 'Not shown on the day it is booked' });
    expect(run('America/New_York', '2026-12-02', now, { noSameDay: true }).removed).toEqual([]);
  });
});

describe("the property's weekly windows, inside the agent's hours", () => {
  it('keeps only slots wholly inside a window of the weekday', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const out = run('America/New_York', '2026-12-01', now, {
      windows: [{ weekday: 2, start: '10:00', end: '12:00' }],
    });
    expect(out.kept.map((s) => s.time)).toEqual(['10:00:00', '10:30:00', '11:00:00', '11:30:00']);
    expect(out.removed[0]).toMatchObject({
      rule: 'windows',
      why: 'Shown on Tuesdays from 10:00 AM to 12:00 PM only',
    });
  });

  it('removes a weekday without a window', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const out = run('America/New_York', '2026-12-02', now, {
      windows: [{ weekday: 2, start: '10:00', end: '12:00' }],
    });
    expect(out.kept).toEqual([]);
    expect(out.removed[0]?.why).toBe('Not shown on Wednesdays');
  });

  it('spans the real time of the clock on spring forward (New York, 01:00–04:00 on 2026-03-08)', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const out = run('America/New_York', '2026-03-08', now, {
      windows: [{ weekday: 0, start: '01:00', end: '04:00' }],
    });
    // 2:00–3:00 does not exist that night: 1:00 EST to 4:00 EDT is two real hours, four showings.
    expect(iso(out.kept)).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
  });

  it('keeps both passes of the repeated hour on fall back (Los Angeles, 01:00–02:00 on 2026-11-01)', () => {
    const now = new Date('2026-10-25T12:00:00Z');
    const out = run('America/Los_Angeles', '2026-11-01', now, {
      windows: [{ weekday: 0, start: '01:00', end: '02:00' }],
    });
    expect(iso(out.kept)).toEqual([
      '2026-11-01T08:00:00.000Z',
      '2026-11-01T08:30:00.000Z',
      '2026-11-01T09:00:00.000Z',
      '2026-11-01T09:30:00.000Z',
    ]);
    expect(out.kept.every((s) => s.repeated)).toBe(true);
  });
});

describe('weekly and one-off blocks', () => {
  const now = new Date('2026-11-20T12:00:00Z');

  it('removes a weekly block and says why in plain words', () => {
    const out = run('America/New_York', '2026-12-01', now, {
      blocks: [
        {
          kind: 'weekly',
          weekday: 2,
          start: '17:00',
          end: '21:00',
          note: 'the occupants are home',
          by: 'agent',
        },
      ],
    });
    const removed = out.removed.map((r) => r.time);
    expect(removed).toEqual([
      '17:00:00',
      '17:30:00',
      '18:00:00',
      '18:30:00',
      '19:00:00',
      '19:30:00',
      '20:00:00',
      '20:30:00',
    ]);
    expect(out.removed[0]).toMatchObject({
      rule: 'block',
      why: 'Not shown 5–9 PM on Tuesdays: the occupants are home',
    });
    // Wednesday keeps its evening.
    expect(
      run('America/New_York', '2026-12-02', now, {
        blocks: [{ kind: 'weekly', weekday: 2, start: '17:00', end: '21:00', by: 'agent' }],
      }).removed,
    ).toEqual([]);
  });

  it("removes a seller's one-off block added from their link", () => {
    const out = run('America/New_York', '2026-12-01', now, {
      blocks: [
        {
          kind: 'once',
          date: '2026-12-01',
          start: '18:00',
          end: '19:00',
          by: 'contact',
          contactId: '9b0c3a0e-2d0b-4a44-9d7e-2a3f3b1c0d11',
        },
      ],
    });
    expect(out.removed.map((r) => r.time)).toEqual(['18:00:00', '18:30:00']);
    expect(out.removed[0]?.why).toBe(
      'Not shown 6–7 PM on Tuesday, December 1: the seller asked for this time',
    );
    // The same block on another date removes nothing.
    expect(
      run('America/New_York', '2026-12-08', now, {
        blocks: [{ kind: 'once', date: '2026-12-01', start: '18:00', end: '19:00', by: 'contact' }],
      }).removed,
    ).toEqual([]);
  });

  it('blocks both passes of the repeated hour on fall back (New York, 2026-11-01 01:00–02:00)', () => {
    const out = run('America/New_York', '2026-11-01', new Date('2026-10-25T12:00:00Z'), {
      blocks: [{ kind: 'once', date: '2026-11-01', start: '01:00', end: '02:00', by: 'agent' }],
    });
    expect(iso(out.slots.filter((s) => s.repeated))).toHaveLength(4);
    expect(out.kept.some((s) => s.repeated)).toBe(false);
    expect(out.removed).toHaveLength(4);
    expect(out.removed[0]?.why).toBe('Not shown 1–2 AM on Sunday, November 1');
  });

  it('reads a block with its exact hours, never a part of the day it does not cover (issue 39 §12)', () => {
    // A 4–5 PM block under "Shown Thursdays 1–5 PM" was "Not shown on Thursday afternoons".
    expect(blockWhy({ kind: 'weekly', weekday: 4, start: '16:00', end: '17:00', by: 'agent' })).toBe(
      'Not shown 4–5 PM on Thursdays',
    );
    expect(blockWhy({ kind: 'weekly', weekday: 1, start: '08:00', end: '11:00', by: 'agent' })).toBe(
      'Not shown 8–11 AM on Mondays',
    );
    expect(
      blockWhy({ kind: 'weekly', weekday: 6, start: '11:30', end: '13:00', by: 'agent', note: 'nap time' }),
    ).toBe('Not shown 11:30 AM–1 PM on Saturdays: nap time');
    expect(spanWords('12:00', '12:30')).toBe('12–12:30 PM');
  });
});

describe("windows outside the agent's working hours (issue 39 §12)", () => {
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => ({
    day_of_week,
    is_available: day_of_week >= 1 && day_of_week <= 5,
    intervals: day_of_week >= 1 && day_of_week <= 5 ? [{ start: '09:00', end: '17:00' }] : [],
  }));

  it('names each window the agent never works, by field, with the hours they do', () => {
    expect(
      windowsOutsideHours(
        [
          { weekday: 4, start: '13:00', end: '17:00' },
          { weekday: 4, start: '16:00', end: '19:00' },
          { weekday: 6, start: '10:00', end: '12:00' },
          { weekday: 2, start: '07:00', end: '10:00' },
        ],
        weekly,
      ),
    ).toEqual({
      'windows.1.end':
        'Thursday 4–7 PM is outside your working hours (your working hours on Thursdays are 9 AM–5 PM): buyers would never be offered it. Change the window, or your hours in Settings → Availability.',
      'windows.2.start':
        'Saturday 10 AM–12 PM is outside your working hours (you do not work on Saturdays): buyers would never be offered it. Change the window, or your hours in Settings → Availability.',
      'windows.3.start':
        'Tuesday 7–10 AM is outside your working hours (your working hours on Tuesdays are 9 AM–5 PM): buyers would never be offered it. Change the window, or your hours in Settings → Availability.',
    });
  });

  it("accepts windows inside one of the day's intervals, and no windows at all", () => {
    const split = weekly.map((d) =>
      d.day_of_week === 3
        ? {
            ...d,
            intervals: [
              { start: '09:00', end: '12:00' },
              { start: '13:00', end: '18:00' },
            ],
          }
        : d,
    );
    expect(windowsOutsideHours([{ weekday: 3, start: '13:00', end: '18:00' }], split)).toEqual({});
    expect(windowsOutsideHours(null, split)).toEqual({});
    expect(Object.keys(windowsOutsideHours([{ weekday: 3, start: '11:00', end: '14:00' }], split))).toEqual([
      'windows.0.end',
    ]);
  });
});

describe('at most N showings a day', () => {
  const now = new Date('2026-10-25T12:00:00Z');
  // Two showings on the fall-back day in Los Angeles, one late in its 25th hour.
  const showings = [
    { start: Date.parse('2026-11-01T17:00:00Z'), end: Date.parse('2026-11-01T17:30:00Z') },
    { start: Date.parse('2026-11-02T07:30:00Z'), end: Date.parse('2026-11-02T08:00:00Z') }, // 11:30 PM PST
  ];

  it('removes every slot of a full day', () => {
    const out = run('America/Los_Angeles', '2026-11-01', now, { maxPerDay: 2 }, showings);
    expect(out.kept).toEqual([]);
    expect(out.removed[0]).toMatchObject({
      rule: 'maxPerDay',
      why: 'Shown at most 2 times a day, and this day is full',
    });
  });

  it('keeps a day with room, and counts a showing on the day its agent-zone date says', () => {
    expect(run('America/Los_Angeles', '2026-11-01', now, { maxPerDay: 3 }, showings).removed).toEqual([]);
    // 11:30 PM PST on 1 November is 2 November in UTC: it does not fill 2 November.
    expect(run('America/Los_Angeles', '2026-11-02', now, { maxPerDay: 1 }, showings).removed).toEqual([]);
    expect(run('America/Los_Angeles', '2026-11-01', now, { maxPerDay: 1 }, showings.slice(1)).kept).toEqual(
      [],
    );
  });
});

describe('gap between showings', () => {
  it('removes slots closer than the gap to a showing, on both sides (half-open)', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const showing = { start: Date.parse('2026-12-01T19:00:00Z'), end: Date.parse('2026-12-01T19:30:00Z') }; // 2 PM
    const out = run('America/New_York', '2026-12-01', now, { gapMinutes: 30 }, [showing]);
    expect(out.removed.map((r) => r.time)).toEqual(['13:30:00', '14:00:00', '14:30:00']);
    expect(out.removed[0]?.why).toBe('The seller asks for 30 minutes between showings');
    expect(out.kept.map((s) => s.time)).toContain('13:00:00');
    expect(out.kept.map((s) => s.time)).toContain('15:00:00');
  });

  it('measures the gap in real minutes across spring forward (New York, 2026-03-08)', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const showing = { start: Date.parse('2026-03-08T06:30:00Z'), end: Date.parse('2026-03-08T07:00:00Z') }; // 1:30 EST
    const out = run('America/New_York', '2026-03-08', now, { gapMinutes: 30 }, [showing]);
    // 3:00 EDT starts right at its end (07:00Z), 30 real minutes before 3:30 EDT.
    expect(out.removed.map((r) => r.time)).toEqual(['01:00:00', '01:30:00', '03:00:00']);
  });
});

describe('the approval a booking takes', () => {
  it("follows the agent's setting when the property has none", () => {
    expect(effectiveApproval(null, true)).toBe('agent');
    expect(effectiveApproval({ approval: null }, false)).toBe('instant');
  });

  it("overrides the agent's setting when the property has one", () => {
    expect(effectiveApproval({ approval: 'instant' }, true)).toBe('instant');
    expect(effectiveApproval({ approval: 'agent' }, false)).toBe('agent');
    expect(effectiveApproval({ approval: 'seller' }, false)).toBe('seller');
  });

  it('says who is waited for and whether bookings are taken', () => {
    expect(startsPending('instant')).toBe(false);
    expect(['agent', 'seller', 'agent_then_seller'].every((m) => startsPending(m as 'agent'))).toBe(true);
    expect(needsSeller('agent')).toBe(false);
    expect(needsSeller('agent_then_seller')).toBe(true);
    expect(takesBookings('instructions')).toBe(false);
    expect(takesBookings('seller')).toBe(true);
  });
});

describe("buyer's agents", () => {
  const booking = {
    clientName: 'Ana Buyer',
    clientEmail: 'ana@example.com',
    clientPhone: '+15551230000',
    buyerAgentName: null,
    buyerAgentEmail: null,
    buyerAgentPhone: null,
  };

  it('sends to the buyer alone without a buyer agent, and to both with one', () => {
    expect(accessRecipients(booking).map((r) => r.role)).toEqual(['buyer']);
    const both = accessRecipients({
      ...booking,
      buyerAgentName: 'Bo Agent',
      buyerAgentEmail: 'bo@brokerage.example',
      buyerAgentPhone: '+15551239999',
    });
    expect(both).toEqual([
      { role: 'buyer', name: 'Ana Buyer', email: 'ana@example.com', phone: '+15551230000' },
      { role: 'buyer_agent', name: 'Bo Agent', email: 'bo@brokerage.example', phone: '+15551239999' },
    ]);
  });

  it('asks for name, brokerage, licence number and phone; the e-mail is optional', () => {
    const parsed = buyerAgentSchema.safeParse({
      name: 'Bo',
      brokerage: '',
      licence_number: 'L-1',
      phone: '',
    });
    expect(parsed.success).toBe(false);
    const fields = parsed.error?.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['brokerage', 'phone']));
    const ok = buyerAgentSchema.parse({
      name: 'Bo',
      brokerage: 'Acme Realty',
      licence_number: 'L-1',
      phone: '(555) 123-9999',
      email: '',
    });
    expect(ok.email).toBeNull();
  });
});
