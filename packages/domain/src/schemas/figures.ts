// Payloads of the figures outside reports (issue 29, decision 046): each key is a figure id of figures.ts,
// so a screen reads its label from the same definition the server counted by.
import { z } from 'zod';

const count = z.number().int().nonnegative();

/** The caller's own counts of the overview (no lead classification: that is the Feedback page's work). */
export const ownCountsSchema = z.object({
  pendingRequests: count,
  bookingsThisMonth: count,
  properties: count,
});
export type OwnCounts = z.infer<typeof ownCountsSchema>;

/** The whole team's counts, for an agent in a team (null outside one). */
export const teamCountsSchema = z.object({ bookingsThisMonth: count, properties: count });
export type TeamCounts = z.infer<typeof teamCountsSchema>;

/** The caller's buyers by their class today (the Feedback page's classes). */
export const buyerClassCountsSchema = z.object({
  hotBuyers: count,
  potentialBuyers: count,
  coldBuyers: count,
});
export type BuyerClassCounts = z.infer<typeof buyerClassCountsSchema>;

/** GET /api/figures: every non-report figure of the caller, own and team's. */
export const figuresSchema = z.object({
  own: ownCountsSchema.extend(buyerClassCountsSchema.shape),
  team: teamCountsSchema.nullable(),
});
export type Figures = z.infer<typeof figuresSchema>;
