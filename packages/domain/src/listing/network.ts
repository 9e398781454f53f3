// Issue 45 "The showing network": every signed-in agent is also a buyer's agent. They find the published
// listings of the server's other agents ("Find homes to show"), ask for a showing for their client through the
// listing's own booking rules and approval chain, and follow their requests ("My showing requests"). Pure: the
// search and request payloads, the answers' shapes, the state of a request and every sentence about it.
import { z } from 'zod';
import { BOOKING_STATUSES, type BookingStatus } from '../enums';
import { buyerTypeSchema, MESSAGE_MAX_LENGTH, SLOT_INSTANT_MESSAGE } from '../schemas/booking';
import { emailSchema, isoDateSchema, requiredText, time24Schema } from '../schemas/common';
import { queryInt4 } from '../schemas/numbers';
import { phoneSchema } from '../schemas/phone';
import { PROPERTY_TYPES } from '../schemas/property';

/** The dashboard's pages of the network. */
export const NETWORK_PATHS = {
  find: '/dashboard/network',
  requests: '/dashboard/network/requests',
  /** The cross-agent tours (issue 45's tours, their own feature). */
  tours: '/dashboard/network/tours',
} as const;

/** Listings per page of "Find homes to show", at most. */
export const NETWORK_PAGE_MAX = 50;
export const NETWORK_PAGE_DEFAULT = 20;

/** Where a buyer's agent's request stands, as they read it. */
export const NETWORK_REQUEST_STATES = [
  'requested',
  'waiting_for_seller',
  'proposed',
  'confirmed',
  'declined',
  'cancelled',
  'completed',
] as const;
export type NetworkRequestState = (typeof NETWORK_REQUEST_STATES)[number];

export const NETWORK_TEXTS = {
  navLabel: 'Find homes',
  findTitle: 'Find homes to show',
  findIntro:
    "Published listings of the other agents on this server. Pick a home, a date and a time: the listing's own showing rules apply, and its agent (and, where they approve showings, the seller) decides.",
  requestsTitle: 'My showing requests',
  requestTitle: 'Showing request',
  requestsLink: 'My showing requests',
  findLink: 'Find homes to show',
  loadError: 'Could not load this. Please try again.',
  requestsIntro: 'Showings you asked for on other agents’ listings, newest first.',
  requestsEmpty: 'No showing requests yet. Find a home to show and ask for a time.',
  searchLabel: 'Address, city or ZIP',
  cityLabel: 'City',
  minPriceLabel: 'Min price',
  maxPriceLabel: 'Max price',
  bedsLabel: 'Beds (at least)',
  searchAction: 'Search',
  noResults: 'No listings match. Try a wider search.',
  moreAction: 'Show more',
  listedBy: (agent: string, company: string | null) => (company ? `${agent}, ${company}` : agent),
  /** Under a proposed request's asked time: the time the listing's side proposed (its clock). */
  proposedInstead: (time: string) => `The listing’s side proposed ${time} instead.`,
  requestAction: 'Request a showing',
  dateLabel: 'Date',
  timesLabel: 'Open times',
  noTimes: 'No open times on this date. Try another date.',
  clientHeading: 'Your client',
  clientName: 'Client’s full name',
  clientEmail: 'Client’s e-mail',
  clientPhone: 'Client’s phone',
  brokerageLabel: 'Your brokerage',
  licenceLabel: 'Your licence number',
  messageLabel: 'Message to the listing agent (optional)',
  smsConsentLabel: 'Text me about this showing',
  smsConsentHint: (phone: string) =>
    `Texts go to your own number (${phone}), never to your client. Reply STOP to end them.`,
  noTexts: 'This listing’s agent does not send texts: you will get every update by e-mail.',
  noPhone: 'Add your phone number in Settings → Profile: the listing agent and the texts reach you there.',
  submitAction: 'Send the request',
  sendingAction: 'Sending…',
  pickTime: 'Choose an open time.',
  timesIn: (zone: string) => `Times are the listing’s local time (${zone}).`,
  closeAction: 'Close',
  sent: (agent: string, seller: boolean) =>
    seller
      ? `Sent to ${agent} — they and the seller approve it; we'll e-mail you their answer.`
      : `Sent to ${agent} — they approve it; we'll e-mail you their answer.`,
  confirmedNow: (agent: string) =>
    `Confirmed: ${agent}'s listing takes this time. We've e-mailed you the details.`,
  ownListing:
    'This is your own listing: book showings of your own listings from Bookings, not from Find homes to show.',
  notListed: 'This listing is not in Find homes to show.',
  listingOptIn: 'Listed in “Find homes to show” for the other agents on this server',
  listingOptInHint:
    'Other agents see the address, price, beds, baths, type and first photo, and can ask for showings that follow this listing’s rules.',
  states: {
    requested: 'Waiting for the listing agent',
    waiting_for_seller: 'Waiting for the seller',
    proposed: 'Another time proposed',
    confirmed: 'Confirmed',
    declined: 'Declined',
    cancelled: 'Cancelled',
    completed: 'Completed',
  } satisfies Record<NetworkRequestState, string>,
  listingAgent: 'Listing agent',
  client: 'Client',
} as const;

/** What the request's state is made of: the booking's status and what it still waits for. */
export type RequestStateInput = {
  status: BookingStatus;
  /** The seller's approval request is open (their answer is awaited). */
  awaitingSeller: boolean;
  /** A different time was proposed and not yet answered. */
  proposalOpen: boolean;
  endsAt: Date;
  now: Date;
};

