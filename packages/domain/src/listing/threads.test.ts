import { describe, expect, it } from 'vitest';
import {
  THREAD_MESSAGE_MAX,
  THREAD_STATUSES,
  threadMessageRequestSchema,
  threadStatusRequestSchema,
  threadStatusText,
} from './threads';

describe('showing thread texts', () => {
  it('posts each quick status with its exact words', () => {
    expect(THREAD_STATUSES.map(threadStatusText)).toEqual([
      'Running 10 minutes late',
      'Running 20 minutes late',
      'Arrived',
      'Finished',
      'Need to reschedule',
    ]);
  });

  it('trims a message and refuses an empty or too long one', () => {
    expect(threadMessageRequestSchema.parse({ body: '  On my way  ' })).toEqual({ body: 'On my way' });
    expect(threadMessageRequestSchema.safeParse({ body: '   ' }).success).toBe(false);
    expect(threadMessageRequestSchema.safeParse({ body: 'x'.repeat(THREAD_MESSAGE_MAX + 1) }).success).toBe(
      false,
    );
    expect(threadMessageRequestSchema.safeParse({ body: 'x'.repeat(THREAD_MESSAGE_MAX) }).success).toBe(true);
  });

  it('takes only the known statuses', () => {
    expect(threadStatusRequestSchema.safeParse({ status: 'late_10' }).success).toBe(true);
    expect(threadStatusRequestSchema.safeParse({ status: 'late_30' }).success).toBe(false);
  });
});
