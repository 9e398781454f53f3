// Optimise's time proposals (issue 29, decision 042): the agent's view on My day and the buyer's page
// (GET /api/booking/proposal?token=, POST …/accept and …/keep).
import { z } from 'zod';
import { TIME_PROPOSAL_STATUSES } from '../routes/proposals';
import { managedBookingSchema } from './publicBooking';

const status = z.enum(TIME_PROPOSAL_STATUSES);

/** One proposal as the agent sees it on My day. */
export const dayProposalSchema = z.object({
  id: z.string(),
  /** The booking the proposal was made for (the original, before any move). */
  booking_id: z.string(),
  client_name: z.string(),
  address: z.string(),
  from_starts_at: z.string(),
  starts_at: z.string(),
  status,
  answered_at: z.string().nullable(),
});
export type DayProposal = z.infer<typeof dayProposalSchema>;

/** The buyer's proposal page: the booking as it is now (with the agent's branding) and the proposed time. */
export const publicProposalSchema = z.object({
  status,
  from_starts_at: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The zone the times are shown in (the agent's, where the property is). */
  time_zone: z.string(),
  booking: managedBookingSchema,
  /** The manage token of the booking as it is now (after an accept: the moved one) — "Pick another time". */
  manage_token: z.string(),
  /** Issue 39 §7: who proposed it — the agent (Optimise) or the seller (their approval link): the page's words. */
  proposed_by: z.enum(['agent', 'seller']),
});
export type PublicProposal = z.infer<typeof publicProposalSchema>;
export const publicProposalResponseSchema = z.object({
  success: z.literal(true),
  data: publicProposalSchema,
});

export const proposalTokenSchema = z.object({
  token: z.string().trim().min(1, 'The link is incomplete').max(200, 'The link is incomplete'),
});
