// The options of the buyer's answers (spec §3 enumerations), shared by the booking and invitation forms.
import {
  BOOKING_PURPOSES,
  BOOKING_PURPOSE_LABELS,
  BUDGET_RANGES,
  BUYER_TYPES,
  BUYER_TYPE_LABELS,
  INCOME_RANGES,
  budgetRangeLabel,
  incomeRangeLabel,
  type BookingPurpose,
} from '@keyturn/domain/enums';

export function BuyerTypeOptions() {
  return BUYER_TYPES.map((type) => (
    <option key={type} value={type}>
      {BUYER_TYPE_LABELS[type]}
    </option>
  ));
}

/** The purposes offered: all of them, or a consultation's (no property: no viewing nor open house). */
export function PurposeOptions({ purposes = BOOKING_PURPOSES }: { purposes?: readonly BookingPurpose[] }) {
  return purposes.map((purpose) => (
    <option key={purpose} value={purpose}>
      {BOOKING_PURPOSE_LABELS[purpose]}
    </option>
  ));
}

export function BudgetOptions() {
  return BUDGET_RANGES.map((range) => (
    <option key={range} value={range}>
      {budgetRangeLabel(range)}
    </option>
  ));
}

export function IncomeOptions() {
  return INCOME_RANGES.map((range) => (
    <option key={range} value={range}>
      {incomeRangeLabel(range)}
    </option>
  ));
}
