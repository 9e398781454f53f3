// The domain's English read off the catalogue is the sentence it always was (issue 43: one English copy).
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import manage from './en/manage.json' with { type: 'json' };
import { english } from './icu-english';
import { BOOKING_STATUS_LABELS } from '../bookingStatus';
import { changeClosedMessage } from '../changeCutoff';
import { THREAD_TEXTS } from '../listing/threads';
import { WAITLIST_TEXTS } from '../slots/waitlist';

describe('english', () => {
  it('fills arguments, plurals and selects, as written and as the web build compiles them', () => {
    const message =
      '{who, select, seller {The seller} other {{name}}} has {n, plural, =0 {none} one {# visit} other {# visits}}';
    for (const form of [message, compileMessage(message)]) {
      expect(english(form, { who: 'agent', name: 'Dana', n: 1 })).toBe('Dana has 1 visit');
      expect(english(form, { who: 'seller', n: 3 })).toBe('The seller has 3 visits');
      expect(english(form, { who: 'seller', n: 0 })).toBe('The seller has none');
    }
  });

  it('gives the domain exports their English exactly', () => {
    expect(BOOKING_STATUS_LABELS.no_show).toBe('No-show');
    expect(changeClosedMessage(1, 'Dana')).toBe(
      'Dana takes changes to a showing only up to 1 hour before it starts, so it can no longer be cancelled or rescheduled here. Your showing is unchanged: call or text Dana to change it.',
    );
    expect(changeClosedMessage(24, 'Dana')).toContain('up to 24 hours before');
    expect(THREAD_TEXTS.panel.count(1)).toBe('1 message');
    expect(THREAD_TEXTS.panel.count(4)).toBe('4 messages');
    expect(THREAD_TEXTS.errors.tooLong).toBe('Keep the message under 2000 characters');
    expect(WAITLIST_TEXTS.page.waiting(2)).toBe('You’re number 2 in line. We’ll e-mail you if a time opens.');
    expect(english(manage.questions, { contact: 'phone', agent: 'Dana', phone: '555' })).toBe(
      'Questions? Contact Dana at 555.',
    );
  });
});
