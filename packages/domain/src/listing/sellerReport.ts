// The live seller report (issue 32 §4): what a seller or occupant sees at /seller/:token — the listing's
// showings by week, the buyers' feedback (names hidden), the price-opinion and interest distributions, the
// sentiment summary, the listing against the agent's other listings, and the agent's notes. The payload and
// the page's texts; the API computes it (modules/seller-report), the page only lays it out.
import { z } from 'zod';
import { plainText } from '../i18n/english';
import english from '../i18n/en/seller.json' with { type: 'json' };
import { INTEREST_LEVEL_LABELS, PRICE_OPINION_LABELS } from '../schemas/feedback';

const EN = english as Record<keyof typeof english, unknown>;

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

/** The page reads these from the `seller` catalogue in its language; the English exports (the agent's dialog, the
 * digest e-mail) are its entries. */
export const SELLER_REPORT_TEXTS = {
  title: plainText(EN.reportTitle),
  showingsHeading: plainText(EN.showingsHeading),
  weekOf: plainText(EN.weekOf),
  kinds: {
    done: plainText(EN.kindDone),
    upcoming: plainText(EN.kindUpcoming),
    cancelled: plainText(EN.kindCancelled),
    no_show: plainText(EN.kindNoShow),
  },
  feedbackHeading: plainText(EN.feedbackHeading),
  noFeedback: plainText(EN.noFeedback),
  namesHidden: plainText(EN.namesHidden),
  priceHeading: plainText(EN.priceHeading),
  price: PRICE_OPINION_LABELS,
  interestHeading: plainText(EN.interestHeading),
  interest: INTEREST_LEVEL_LABELS,
  sentimentHeading: plainText(EN.sentimentHeading),
  sentiment: {
    positive: plainText(EN.sentimentPositive),
    negative: plainText(EN.sentimentNegative),
    mixed: plainText(EN.sentimentMixed),
    neutral: plainText(EN.sentimentNeutral),
  } as Record<string, string>,
  liked: plainText(EN.liked),
  likedOne: plainText(EN.likedOne),
  dislikedOne: plainText(EN.dislikedOne),
  disliked: plainText(EN.disliked),
  comparisonHeading: plainText(EN.comparisonHeading),
  thisListing: plainText(EN.thisListing),
  otherListings: plainText(EN.otherListings),
  notesHeading: plainText(EN.notesHeading),
  print: plainText(EN.print),
  noShowings: plainText(EN.noShowings),
  updated: plainText(EN.updated),
  revoked: plainText(EN.revoked),
} as const;

/** A week kind's key in the `seller` catalogue. */
export const SELLER_WEEK_KIND_KEYS = {
  done: 'kindDone',
  upcoming: 'kindUpcoming',
  cancelled: 'kindCancelled',
  no_show: 'kindNoShow',
} as const satisfies Record<SellerWeekKind, keyof typeof english>;

/** A sentiment label's key in the `seller` catalogue (an unknown label is shown as it came). */
export const SELLER_SENTIMENT_KEYS: Record<string, keyof typeof english> = {
  positive: 'sentimentPositive',
  negative: 'sentimentNegative',
  mixed: 'sentimentMixed',
  neutral: 'sentimentNeutral',
};
