import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetRangeFromPrefill, splitBudgetRange } from './budget';
import { BUDGET_RANGES } from './enums';

describe('splitBudgetRange', () => {
  it("splits '300000-400000' on the dash into min 300,000 and max 400,000 (spec §5)", () => {
    expect(splitBudgetRange('300000-400000')).toEqual({ budget_min: 300000, budget_max: 400000 });
  });

  it("budget '1000000+' gives min 1,000,000 and max null (spec §5)", () => {
    expect(splitBudgetRange('1000000+')).toEqual({ budget_min: 1000000, budget_max: null });
  });

  it("no budget ('') gives null and null: the budget is optional", () => {
    expect(splitBudgetRange('')).toEqual({ budget_min: null, budget_max: null });
  });

  it('unreadable text gives null and null rather than NaN', () => {
    for (const bad of ['lots', '-5', '100000-', '1e6+']) {
      expect(splitBudgetRange(bad)).toEqual({ budget_min: null, budget_max: null });
    }
  });
});

describe('budgetRangeFromPrefill', () => {
  it('applies when both min and max are present and name a listed range (spec §5)', () => {
    expect(budgetRangeFromPrefill(200000, 300000)).toBe('200000-300000');
    expect(budgetRangeFromPrefill('900000', '1000000')).toBe('900000-1000000');
  });

  it("a min of at least 1,000,000 gives '1000000+', with or without max (spec §5)", () => {
    expect(budgetRangeFromPrefill(1000000, null)).toBe('1000000+');
    expect(budgetRangeFromPrefill(2500000, undefined)).toBe('1000000+');
    expect(budgetRangeFromPrefill(1000000, 2000000)).toBe('1000000+');
  });

  it('does not apply when only one of min and max is present below 1,000,000', () => {
    expect(budgetRangeFromPrefill(200000, null)).toBe('');
    expect(budgetRangeFromPrefill(null, 300000)).toBe('');
    expect(budgetRangeFromPrefill(999999, undefined)).toBe('');
    expect(budgetRangeFromPrefill(null, null)).toBe('');
  });

  it('does not apply a pair that is not one of the listed ranges', () => {
    expect(budgetRangeFromPrefill(250000, 350000)).toBe('');
    expect(budgetRangeFromPrefill('abc', 300000)).toBe('');
  });

  it('every listed range survives a split and back', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BUDGET_RANGES), (range) => {
        const { budget_min, budget_max } = splitBudgetRange(range);
        expect(budgetRangeFromPrefill(budget_min, budget_max)).toBe(range);
      }),
    );
  });
});
