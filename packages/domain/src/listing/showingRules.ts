// The listing side (issue 32): how one property is shown, and who besides the agent is in the loop. Shared by the
// API (storage, the slot engine, approvals) and the web app (the property's "Showing rules" and "Sellers and
// occupants" parts). A property without a rules row follows its agent's settings: nothing changes for an agent
// who never opens these parts.
import { z } from 'zod';
import { changeCutoffHoursSchema } from '../schemas/changeCutoff';

/**
 * How a property is shown.
 * - `instant`: booked and confirmed at once;
 * - `agent`: the agent approves each request;
 * - `seller`: the seller approves instead of the agent;
 * - `agent_then_seller`: the agent approves, then the seller;
 * - `instructions`: no booking — the page shows the listing's showing instructions and the agent's contact.
 * Stored null: the agent's own setting (`requires_approval` → `agent`, else `instant`).
 */
export const APPROVAL_MODES = ['instant', 'agent', 'seller', 'agent_then_seller', 'instructions'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** A time of day, 'HH:mm' (24 h), in the property's zone (its agent's zone). */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 09:30');
const span = z
  .object({ start: clock, end: clock })
  .refine((s) => s.start < s.end, { message: 'The end must be after the start', path: ['end'] });

/** Weekdays 0 (Sunday) … 6 (Saturday), as the agent's weekly hours use them. */
const weekday = z.number().int().min(0).max(6);

/**
 * A time the property is not shown. `weekly` recurs (occupants home Tuesday evenings); `once` is one date
 * ('yyyy-MM-dd' in the property's zone). `by` says who set it: the agent, or a seller/occupant from their link
 * (`contactId`).
 */
export const showingBlockSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('weekly'),
    weekday,
    ...span.shape,
    note: z.string().trim().max(200).optional(),
    by: z.enum(['agent', 'contact']).default('agent'),
    contactId: z.string().uuid().optional(),
  }),
  z.object({
    kind: z.literal('once'),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-12-01'),
    ...span.shape,
    note: z.string().trim().max(200).optional(),
    by: z.enum(['agent', 'contact']).default('agent'),
    contactId: z.string().uuid().optional(),
  }),
]);
export type ShowingBlock = z.infer<typeof showingBlockSchema>;

/** The property's own weekly windows, inside the agent's hours; null = the agent's hours. */
export const propertyWindowsSchema = z.array(z.object({ weekday, ...span.shape })).max(70);

export const showingRulesSchema = z
  .object({
    approval: z.enum(APPROVAL_MODES).nullable().default(null),
    /** Shown to buyers when `approval` is `instructions` (and kept for the agent otherwise). */
    instructions: z.string().trim().max(2000).nullable().default(null),
    /** Hard minimum notice: a later start is refused. null = the agent's minimum notice. */
    minNoticeMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 14)
      .nullable()
      .default(null),
    /** Suggested notice: allowed, with a visible note to the buyer. */
    suggestedNoticeMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 14)
      .nullable()
      .default(null),
    noSameDay: z.boolean().default(false),
    windows: propertyWindowsSchema.nullable().default(null),
    blocks: z.array(showingBlockSchema).max(200).default([]),
    maxPerDay: z.number().int().min(1).max(50).nullable().default(null),
    gapMinutes: z.number().int().min(0).max(240).nullable().default(null),
    /** Access details (lockbox code …) are released this many minutes before the showing. */
    accessReleaseMinutes: z
      .number()
      .int()
      .min(5)
      .max(60 * 24)
      .default(60),
    /** Issue 44: buyers may cancel or reschedule up to this many hours before (0: until the start). null = the agent's. */
    changeCutoffHours: changeCutoffHoursSchema.nullable().default(null),
  })
  // The spans' own start < end check does not survive spreading their shape: checked here, per item.
  .superRefine((rules, ctx) => {
    const check = (list: readonly { start: string; end: string }[] | null, field: string) =>
      list?.forEach((s, i) => {
        if (s.start >= s.end) {
          ctx.addIssue({
            code: 'custom',
            path: [field, i, 'end'],
            message: 'The end must be after the start',
          });
        }
      });
    check(rules.windows, 'windows');
    check(rules.blocks, 'blocks');
  });
export type ShowingRules = z.infer<typeof showingRulesSchema>;
/** What a client sends (defaults may be left out). */
export type ShowingRulesInput = z.input<typeof showingRulesSchema>;

/** The rules of a property that never had any saved: every field follows the agent. */
export const DEFAULT_SHOWING_RULES: ShowingRules = showingRulesSchema.parse({});

export const CONTACT_ROLES = ['seller', 'occupant', 'tenant', 'co_listing_agent'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

export const CONTACT_CHANNELS = ['email', 'sms', 'both'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** What a seller/occupant contact receives. */
export const contactGetsSchema = z.object({
  approvals: z.boolean().default(false),
  notices: z.boolean().default(false),
  feedback: z.boolean().default(false),
  weeklyReport: z.boolean().default(false),
});
export type ContactGets = z.infer<typeof contactGetsSchema>;

/**
 * GET/PUT /api/properties/:id/showing-rules (issue 32): the property's rules and the agent's own settings that
 * a null field follows (the form's "Same as your settings").
 */
export const showingRulesViewSchema = z.object({
  rules: showingRulesSchema,
  defaults: z.object({
    approval: z.enum(APPROVAL_MODES),
    minNoticeMinutes: z.number().int(),
    bufferMinutes: z.number().int(),
    /** The agent's own cut-off for buyers' changes (issue 44). */
    changeCutoffHours: z.number().int(),
  }),
});
export type ShowingRulesView = z.infer<typeof showingRulesViewSchema>;