/** The one word for where a request stands (the requests list's badge). */
export function requestState(input: RequestStateInput): NetworkRequestState {
  switch (input.status) {
    case 'pending':
      if (input.proposalOpen) return 'proposed';
      return input.awaitingSeller ? 'waiting_for_seller' : 'requested';
    case 'confirmed':
      if (input.proposalOpen) return 'proposed';
      return input.endsAt.getTime() <= input.now.getTime() ? 'completed' : 'confirmed';
    case 'completed':
    case 'no_show':
      return 'completed';
    case 'declined':
      return 'declined';
    case 'cancelled':
    case 'rescheduled':
      return 'cancelled';
  }
}

/** Query of GET /api/network/listings. */
export const networkSearchSchema = z
  .object({
    q: z
      .string({ error: 'Search must be text' })
      .trim()
      .max(100, 'Search must be at most 100 characters')
      .optional(),
    city: z
      .string({ error: 'City must be text' })
      .trim()
      .max(100, 'City must be at most 100 characters')
      .optional(),
    min_price: queryInt4('Min price', { min: 0 }).optional(),
    max_price: queryInt4('Max price', { min: 0 }).optional(),
    beds: queryInt4('Beds', { min: 0, max: 100 }).optional(),
    limit: queryInt4('Limit', { min: 1, max: NETWORK_PAGE_MAX }).default(NETWORK_PAGE_DEFAULT),
    offset: queryInt4('Offset', { min: 0, max: 100_000 }).default(0),
  })
  .superRefine((q, ctx) => {
    if (q.min_price !== undefined && q.max_price !== undefined && q.max_price < q.min_price) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_price'],
        message: 'Max price must be at least the min price',
      });
    }
  });
export type NetworkSearch = z.output<typeof networkSearchSchema>;

export const networkListingSchema = z.object({
  id: z.number().int(),
  public_id: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  price: z.number(),
  bedrooms: z.number().int(),
  bathrooms: z.number(),
  property_type: z.enum(PROPERTY_TYPES),
  image: z.string().nullable(),
  agent: z.object({ name: z.string(), company: z.string().nullable() }),
});
export type NetworkListing = z.infer<typeof networkListingSchema>;

export const networkListingsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(networkListingSchema),
  /** The offset of the next page; null on the last. */
  next_offset: z.number().int().nullable(),
});
export type NetworkListingsResponse = z.infer<typeof networkListingsResponseSchema>;

/** GET /api/network/listings/:propertyId: one listing, and whether its agent texts (the consent box is shown). */
export const networkListingResponseSchema = z.object({
  success: z.literal(true),
  data: networkListingSchema.extend({ texts_offered: z.boolean() }),
});
export type NetworkListingDetail = z.infer<typeof networkListingResponseSchema>['data'];

/** Body of POST /api/network/requests: the client, the caller's firm and their own consent to texts. */
export const networkRequestSchema = z.object({
  property_id: z.number({ error: 'Choose a listing' }).int('Choose a listing').min(1, 'Choose a listing'),
  booking_date: isoDateSchema,
  booking_time: time24Schema,
  starts_at: z.iso
    .datetime({ offset: true, error: SLOT_INSTANT_MESSAGE })
    .nullish()
    .transform((v) => v ?? null),
  client: z.object({
    name: requiredText('Client’s name is required').max(120, 'Name must be at most 120 characters'),
    email: emailSchema,
    phone: phoneSchema,
    buyer_type: buyerTypeSchema.optional(),
  }),
  brokerage: requiredText('Brokerage is required').max(160, 'Brokerage must be at most 160 characters'),
  licence_number: requiredText('Licence number is required').max(
    60,
    'Licence number must be at most 60 characters',
  ),
  sms_consent: z.boolean({ error: 'Text consent must be true or false' }).default(false),
  message: z
    .string({ error: 'Message must be text' })
    .trim()
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`)
    .nullish()
    .transform((v) => v || null),
});
export type NetworkRequestInput = z.input<typeof networkRequestSchema>;
export type NetworkRequestBody = z.output<typeof networkRequestSchema>;

export const networkRequestViewSchema = z.object({
  id: z.string(),
  state: z.enum(NETWORK_REQUEST_STATES),
  status: z.enum(BOOKING_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The time the listing's side proposed instead (state 'proposed'), else null; starts_at stays the asked one. */
  proposed_starts_at: z.string().nullable(),
  time_zone: z.string(),
  listing: z.object({
    id: z.number().int().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip_code: z.string(),
  }),
  listing_agent: z.object({ name: z.string(), company: z.string().nullable() }),
  client: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  created_at: z.string(),
});
export type NetworkRequestView = z.infer<typeof networkRequestViewSchema>;

export const networkRequestsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(networkRequestViewSchema),
  /** The brokerage and licence of the caller's latest request, to fill the next one. */
  last_used: z.object({ brokerage: z.string(), licence_number: z.string() }).nullable(),
  /** The caller's own phone, where texts about their requests go (null: none on their profile). */
  own_phone: z.string().nullable(),
});
export type NetworkRequestsResponse = z.infer<typeof networkRequestsResponseSchema>;

export const networkRequestResponseSchema = z.object({
  success: z.literal(true),
  data: networkRequestViewSchema,
});

export const networkRequestCreatedSchema = z.object({
  success: z.literal(true),
  data: networkRequestViewSchema,
  /** Who decides next: the listing agent, the seller, or nobody (confirmed at once). */
  awaiting: z.enum(['agent', 'seller']).nullable(),
  message: z.string(),
});
export type NetworkRequestCreated = z.infer<typeof networkRequestCreatedSchema>;
