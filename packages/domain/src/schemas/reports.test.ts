import { describe, expect, it } from 'vitest';
import { defaultReportRange, hourLabel, REPORT_MESSAGES, reportRangeSchema } from './reports';

describe('reportRangeSchema', () => {
  it('takes two agent-zone dates, both included, from on or before to', () => {
    expect(reportRangeSchema.parse({ from: '2030-03-01', to: '2030-03-01' })).toEqual({
      from: '2030-03-01',
      to: '2030-03-01',
    });
    const reversed = reportRangeSchema.safeParse({ from: '2030-03-02', to: '2030-03-01' });
    expect(reversed.error?.issues[0]?.message).toBe(REPORT_MESSAGES.rangeOrder);
  });
  it('covers at most 366 days', () => {
    expect(reportRangeSchema.safeParse({ from: '2030-01-01', to: '2031-01-01' }).success).toBe(true);
    const long = reportRangeSchema.safeParse({ from: '2030-01-01', to: '2031-01-02' });
    expect(long.error?.issues[0]?.message).toBe(REPORT_MESSAGES.rangeTooLong);
  });
});

describe('defaultReportRange', () => {
  it('is the last 30 days up to today, across a month end', () => {
    expect(defaultReportRange('2030-03-05')).toEqual({ from: '2030-02-04', to: '2030-03-05' });
  });
});

describe('hourLabel', () => {
  it('writes hours on the 12-hour clock', () => {
    expect([0, 9, 12, 13, 23].map(hourLabel)).toEqual(['12 AM', '9 AM', '12 PM', '1 PM', '11 PM']);
  });
});
