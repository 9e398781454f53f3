// Listing import (issue 34 §2, decision 058): from the MLS through the RESO Web API, or from a CSV file. The
// shapes both sides read, the CSV's fields and how a column is recognised, and the texts agents see.
import { z } from 'zod';
import { PROPERTY_TYPES, type PropertyType } from '../schemas/property';

/** The MLS statuses (RESO StandardStatus) that take a listing off the market: it is hidden from booking. */
export const OFF_MARKET_STATUSES = [
  'Pending',
  'Closed',
  'Withdrawn',
  'Canceled',
  'Expired',
  'Delete',
] as const;

export function isOffMarket(status: string | null | undefined): boolean {
  return (OFF_MARKET_STATUSES as readonly string[]).includes(status ?? '');
}

const TYPE_WORDS: [RegExp, PropertyType][] = [
  [/condo/, 'Condo'],
  [/town ?house|townhome|row ?house/, 'Townhouse'],
  [/multi|duplex|triplex|quadruplex|residentialincome|apartment/, 'Multi-family'],
  [/commercial|business|office|retail|industrial/, 'Commercial'],
  [/land|lot|farm|ranch/, 'Land'],
  [/residential|single|house|home|detached|manufactured|mobile|cabin/, 'Residential'],
];

/**
 * Our property type for an MLS's PropertyType/PropertySubType (RESO Data Dictionary values such as
 * "Residential"/"Condominium", "ResidentialIncome", "CommercialSale", "Land") or a CSV's text: the sub-type
 * decides first. Empty → Residential; text we cannot place → null.
 */
export function propertyTypeOf(type?: string | null, subType?: string | null): PropertyType | null {
  const texts = [subType, type].map((t) => (t ?? '').trim().toLowerCase()).filter(Boolean);
  if (texts.length === 0) return 'Residential';
  for (const text of texts) {
    const exact = PROPERTY_TYPES.find((p) => p.toLowerCase() === text);
    if (exact) return exact;
    const found = TYPE_WORDS.find(([pattern]) => pattern.test(text.replace(/[^a-z ]/g, '')));
    if (found) return found[1];
  }
  return null;
}

/** The property form's fields a CSV row must fill (address, city, state, ZIP, price, beds, baths). */
export const CSV_REQUIRED_FIELDS = [
  'address',
  'city',
  'state',
  'zip_code',
  'price',
  'bedrooms',
  'bathrooms',
] as const;

/** A CSV column can fill one of these: the required ones, the MLS number, the type and a description. */
export const CSV_IMPORT_FIELDS = ['mls_number', ...CSV_REQUIRED_FIELDS, 'property_type', 'remarks'] as const;
export type CsvImportField = (typeof CSV_IMPORT_FIELDS)[number];

export const CSV_FIELD_LABELS: Record<CsvImportField, string> = {
  mls_number: 'MLS number',
  address: 'Street address',
  city: 'City',
  state: 'State',
  zip_code: 'ZIP code',
  price: 'Price',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  property_type: 'Property type',
  remarks: 'Description',
};

/** Column headings recognised for each field (compared without case, spaces or punctuation). */
const HEADING_ALIASES: Record<CsvImportField, string[]> = {
  mls_number: ['mls', 'mlsnumber', 'mlsno', 'mlsid', 'listingid', 'mlslistingid'],
  address: ['address', 'streetaddress', 'street', 'unparsedaddress', 'address1'],
  city: ['city', 'town'],
  state: ['state', 'stateorprovince', 'st'],
  zip_code: ['zip', 'zipcode', 'postalcode', 'postcode'],
  price: ['price', 'listprice', 'askingprice'],
  bedrooms: ['bedrooms', 'beds', 'bedroomstotal', 'br'],
  bathrooms: ['bathrooms', 'baths', 'bathroomstotalinteger', 'bathroomstotal', 'ba'],
  property_type: ['propertytype', 'type', 'propertysubtype'],
  remarks: ['remarks', 'description', 'publicremarks', 'notes'],
};

const headingKey = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A first mapping from the file's headings: each field to the first heading that names it, else none. */
export function guessCsvMapping(headings: readonly string[]): CsvMapping {
  const mapping: CsvMapping = {};
  for (const field of CSV_IMPORT_FIELDS) {
    const found = headings.find((h) => HEADING_ALIASES[field].includes(headingKey(h)));
    if (found !== undefined) mapping[field] = found;
  }
  return mapping;
}

