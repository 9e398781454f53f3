// Issue 45 "Listing documents": a listing's documents (PDF, JPEG or PNG, up to 20 MB), the rule that says who
// gets a link to each, the signed links' lifetimes, the shapes the API answers and every text shown about them.
// Pure: no I/O. The API (modules/listing-documents) and the web app (features/documents, components/documents)
// both read it.
import { z } from 'zod';
import manage from '../i18n/en/manage.json' with { type: 'json' };
import { english } from '../i18n/icu-english';

/** Who gets a document, in the order the agent's form lists them. */
export const DOCUMENT_RULES = ['public', 'with_confirmation', 'on_request', 'after_showing'] as const;
export type DocumentRule = (typeof DOCUMENT_RULES)[number];

/** Who a download link was made for (and the download log's role). */
export const DOCUMENT_RECIPIENTS = ['buyer', 'buyer_agent', 'public', 'agent'] as const;
export type DocumentRecipient = (typeof DOCUMENT_RECIPIENTS)[number];

/** How long a signed link opens the document: mailed links a week, the booking page's and the dashboard's an hour. */
export const DOCUMENT_LINK_HOURS = { mailed: 7 * 24, page: 1 } as const;

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_NAME_MAX = 120;
export const DOCUMENT_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type DocumentRequestStatus = (typeof DOCUMENT_REQUEST_STATUSES)[number];

/** The kinds of file a document may be, by what its bytes are (never the browser's claim). */
export const DOCUMENT_KINDS = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' } as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

export const DOCUMENT_TEXTS = {
  section: 'Documents',
  sectionHint:
    'Disclosures, floor plans and brochures for this listing. Buyers get expiring links, never attachments.',
  upload: {
    file: 'File (PDF, JPEG or PNG, up to 20 MB)',
    name: 'Name shown to buyers',
    rule: 'Who gets it',
    submit: 'Upload document',
    uploading: 'Uploading…',
    done: 'Document uploaded.',
  },
  rules: {
    public: {
      label: 'Anyone on the booking page',
      explain: 'Listed on the booking page; anyone can download it.',
    },
    with_confirmation: {
      label: 'Sent with the confirmation',
      explain: 'A link is e-mailed to the buyer (and their agent) when the showing is confirmed.',
    },
    on_request: {
      label: 'On request',
      explain:
        'The buyer asks from their booking page; you approve or decline, and on approval they get the link.',
    },
    after_showing: {
      label: 'After the showing',
      explain: 'A link is e-mailed to the buyer when you mark the showing completed.',
    },
  } satisfies Record<DocumentRule, { label: string; explain: string }>,
  list: {
    empty: 'No documents yet.',
    downloads: (n: number) => (n === 1 ? '1 download' : `${n} downloads`),
    rename: 'Save',
    delete: 'Delete',
    deleteConfirm: (name: string) => `Delete “${name}”? Links already sent stop working.`,
    download: english(manage.download),
    downloadLog: 'Download log',
    noDownloads: 'Not downloaded yet.',
  },
  roles: {
    buyer: 'Buyer',
    buyer_agent: "Buyer's agent",
    public: 'Booking page visitor',
    agent: 'You',
  } satisfies Record<DocumentRecipient, string>,
  requests: {
    heading: 'Document requests',
    empty: 'No requests waiting.',
    waiting: (n: number) => (n === 1 ? '1 request' : `${n} requests`),
    line: (buyer: string, document: string) => `${buyer} asks for “${document}”`,
    approve: 'Approve',
    decline: 'Decline',
    approved: 'Approved: the link is on its way.',
    declined: 'Declined.',
  },
  buyer: {
    // One English copy: the buyer's pages read the same keys in their language (issue 43).
    heading: english(manage.docsHeading),
    request: english(manage.docRequest),
    states: {
      pending: english(manage.docPending),
      approved: english(manage.docApproved),
      declined: english(manage.docDeclined),
    } satisfies Record<DocumentRequestStatus, string>,
    afterShowing: english(manage.docAfterShowing),
    requested: english(manage.docRequested),
  },
  mail: {
    subject: (address: string) => `Documents for your viewing at ${address}`,
    heading: 'Documents for your viewing',
    line: 'The listing agent shared these documents with you. The links work for 7 days.',
    agentLine: (client: string) =>
      `The listing agent shared these documents for ${client}’s viewing. The links work for 7 days.`,
    afterSubject: (address: string) => `Documents from your viewing at ${address}`,
    afterLine:
      'Thank you for viewing the home. The listing agent shared these documents. The links work for 7 days.',
    approvedSubject: (document: string, address: string) => `“${document}” for ${address}`,
    approvedLine: (document: string) =>
      `The listing agent approved your request for “${document}”. The link works for 7 days.`,
    action: 'Download',
    property: 'Property',
    greeting: (first: string) => `Hi ${first},`,
    greetingNoName: 'Hello,',
    /** To the listing agent: a buyer asked for an on-request document. */
    requestedSubject: (client: string, document: string, address: string) =>
      `${client} asked for “${document}” (${address})`,
    requestedLine: (client: string, document: string) =>
      `${client} asked for “${document}” from their booking's page. Approve it to e-mail them a link that works for 7 days, or decline it.`,
    requestedAction: 'Open Properties',
  },
  errors: {
    notAllowed: 'Upload a PDF, JPEG or PNG file.',
    tooLarge: 'That file is larger than 20 MB. Please choose a smaller one.',
    badPdf: 'This PDF looks damaged or incomplete. Please export it again.',
    noFile: 'Choose a file to upload.',
    linkExpired: 'This download link has expired. Ask the agent for a new one.',
    linkInvalid: 'This download link is not valid.',
    notFound: 'This document does not exist.',
    notRequestable: 'This document cannot be requested for this booking.',
    requestNotFound: 'This request does not exist.',
    requestDecided: (status: string) => `This request was already ${status}.`,
    unreadable: 'The upload could not be read. Please try again.',
    nameRequired: 'Give the document a name.',
    ruleRequired: 'Choose who gets this document.',
    propertyNotFound: 'Property not found.',
  },
} as const;

