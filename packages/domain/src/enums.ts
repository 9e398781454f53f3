// The enumerations of spec §3 plus the stored booking statuses. Each list is the single source for the
// zod enums, the database checks and the select options of the web forms.

export const BOOKING_PURPOSES = [
  'property_viewing',
  'open_house',
  'private_showing',
  'property_valuation',
  'custom',
] as const;
export type BookingPurpose = (typeof BOOKING_PURPOSES)[number];

export const BOOKING_PURPOSE_LABELS: Record<BookingPurpose, string> = {
  property_viewing: 'Property Viewing',
  open_house: 'Open House',
  private_showing: 'Private Showing',
  property_valuation: 'Property Valuation',
  custom: 'Other (Specify)',
};

/** Purposes that are about one particular property, so the flow asks for one (spec §4). */
export const PROPERTY_PURPOSES: readonly BookingPurpose[] = ['property_viewing', 'open_house'];

/** What a consultation (a team's, issue 29) can be for: no property, so no viewing nor open house. */
export const CONSULTATION_PURPOSES: readonly BookingPurpose[] = BOOKING_PURPOSES.filter(
  (purpose) => !PROPERTY_PURPOSES.includes(purpose),
);

export const BUYER_TYPES = ['first_time_buyer', 'investor', 'home_owner'] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];

export const BUYER_TYPE_LABELS: Record<BuyerType, string> = {
  first_time_buyer: 'First-time Buyer',
  investor: 'Investor',
  home_owner: 'Home Owner',
};

export const BUDGET_RANGES = [
  '100000-200000',
  '200000-300000',
  '300000-400000',
  '400000-500000',
  '500000-600000',
  '600000-700000',
  '700000-800000',
  '800000-900000',
  '900000-1000000',
  '1000000+',
] as const;
export type BudgetRange = (typeof BUDGET_RANGES)[number];

export const INCOME_RANGES = [
  '30000-50000',
  '50000-75000',
  '75000-100000',
  '100000-125000',
  '125000-150000',
  '150000-200000',
  '200000-300000',
  '300000-500000',
  '500000+',
] as const;
export type IncomeRange = (typeof INCOME_RANGES)[number];

/** '100000-200000' → '$100,000 - $200,000'; '1000000+' → '$1,000,000+'. */
export function budgetRangeLabel(range: BudgetRange): string {
  return moneyRangeLabel(range);
}

/** '30000-50000' → '$30,000 - $50,000'; '500000+' → '$500,000+'. */
export function incomeRangeLabel(range: IncomeRange): string {
  return moneyRangeLabel(range);
}

export const PLAN_IDS = ['basic', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * Stored booking statuses. The spec shows only pending/confirmed/cancelled; the rest name the other ends a
 * showing can have.
 */
export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'declined',
  'cancelled',
  'rescheduled',
  'completed',
  'no_show',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Bookings in these states hold their time slot; the database EXCLUDE constraint uses the same list. */
/** Issue 39: who cancelled a showing — the buyer (manage link or text) or the agent (dashboard, import, leaving). */
export const CANCELLED_BY = ['buyer', 'agent'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];
/** The agent's booking details: "Cancelled by" (the buyer used their link or replied N to a text). */
export const CANCELLED_BY_LABEL: Record<CancelledBy, string> = {
  buyer: 'The buyer',
  agent: 'The agent',
};

export const ACTIVE_BOOKING_STATUSES = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];
export type ActiveBookingStatus = (typeof ACTIVE_BOOKING_STATUSES)[number];

// Made on first use (issue 48): the first Intl object loads the locale data (~130 ms on a slowed phone CPU), which
// a page whose first screen formats no price should not pay at its start.
let usdFormat: Intl.NumberFormat | undefined;
const usd = () =>
  (usdFormat ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }));

/** Whole US dollars as every screen writes them: 425000 → '$425,000'. */
export function wholeDollars(amount: number): string {
  return usd().format(amount);
}

function moneyRangeLabel(range: string): string {
  if (range.endsWith('+')) return `${wholeDollars(Number(range.slice(0, -1)))}+`;
  const [min = '', max = ''] = range.split('-');
  return `${wholeDollars(Number(min))} - ${wholeDollars(Number(max))}`;
}
