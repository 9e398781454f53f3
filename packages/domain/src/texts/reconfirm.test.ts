import { describe, expect, it } from 'vitest';
import {
  confirmationState,
  DEFAULT_RECONFIRM_MINUTES,
  feedbackAskText,
  reconfirmTimes,
  REPLY_PROMPT,
} from './reconfirm';

describe('re-confirmation times', () => {
  const start = new Date('2026-06-10T18:00:00Z');

  it('the second text 6 hours before by default, the alert 2 hours before', () => {
    expect(reconfirmTimes(start, DEFAULT_RECONFIRM_MINUTES, new Date('2026-06-09T12:00:00Z'))).toEqual({
      reconfirmAt: new Date('2026-06-10T12:00:00Z'),
      alertAt: new Date('2026-06-10T16:00:00Z'),
    });
  });

  it('the agent’s setting moves the second text, not the alert', () => {
    expect(reconfirmTimes(start, 720, new Date('2026-06-09T12:00:00Z'))).toEqual({
      reconfirmAt: new Date('2026-06-10T06:00:00Z'),
      alertAt: new Date('2026-06-10T16:00:00Z'),
    });
  });

  it('a showing booked after its re-confirmation time is not asked twice (and no alert)', () => {
    expect(reconfirmTimes(start, 360, new Date('2026-06-10T12:00:00Z'))).toBeNull();
    expect(reconfirmTimes(start, 360, new Date('2026-06-10T13:00:00Z'))).toBeNull();
  });

  it('across the DST change the times are real hours before the start (instants, not wall times)', () => {
    // 2026-11-01 09:00 EST: 6 hours before is 03:00 UTC on the 1st = 23:00 EDT on 31 Oct (a 25-hour day).
    const dstStart = new Date('2026-11-01T14:00:00Z');
    const times = reconfirmTimes(dstStart, 360, new Date('2026-10-31T00:00:00Z'))!;
    expect(times.reconfirmAt.toISOString()).toBe('2026-11-01T08:00:00.000Z');
    expect(dstStart.getTime() - times.reconfirmAt.getTime()).toBe(6 * 3_600_000);
  });
});

describe('confirmation state and texts', () => {
  it('text, page or none', () => {
    expect(confirmationState({ buyerConfirmedAt: null, buyerConfirmedVia: null })).toBe('none');
    expect(confirmationState({ buyerConfirmedAt: new Date(), buyerConfirmedVia: 'text' })).toBe('text');
    expect(confirmationState({ buyerConfirmedAt: '2026-06-10T10:00:00Z', buyerConfirmedVia: 'page' })).toBe(
      'page',
    );
  });

  it('the reply line and the feedback ask are the issue’s words', () => {
    expect(REPLY_PROMPT).toBe('Reply Y to confirm or N to cancel this showing; STOP to stop texts');
    expect(feedbackAskText('12 Oak St', 'https://k.test/feedback/x')).toMatch(
      /^How was 12 Oak St\? Reply 1–5 .*https:\/\/k\.test\/feedback\/x$/,
    );
  });
});
