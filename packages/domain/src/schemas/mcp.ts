// The arguments of the MCP server's tools (issue 34 §3, decision 059). The booking tool takes the booking page's
// own request (spec §3) and the manage tools the manage link's token, so an AI assistant is held to the same
// validation, with the same messages, as a buyer on the page.
import { z } from 'zod';
import { DAY_PARTS } from '../dayParts';
import { MESSAGES } from '../messages';
import { holdMinutesLabel } from '../slots/holds';
import {
  bookingRequestShape,
  checkBudgetOrder,
  holdTokenField,
  RESCHEDULE_REASON_MAX_LENGTH,
} from './booking';
import { isoDateSchema, requiredText, time24Schema } from './common';
import { int4 } from './numbers';
import { holdRequestSchema, holdTokenSchema } from './holds';
import { cancelBookingRequestSchema } from './publicBooking';

/** At most this many days between `from` and `to` in one search for open times. */
export const MCP_SEARCH_MAX_DAYS = 14;
/** At most this many open times in one answer (the earliest first). */
export const MCP_SEARCH_MAX_SLOTS = 60;

export const MCP_MESSAGES = {
  rangeOrder: 'The end date must be on or after the start date.',
  rangeTooLong: `Search at most ${MCP_SEARCH_MAX_DAYS} days at a time.`,
  dayPart: `Part of the day is one of ${DAY_PARTS.join(', ')}.`,
  tokenMissing: 'The manage link is incomplete',
  agentIdMissing: 'agent_id is required: the agent’s id from their booking link (/bookme/<agent id>/…).',
  tooManyWrites: 'Too many bookings from this address. Please try again in a minute.',
  internal: 'Something went wrong on our side. Please try again.',
  /** Issue 44: what hold_open_time says of the hold it made (`until`: the server's ISO instant). */
  held: (minutes: number, until: string) =>
    `This time is held for this buyer for ${holdMinutesLabel(minutes)} (until ${until}): nobody else is ` +
    'offered it or can book it meanwhile. Ask the buyer’s details now and book it with book_showing and this ' +
    'hold_token before then; after that it can still be booked if nobody else has.',
  /** Issue 44: release_hold's answer (an unknown or ended hold answers the same). */
  released: 'The hold is let go: the time is offered to everyone again.',
} as const;

const agentId = requiredText(MCP_MESSAGES.agentIdMissing)
  .max(100)
  .describe("The agent's id (from their booking link, /bookme/<agent id>/…)");
const token = requiredText(MCP_MESSAGES.tokenMissing)
  .max(200)
  .describe('The manage token the booking answer gave (manage_token)');

export const mcpListPropertiesInput = z.object({ agent_id: agentId });

export const mcpFindTimesInput = z
  .object({
    agent_id: agentId,
    property_id: int4('Property id', { min: 1 })
      .nullish()
      .describe('A property id from list_properties; leave out for a consultation with the agent'),
    from: isoDateSchema.describe("First date, yyyy-MM-dd, on the agent's calendar"),
    to: isoDateSchema.describe(`Last date, yyyy-MM-dd (at most ${MCP_SEARCH_MAX_DAYS} days after from)`),
    part_of_day: z
      .enum(DAY_PARTS, { error: MCP_MESSAGES.dayPart })
      .nullish()
      .describe('morning (before 12:00), afternoon (12:00–17:00) or evening (from 17:00), agent time'),
  })
  .superRefine((input, ctx) => {
    if (input.to < input.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: MCP_MESSAGES.rangeOrder });
    else if (daysBetween(input.from, input.to) >= MCP_SEARCH_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: MCP_MESSAGES.rangeTooLong });
    }
  });
export type McpFindTimesInput = z.output<typeof mcpFindTimesInput>;

/** The booking page's request (spec §3) and an optional key that makes a retried call answer the first result. */
export const mcpBookInput = z
  .object({
    ...bookingRequestShape(),
    // The page fills agent_id in itself; a caller of the tool must name it, so its refusal names the field.
    agent_id: agentId,
    idempotency_key: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .nullish()
      .describe('Any unique text; a retry with the same key and arguments answers the first booking'),
    // Issue 44: the hold hold_open_time made for this time — the booking uses it up and wins against others.
    hold_token: holdTokenField.describe(
      'The hold_token hold_open_time answered for this time, so the booking uses the hold',
    ),
  })
  .superRefine(checkBudgetOrder);

/**
 * Issue 44: one of find_open_times' times, held for the caller's buyer while the assistant asks their details —
 * the booking page's hold request (its fields and messages), the agent named as every tool names it.
 */
export const mcpHoldInput = holdRequestSchema.omit({ reschedule_token: true }).extend({
  agent_id: agentId,
  replaces: holdTokenSchema
    .nullish()
    .describe(
      'The hold_token of an earlier hold of this buyer (another time chosen): let go in the same step',
    ),
});

export const mcpReleaseHoldInput = z.object({
  hold_token: holdTokenSchema.describe('The hold_token hold_open_time answered'),
});

export const mcpBookingTokenInput = z.object({ token });

export const mcpRescheduleInput = z.object({
  token,
  booking_date: isoDateSchema.describe("The new date, yyyy-MM-dd, on the agent's calendar"),
  booking_time: time24Schema.describe("The new time, HH:mm, on the agent's clock"),
  starts_at: z.iso
    .datetime({ offset: true })
    .nullish()
    .describe('The open time’s starts_at from find_open_times (names the pass of a repeated hour)'),
  reschedule_reason: requiredText(MESSAGES.rescheduleReasonRequired).max(
    RESCHEDULE_REASON_MAX_LENGTH,
    `Reason must be at most ${RESCHEDULE_REASON_MAX_LENGTH} characters`,
  ),
});

export const mcpCancelInput = cancelBookingRequestSchema.extend({ token });

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}
