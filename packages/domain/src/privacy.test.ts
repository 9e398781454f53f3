// Issue 46: the legal clock of a deletion request and the retention's cut-off.
import { describe, expect, it } from 'vitest';
import { PRIVACY_TEXTS, deletedBuyerEmail, privacyDaysLeft, privacyDueAt, retentionCutoff } from './privacy';

describe('privacyDueAt (one calendar month, GDPR art. 12(3))', () => {
  it('is the same day and time a month later', () => {
    expect(privacyDueAt(new Date('2026-03-03T16:30:00Z')).toISOString()).toBe('2026-04-03T16:30:00.000Z');
    expect(privacyDueAt(new Date('2026-12-15T08:00:00Z')).toISOString()).toBe('2027-01-15T08:00:00.000Z');
  });
  it('is the month’s last day when the next month is shorter', () => {
    expect(privacyDueAt(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(privacyDueAt(new Date('2028-01-31T10:00:00Z')).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(privacyDueAt(new Date('2026-03-31T10:00:00Z')).toISOString()).toBe('2026-04-30T10:00:00.000Z');
  });
  it('is never later than CCPA’s 45 days', () => {
    for (let m = 0; m < 12; m++) {
      const at = new Date(Date.UTC(2026, m, 31, 12));
      expect(privacyDueAt(at).getTime() - at.getTime()).toBeLessThanOrEqual(45 * 86_400_000);
    }
  });
});

describe('privacyDaysLeft', () => {
  const due = new Date('2026-04-03T16:30:00Z');
  it('counts whole days up, 0 on the day, negative once overdue', () => {
    expect(privacyDaysLeft(due, new Date('2026-03-03T16:30:00Z'))).toBe(31);
    expect(privacyDaysLeft(due, new Date('2026-04-03T10:00:00Z'))).toBe(1);
    expect(privacyDaysLeft(due, due)).toBe(0);
    expect(privacyDaysLeft(due, new Date('2026-04-06T17:00:00Z'))).toBe(-4);
  });
  it('words the clock', () => {
    expect(PRIVACY_TEXTS.dashboard.due('April 3, 2026', 1)).toBe('Due April 3, 2026 (1 day left)');
    expect(PRIVACY_TEXTS.dashboard.due('April 3, 2026', 0)).toBe('Due April 3, 2026 (today)');
    expect(PRIVACY_TEXTS.dashboard.overdue('April 3, 2026', 4)).toBe(
      'Overdue: was due April 3, 2026 (4 days ago)',
    );
  });
});

describe('retentionCutoff and the placeholder', () => {
  it('goes back whole calendar months, clamped to the month’s end', () => {
    expect(retentionCutoff(new Date('2026-03-02T15:00:00Z'), 6).toISOString()).toBe(
      '2025-09-02T15:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2026-08-31T00:00:00Z'), 6).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2026-03-02T15:00:00Z'), 120).toISOString()).toBe(
      '2016-03-02T15:00:00.000Z',
    );
  });
  it('never derives the placeholder from the address', () => {
    expect(deletedBuyerEmail('r-1')).toBe('deleted-r-1@deleted.invalid');
  });
});
