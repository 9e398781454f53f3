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
} from '@keyturn/domain/enums';

export function BuyerTypeOptions() {
  return BUYER_TYPES.map((type) => (
    <option key={type} value={type}>
      {BUYER_TYPE_LABELS[type]}
    </option>
  ));
}

export function PurposeOptions() {
  return BOOKING_PURPOSES.map((purpose) => (
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
