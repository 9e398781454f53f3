// Budget ranges between the form's select ('300000-400000', '1000000+') and the payload's
// budget_min/budget_max numbers (spec §5).
import { BUDGET_RANGES } from './enums';
import type { BudgetRange } from './enums';

export interface BudgetBounds {
  budget_min: number | null;
  budget_max: number | null;
}

/** Prefill numbers may arrive as text from a numeric database column. */
export type NumberLike = number | string | null | undefined;

/**
 * Splits a range on the dash (spec §5): '300000-400000' → 300000 / 400000; '1000000+' → 1000000 / null;
 * '' or anything unreadable → null / null, since budget is optional.
 */
export function splitBudgetRange(range: string): BudgetBounds {
  const open = /^(\d+)\+$/.exec(range.trim());
  if (open) return { budget_min: Number(open[1]), budget_max: null };
  const closed = /^(\d+)-(\d+)$/.exec(range.trim());
  if (closed) return { budget_min: Number(closed[1]), budget_max: Number(closed[2]) };
  return { budget_min: null, budget_max: null };
}

/**
 * The form's budget range for a prefilled min/max (spec §5): a min of at least 1,000,000 is '1000000+';
 * otherwise both must be present and name one of the listed ranges; anything else leaves the select empty.
 */
export function budgetRangeFromPrefill(min: NumberLike, max: NumberLike): BudgetRange | '' {
  const low = toNumber(min);
  const high = toNumber(max);
  if (low !== null && low >= OPEN_RANGE_MIN) return '1000000+';
  if (low === null || high === null) return '';
  const range = `${low}-${high}`;
  return isBudgetRange(range) ? range : '';
}

const OPEN_RANGE_MIN = 1_000_000;

function toNumber(value: NumberLike): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

function isBudgetRange(range: string): range is BudgetRange {
  return (BUDGET_RANGES as readonly string[]).includes(range);
}