/** The same address however it was typed: lower case, punctuation and repeated spaces gone, with its ZIP. */
export function normalisedAddress(address: string, zip: string): string {
  const words = `${address} ${zip.slice(0, 5)}`
    .toLowerCase()
    .replace(/[.,#]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.join(' ');
}

/** Within the API's JSON body limit (256 KB) once the text is quoted into the body. */
export const MAX_CSV_CHARACTERS = 200_000;
export const MAX_CSV_ROWS = 2_000;

export type CsvMapping = Partial<Record<CsvImportField, string>>;

/** Body of POST /api/listing-imports/csv: the file's text, which column fills which field, and a dry run. */
export const csvImportBodySchema = z.object({
  csv: z
    .string({ error: 'Choose a CSV file' })
    .min(1, 'The file is empty')
    .max(MAX_CSV_CHARACTERS, 'The file is larger than 200 KB: split it into smaller files'),
  mapping: z.partialRecord(z.enum(CSV_IMPORT_FIELDS), z.string().max(200)),
  /** true: check every row and say what would happen, without saving anything (the preview). */
  dry_run: z.boolean().default(false),
});
export type CsvImportBody = z.input<typeof csvImportBodySchema>;

export const IMPORT_ROW_OUTCOMES = ['created', 'updated', 'unchanged', 'error', 'over_limit'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

export const importRowSchema = z.object({
  /** The row's line in the file (the heading is line 1). */
  line: z.number().int(),
  outcome: z.enum(IMPORT_ROW_OUTCOMES),
  address: z.string(),
  property_id: z.number().int().nullable(),
  /** Field → what is wrong with it (outcome `error`), or `limit` (outcome `over_limit`). */
  errors: z.record(z.string(), z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importResultSchema = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  over_limit: z.number().int(),
  /** What did not fit in the plan, in a sentence (null when everything fitted). */
  limit_message: z.string().nullable(),
  rows: z.array(importRowSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** At most this many over-limit addresses and failed listings are kept in a sync's result (issue 39). */
export const MLS_SUMMARY_LIST_MAX = 20;
/** A page of the MLS's listings larger than this is refused, not read whole (issue 39). */
export const MLS_MAX_PAGE_BYTES = 10 * 1024 * 1024;

/** Why an MLS import stopped, in the agent's words (issue 39): shown as the last import's problem. */
export const MLS_IMPORT_TEXTS = {
  otherOrigin: (origin: string) =>
    `The MLS pointed to its next page of listings at another address (${origin}). Keyturn does not send your MLS sign-in there, so the import stopped and nothing was changed.`,
  redirected:
    'The MLS sent the listings query on to another address. Keyturn does not follow it with your MLS sign-in, so the import stopped.',
  pageTooLarge: (size: string) =>
    `The MLS sent a page of listings larger than ${size}, so the import stopped and nothing was changed.`,
  unexpected:
    'The import stopped on an unexpected problem. Try "Sync now" again; if it happens again, tell the server’s administrator.',
  noKey: 'The MLS sent it without a listing key.',
} as const;

/** What a finished MLS sync did (stored, and shown on the import screen). */
export type MlsSyncSummary = {
  created: number;
  updated: number;
  hidden: number;
  /** Addresses of listings the plan had no room for: the first MLS_SUMMARY_LIST_MAX of them. */
  overLimit: string[];
  /** How many listings the plan had no room for (all of them). */
  overLimitCount?: number;
  /** Listings that could not be read, with why: the first MLS_SUMMARY_LIST_MAX of them. */
  failed: { key: string; reason: string }[];
  /** How many listings could not be read (all of them). */
  failedCount?: number;
  /** Records the feed sent more than once in this sync (the last one of each was kept). */
  repeated?: number;
  photosSkipped: number;
};

export const mlsSyncSummarySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  hidden: z.number().int(),
  overLimit: z.array(z.string()),
  overLimitCount: z.number().int().optional(),
  failed: z.array(z.object({ key: z.string(), reason: z.string() })),
  failedCount: z.number().int().optional(),
  repeated: z.number().int().optional(),
  photosSkipped: z.number().int(),
});

export const mlsConnectionSchema = z.object({
  /** Whether this server is connected to an MLS (the administrator's Server settings). */
  available: z.boolean(),
  mls_agent_id: z.string().nullable(),
  syncing: z.boolean(),
  last_sync_at: z.string().nullable(),
  last_result: mlsSyncSummarySchema.nullable(),
  last_error: z.string().nullable(),
});
export type MlsConnection = z.infer<typeof mlsConnectionSchema>;

export const mlsConnectionBodySchema = z.object({
  mls_agent_id: z
    .string({ error: 'Enter your MLS agent ID' })
    .trim()
    .min(1, 'Enter your MLS agent ID')
    .max(50, 'An MLS agent ID is at most 50 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'An MLS agent ID has only letters, digits, dots, dashes and underscores'),
});

/** A listing the MLS took off the market while it still has showings ahead. */
export const statusChangeSchema = z.object({
  property_id: z.number().int(),
  address: z.string(),
  mls_status: z.string(),
  future_showings: z.number().int(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const STATUS_CHANGE_ACTIONS = ['cancel', 'keep'] as const;
export const statusChangeBodySchema = z.object({
  action: z.enum(STATUS_CHANGE_ACTIONS, { error: 'Choose whether to cancel or keep the showings' }),
});

export const IMPORT_TEXTS = {
  title: 'Import listings',
  mlsOff:
    "Importing from the MLS isn't switched on for this Keyturn server yet — your administrator can switch it on in Server settings.",
  mlsOffCode: 'MLS_IMPORT_OFF',
  mlsAgentIdMissing: 'Enter your MLS agent ID first.',
  hiddenByStatus: 'The MLS lists this property as off the market, so it cannot be shown for booking.',
  limitMessage: (planName: string, max: number, count: number) =>
    `Your ${planName} plan includes up to ${max} properties: ${count} ${count === 1 ? 'listing was' : 'listings were'} not imported. Upgrade your plan to add more.`,
  cancelReason: 'The property is no longer on the market.',
  noRows: 'The file has no rows under its heading.',
  tooManyRows: `The file has more than ${MAX_CSV_ROWS} rows: split it into smaller files.`,
  requiredColumn: (label: string) => `Choose the column for ${label}`,
  unknownColumn: 'The file has no such column',
};
