// Issue 44 "Cut-offs": the rule to the minute, the property's override, and the buyer's message.
import { describe, expect, it } from 'vitest';
import { agentChangeCutoffSchema } from './schemas/changeCutoff';
import {
  buyerMayChange,
  changeClosedMessage,
  changesCloseAt,
  cutoffChoiceLabel,
  effectiveCutoffHours,
} from './changeCutoff';

const START = new Date('2026-03-08T15:00:00Z');
const at = (iso: string) => new Date(iso);

describe('the buyer change cut-off', () => {
  it('closes exactly N hours before the start: a minute before is allowed, the minute itself is not', () => {
    expect(changesCloseAt(START, 24).toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(buyerMayChange(START, at('2026-03-07T14:59:00Z'), 24)).toBe(true);
    expect(buyerMayChange(START, at('2026-03-07T14:59:59.999Z'), 24)).toBe(true);
    expect(buyerMayChange(START, at('2026-03-07T15:00:00Z'), 24)).toBe(false);
    expect(buyerMayChange(START, at('2026-03-07T15:01:00Z'), 24)).toBe(false);
  });

  it('counts elapsed hours across a DST change (the US spring-forward night of 2026-03-08)', () => {
    // 24 hours before 10:00 New York time on the 8th (EDT) is 09:00 on the 7th (EST), one wall-clock hour less.
    const start = at('2026-03-08T14:00:00Z');
    expect(changesCloseAt(start, 24).toISOString()).toBe('2026-03-07T14:00:00.000Z');
  });

  it('with 0 (the default) changes stay open until the start, as before', () => {
    expect(buyerMayChange(START, at('2026-03-08T14:59:00Z'), 0)).toBe(true);
    expect(buyerMayChange(START, START, 0)).toBe(false);
  });

  it("a property's own cut-off wins, 0 included; null follows the agent", () => {
    expect(effectiveCutoffHours(24, null)).toBe(24);
    expect(effectiveCutoffHours(24, undefined)).toBe(24);
    expect(effectiveCutoffHours(24, 2)).toBe(2);
    expect(effectiveCutoffHours(24, 0)).toBe(0);
  });

  it('accepts whole hours up to a week', () => {
    expect(agentChangeCutoffSchema.safeParse({ hours: 168 }).success).toBe(true);
    expect(agentChangeCutoffSchema.safeParse({ hours: 169 }).success).toBe(false);
    expect(agentChangeCutoffSchema.safeParse({ hours: -1 }).success).toBe(false);
    expect(agentChangeCutoffSchema.safeParse({ hours: 1.5 }).success).toBe(false);
  });

  it('says who decided, that nothing changed, and how to reach the agent', () => {
    expect(changeClosedMessage(1, 'Dana Whitfield')).toBe(
      'Dana Whitfield takes changes to a showing only up to 1 hour before it starts, so it can no longer be ' +
        'cancelled or rescheduled here. Your showing is unchanged: call or text Dana Whitfield to change it.',
    );
    expect(cutoffChoiceLabel(0)).toBe('Any time before the showing starts');
    expect(cutoffChoiceLabel(24)).toBe('Up to 24 hours before');
  });
});
