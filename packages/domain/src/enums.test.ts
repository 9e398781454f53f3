import { describe, expect, it } from 'vitest';
import {
  ACTIVE_BOOKING_STATUSES,
  BOOKING_PURPOSES,
  BOOKING_PURPOSE_LABELS,
  BOOKING_STATUSES,
  BUDGET_RANGES,
  BUYER_TYPE_LABELS,
  INCOME_RANGES,
  PLAN_IDS,
  budgetRangeLabel,
  incomeRangeLabel,
} from './enums';

describe('enumerations (spec §3)', () => {
  it('booking purposes and their card labels (spec §2.4)', () => {
    expect(BOOKING_PURPOSES.map((p) => BOOKING_PURPOSE_LABELS[p])).toEqual([
      'Property Viewing',
      'Open House',
      'Private Showing',
      'Property Valuation',
      'Other (Specify)',
    ]);
  });

  it('buyer types and labels', () => {
    expect(BUYER_TYPE_LABELS).toEqual({
      first_time_buyer: 'First-time Buyer',
      investor: 'Investor',
      home_owner: 'Home Owner',
    });
  });

  it('budget ranges run 100000-200000 to 900000-1000000 in steps of 100000, plus 1000000+', () => {
    expect(BUDGET_RANGES).toHaveLength(10);
    BUDGET_RANGES.slice(0, 9).forEach((range, i) => {
      expect(range).toBe(`${(i + 1) * 100000}-${(i + 2) * 100000}`);
    });
    expect(BUDGET_RANGES[9]).toBe('1000000+');
  });

  it('income ranges are the nine of spec §3', () => {
    expect(INCOME_RANGES).toEqual([
      '30000-50000',
      '50000-75000',
      '75000-100000',
      '100000-125000',
      '125000-150000',
      '150000-200000',
      '200000-300000',
      '300000-500000',
      '500000+',
    ]);
  });

  it('range labels show dollars with thousands separators', () => {
    expect(budgetRangeLabel('100000-200000')).toBe('$100,000 - $200,000');
    expect(budgetRangeLabel('1000000+')).toBe('$1,000,000+');
    expect(incomeRangeLabel('75000-100000')).toBe('$75,000 - $100,000');
    expect(incomeRangeLabel('500000+')).toBe('$500,000+');
  });

  it('plan ids are basic, pro, enterprise', () => {
    expect(PLAN_IDS).toEqual(['basic', 'pro', 'enterprise']);
  });

  it('only pending and confirmed bookings hold a slot, and both are booking statuses', () => {
    expect(ACTIVE_BOOKING_STATUSES).toEqual(['pending', 'confirmed']);
    for (const status of ACTIVE_BOOKING_STATUSES) expect(BOOKING_STATUSES).toContain(status);
  });
});