/** Plain size: "840 KB", "3.2 MB". */
export function documentSizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(Math.round((bytes / (1024 * 1024)) * 10) / 10).toString()} MB`;
}

/** When a link made at `now` for `purpose` stops opening the document. */
export function documentLinkExpiry(now: Date, purpose: keyof typeof DOCUMENT_LINK_HOURS): Date {
  return new Date(now.getTime() + DOCUMENT_LINK_HOURS[purpose] * 3_600_000);
}

/**
 * What a booking's buyer may see of a document on their page: `available` (a link), `requestable` (ask; the
 * request's state if asked), `later` (after the showing), or null (not theirs: public documents are on the
 * booking page, and nothing for a booking that did not go ahead).
 */
export function buyerAccess(
  rule: DocumentRule,
  booking: { status: string },
): 'available' | 'requestable' | 'later' | null {
  if (!['pending', 'confirmed', 'completed'].includes(booking.status)) return null;
  switch (rule) {
    case 'public':
      return null;
    case 'with_confirmation':
      return booking.status === 'pending' ? null : 'available';
    case 'after_showing':
      return booking.status === 'completed' ? 'available' : 'later';
    case 'on_request':
      return 'requestable';
  }
}

export const documentNameSchema = z
  .string()
  .trim()
  .min(1, DOCUMENT_TEXTS.errors.nameRequired)
  .max(DOCUMENT_NAME_MAX, `At most ${DOCUMENT_NAME_MAX} characters.`);
export const documentRuleSchema = z.enum(DOCUMENT_RULES, { message: DOCUMENT_TEXTS.errors.ruleRequired });
export const documentPatchSchema = z
  .object({ name: documentNameSchema.optional(), rule: documentRuleSchema.optional() })
  .strict();
export type DocumentPatch = z.infer<typeof documentPatchSchema>;

export const agentDocumentSchema = z.object({
  id: z.string(),
  property_id: z.number().int(),
  name: z.string(),
  rule: z.enum(DOCUMENT_RULES),
  content_type: z.string(),
  size_bytes: z.number().int(),
  downloads: z.number().int(),
  created_at: z.string(),
  /** A one-hour link for the agent's own look. */
  url: z.string(),
});
export type AgentDocument = z.infer<typeof agentDocumentSchema>;

export const documentRequestSchema = z.object({
  id: z.string(),
  document_id: z.string(),
  document_name: z.string(),
  property_id: z.number().int(),
  property_address: z.string(),
  booking_id: z.string(),
  client_name: z.string(),
  client_email: z.string(),
  requested_at: z.string(),
});
export type DocumentRequestView = z.infer<typeof documentRequestSchema>;

export const documentDownloadSchema = z.object({
  at: z.string(),
  role: z.enum(DOCUMENT_RECIPIENTS),
  booking_id: z.string().nullable(),
  who: z.string().nullable(),
  ip: z.string().nullable(),
});
export type DocumentDownloadView = z.infer<typeof documentDownloadSchema>;

/** A document as a buyer's page lists it: a fresh link when theirs to open. */
export const buyerDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  rule: z.enum(DOCUMENT_RULES),
  access: z.enum(['available', 'requestable', 'later']),
  request_status: z.enum(DOCUMENT_REQUEST_STATUSES).nullable(),
  url: z.string().nullable(),
});
export type BuyerDocument = z.infer<typeof buyerDocumentSchema>;

export const publicDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
  expires_at: z.string(),
});
export type PublicDocument = z.infer<typeof publicDocumentSchema>;
