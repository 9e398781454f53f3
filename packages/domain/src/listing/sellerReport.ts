// The live seller report (issue 32 §4): what a seller or occupant sees at /seller/:token — the listing's
// showings by week, the buyers' feedback (names hidden), the price-opinion and interest distributions, the
// sentiment summary, the listing against the agent's other listings, and the agent's notes. The payload and
// the page's texts; the API computes it (modules/seller-report), the page only lays it out.
import { z } from 'zod';

/** How a showing counts in the report's weeks. */
export const SELLER_WEEK_KINDS = ['done', 'upcoming', 'cancelled', 'no_show'] as const;
export type SellerWeekKind = (typeof SELLER_WEEK_KINDS)[number];

/**
 * A showing's column in the report: `done` (completed, or confirmed and over), `upcoming` (pending or confirmed
 * and not over), `cancelled` (cancelled or declined), `no_show`; a moved booking counts as the one it became
 * (null: not counted).
 */
export function sellerWeekKind(status: string, endsAt: Date, now: Date): SellerWeekKind | null {
  switch (status) {
    case 'completed':
      return 'done';
    case 'confirmed':
      return endsAt.getTime() <= now.getTime() ? 'done' : 'upcoming';
    case 'pending':
      return endsAt.getTime() <= now.getTime() ? null : 'upcoming';
    case 'cancelled':
    case 'declined':
      return 'cancelled';
    case 'no_show':
      return 'no_show';
    default:
      return null;
  }
}

const count = z.number().int().min(0);

export const sellerReportSchema = z.object({
  success: z.literal(true),
  contact: z.object({ name: z.string() }),
  property: z.object({ address: z.string(), city: z.string(), state: z.string(), listed_on: z.string() }),
  agent: z.object({
    name: z.string(),
    companyName: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    logoUrl: z.string().nullable(),
    primaryColor: z.string(),
    onPrimaryColor: z.string(),
  }),
  /** Weeks (Monday, agent's zone, 'yyyy-MM-dd'), oldest first. */
  weeks: z.array(
    z.object({ week_of: z.string(), done: count, upcoming: count, cancelled: count, no_show: count }),
  ),
  totals: z.object({ done: count, upcoming: count, cancelled: count, no_show: count }),
  feedback: z.array(
    z.object({
      date: z.string(),
      /** Never the buyer's name: "Buyer 1", "Buyer 2" in order of their showing. */
      buyer: z.string(),
      rating: z.number().int(),
      interest: z.string(),
      price_opinion: z.string().nullable(),
      liked: z.string().nullable(),
      disliked: z.string().nullable(),
      comments: z.string().nullable(),
    }),
  ),
  price_opinions: z.object({ too_high: count, fair: count, good_value: count }),
  interest: z.object({ very_interested: count, somewhat_interested: count, not_interested: count }),
  sentiment: z.object({
    label: z.string(),
    positive: z.array(z.string()),
    negative: z.array(z.string()),
  }),
  comparison: z.object({
    this_listing: z.number(),
    /** The mean over the agent's other listings, null when there are none. */
    other_listings: z.number().nullable(),
    other_count: count,
  }),
  /** Issue 45: downloads of the listing's documents (figures.ts documentDownloads), since it was listed. */
  document_downloads: count,
  notes: z.string(),
  generated_at: z.string(),
});
export type SellerReport = z.infer<typeof sellerReportSchema>;

export const sellerNotesSchema = z.object({ notes: z.string().trim().max(5000) });

export const SELLER_REPORT_TEXTS = {
  title: 'Showing report',
  showingsHeading: 'Showings by week',
  weekOf: 'Week of',
  kinds: { done: 'Done', upcoming: 'Upcoming', cancelled: 'Cancelled', no_show: 'No-show' },
  feedbackHeading: 'What buyers said',
  noFeedback: 'No feedback yet.',
  namesHidden: "Buyers' names are not shown.",
  priceHeading: 'What buyers think of the price',
  price: { too_high: 'Too high', fair: 'Fair', good_value: 'Good value' },
  interestHeading: 'How interested buyers are',
  interest: {
    very_interested: 'Very interested',
    somewhat_interested: 'Somewhat interested',
    not_interested: 'Not interested',
  },
  sentimentHeading: 'Overall feeling',
  sentiment: {
    positive: 'Mostly positive',
    negative: 'Mostly negative',
    mixed: 'Mixed',
    neutral: 'Neutral',
  } as Record<string, string>,
  liked: 'What buyers liked',
  likedOne: 'Liked',
  dislikedOne: 'Did not like',
  disliked: 'What gave buyers pause',
  comparisonHeading: 'Compared with the agent’s other listings',
  thisListing: 'This listing',
  otherListings: 'The agent’s other listings (average)',
  notesHeading: 'Notes from your agent',
  print: 'Print',
  noShowings: 'No showings yet.',
  updated: 'Updated',
  revoked: 'This report link is no longer active. Ask your agent for a new one.',
} as const;
