// Numbers as the database stores them: every whole number the API accepts fits its PostgreSQL column
// (int4 for ids, budgets, minutes and counts), and no number with a fraction reaches an integer column.
// The schemas build their numeric fields from these helpers so a column's bound is written once.
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number for an int4 column, from `min` (default 0) to `max` (default INT4_MAX). An id starts at
 * 1 (an "… id" label with `min: 1` says "must be positive").
 */
export function int4(label: string, bounds: { min?: number; max?: number } = {}) {
  const { min = 0, max = INT4_MAX } = bounds;
  const below =
    min === 0
      ? `${label} must not be negative`
      : min === 1 && /\bid$/.test(label)
        ? `${label} must be positive`
        : `${label} must be at least ${min}`;
  return (
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, below)
      // Written when an answer needs it (the error function): a schema built at a page's start loads no locale
      // data for a message it may never show (issue 48).
      .max(max, { error: () => `${label} must be at most ${max.toLocaleString('en-US')}` })
  );
}

/**
 * The same whole number read from a query string, where it arrives as text: a plain decimal numeral (no
 * `0x10`, no blanks), then bounded like the column.
 */
export function queryInt4(label: string, bounds: { min?: number; max?: number } = {}) {
  return z
    .string({ error: `${label} must be a number` })
    .regex(/^-?\d+(\.\d+)?$/, `${label} must be a number`)
    .transform(Number)
    .pipe(int4(label, bounds));
}

/** A number of halves (bathrooms: 2 or 2.5) from 0 to `max`; tiny fractions like 5e-324 are not halves. */
export function halfSteps(label: string, max: number) {
  return z
    .number({ error: `${label} is required` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max}`)
    .refine((n) => Number.isInteger(n * 2), `${label} must be a whole or half number (e.g. 2.5)`);
}
