// THE place where an agent's rules and busy time become the slots a buyer is offered — the public slots of a
// date, the month's bookable dates and the server's check of a booked time all come through openSlots, so a
// further filter (travel time between showings, say) added here applies to all three alike. A property's own
// showing rules (issue 32, domain listing/applyRules.ts) are applied here, after the engine, then the agent's
// daily cap across all their listings (issue 44, domain slots/agentDailyCap.ts).
import {
  applyShowingRules,
  effectiveApproval,
  takesBookings,
  type RulesOutcome,
} from '@keyturn/domain/listing/applyRules';
import { withAgentDailyCap } from '@keyturn/domain/slots/agentDailyCap';
import { computeDaySlots, type DateWindow, type Slot } from '@keyturn/domain/slots/engine';
import { isValidIsoDate } from '@keyturn/domain/time';
import type { SlotInputs } from './slot-inputs';

type Inputs = Pick<SlotInputs, 'rules' | 'busy'> &
  Partial<
    Pick<SlotInputs, 'showingRules' | 'propertyShowings' | 'requiresApproval' | 'dailyCap' | 'showings'>
  >;

/** Open slots per agent-zone date of `window` (every date a key, in order; [] outside the booking window). */
export function openSlots(inputs: Inputs, now: Date, window: DateWindow): Map<string, Slot[]> {
  const found = computeDaySlots(engineRules(inputs), inputs.busy, now, window);
  if (!inputs.showingRules && (inputs.dailyCap ?? null) === null) return found;
  for (const [date, slots] of found) found.set(date, afterRules(inputs, now, date, slots).kept);
  return found;
}

/** The open slots of one agent-zone date, in time order. */
export function openSlotsOfDate(inputs: Inputs, now: Date, date: string): Slot[] {
  return openSlotsWithReasons(inputs, now, date).kept;
}

/**
 * The open slots of one date and what the property's rules removed, with why (the buyer page's plain words)
 * and the suggested-notice note. Without property rules nothing is removed.
 */
export function openSlotsWithReasons(inputs: Inputs, now: Date, date: string): RulesOutcome {
  const slots = isValidIsoDate(date)
    ? (computeDaySlots(engineRules(inputs), inputs.busy, now, { from: date, to: date }).get(date) ?? [])
    : [];
  return afterRules(inputs, now, date, slots);
}

/** The property's rules (when a property is booked), then the agent's daily cap (when set). */
function afterRules(inputs: Inputs, now: Date, date: string, slots: Slot[]): RulesOutcome {
  const outcome = inputs.showingRules
    ? withShowingRules(inputs, now, date, slots)
    : { kept: slots, removed: [], shortNotice: new Set<number>(), noticeNote: null };
  return withAgentDailyCap(outcome, date, {
    cap: inputs.dailyCap ?? null,
    timeZone: inputs.rules.timeZone,
    starts: (inputs.showings ?? []).map((s) => s.startsAt),
  });
}

/** The agent's rules as the engine takes them: a property's own hard notice replaces the agent's. */
function engineRules(inputs: Inputs): SlotInputs['rules'] {
  const notice = inputs.showingRules?.minNoticeMinutes ?? null;
  return notice === null ? inputs.rules : { ...inputs.rules, minimumNoticeMinutes: 0 };
}

const INSTRUCTIONS_WHY = 'Booked through the listing agent: see the showing instructions';

function withShowingRules(inputs: Inputs, now: Date, date: string, slots: Slot[]): RulesOutcome {
  const rules = inputs.showingRules!;
  if (!takesBookings(effectiveApproval(rules, inputs.requiresApproval ?? false))) {
    return {
      kept: [],
      removed: slots.map((s) => ({
        time: s.time,
        startsAt: s.startsAt,
        rule: 'windows',
        why: INSTRUCTIONS_WHY,
      })),
      shortNotice: new Set(),
      noticeNote: null,
    };
  }
  return applyShowingRules(slots, date, {
    rules,
    timeZone: inputs.rules.timeZone,
    now,
    showings: inputs.propertyShowings ?? [],
  });
}
