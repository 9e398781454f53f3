import { describe, expect, it } from 'vitest';
import { accessWindow, hasAccessDetails, releaseAt, accessDetailsSchema } from './access';
import { showingsPerWeekOnMarket } from '../figures';

const startsAt = new Date('2026-03-08T15:00:00Z');
const endsAt = new Date('2026-03-08T15:30:00Z');
const at = (iso: string) => new Date(iso);

describe('access window (issue 32 §3)', () => {
  it('opens N minutes before a confirmed showing and closes when it ends', () => {
    const showing = { status: 'confirmed', startsAt, endsAt };
    expect(accessWindow(showing, 60, at('2026-03-08T13:59:59Z'))).toBe('before');
    expect(accessWindow(showing, 60, at('2026-03-08T14:00:00Z'))).toBe('open');
    expect(accessWindow(showing, 60, at('2026-03-08T15:29:59Z'))).toBe('open');
    expect(accessWindow(showing, 60, at('2026-03-08T15:30:00Z'))).toBe('closed');
    expect(releaseAt(startsAt, 90).toISOString()).toBe('2026-03-08T13:30:00.000Z');
  });

  it('never opens for a pending, cancelled or moved showing', () => {
    for (const status of ['pending', 'cancelled', 'rescheduled', 'declined']) {
      expect(accessWindow({ status, startsAt, endsAt }, 60, at('2026-03-08T15:00:00Z'))).toBe('closed');
    }
  });

  it('has something to release only when a field is filled', () => {
    expect(hasAccessDetails(accessDetailsSchema.parse({}))).toBe(false);
    expect(hasAccessDetails(accessDetailsSchema.parse({ pets: 'A dog' }))).toBe(true);
  });
});

describe('showings per week on market', () => {
  it('divides by the weeks since the listing was added, at least one', () => {
    const listed = new Date('2026-03-01T00:00:00Z');
    expect(showingsPerWeekOnMarket(3, listed, new Date('2026-03-03T00:00:00Z'))).toBe(3);
    expect(showingsPerWeekOnMarket(7, listed, new Date('2026-03-29T00:00:00Z'))).toBe(1.8);
  });
});
