// The pickers the booking and invitation forms share whole: the property (or none) and the budget range.
import { budgetRangeFromPrefill, splitBudgetRange, type BudgetBounds } from '@keyturn/domain/budget';
import type { Property } from '@keyturn/domain/schemas/property';
import { SelectField } from '@/components/ui/text-field';
import { BudgetOptions } from './buyer-select-options';

/** The property picker's options: `none` (no property: null), then each listing by its address. */
export function PropertyOptions({ properties, none }: { properties: readonly Property[]; none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {properties.map((property) => (
        <option key={property.id} value={property.id}>
          {property.address}
        </option>
      ))}
    </>
  );
}

/** The property picker's registration: the chosen id as a number, none as null. */
export const propertyIdValue = {
  setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)),
} as const;

/** The budget as one choice of ranges, kept as its two bounds (budget_min, budget_max). */
export function BudgetRangeSelect({
  min,
  max,
  error,
  onChange,
}: {
  min: Parameters<typeof budgetRangeFromPrefill>[0];
  max: Parameters<typeof budgetRangeFromPrefill>[1];
  error?: string | undefined;
  onChange: (bounds: BudgetBounds) => void;
}) {
  return (
    <SelectField
      label="Budget range"
      value={budgetRangeFromPrefill(min, max)}
      error={error}
      onChange={(event) => onChange(splitBudgetRange(event.target.value))}
    >
      <option value="">Not given</option>
      <BudgetOptions />
    </SelectField>
  );
}
