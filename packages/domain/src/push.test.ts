import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_PREFERENCES, PUSH_EVENTS, PUSH_TEXTS, pushBookingPath } from './push';

const facts = { client: 'Casey Buyer', when: 'Tue, Mar 8 at 1:00 PM', what: '12 Main St' };

describe('push words', () => {
  it('titles a push as the agent’s e-mail for the same event', () => {
    expect(PUSH_TEXTS.title.new_request(facts)).toBe('Approval needed: Casey Buyer — Tue, Mar 8 at 1:00 PM');
    expect(PUSH_TEXTS.title.cancelled(facts)).toBe('Cancelled: Casey Buyer — Tue, Mar 8 at 1:00 PM');
    expect(PUSH_TEXTS.title.not_confirmed(facts)).toBe('Not confirmed: Casey Buyer — Tue, Mar 8 at 1:00 PM');
  });

  it('has every event on by default, with a title, a body and a setting', () => {
    for (const event of PUSH_EVENTS) {
      expect(DEFAULT_PUSH_PREFERENCES[event]).toBe(true);
      expect(PUSH_TEXTS.title[event](facts)).not.toBe('');
      expect(PUSH_TEXTS.settings.events[event]).not.toBe('');
    }
  });

  it('links the booking the agent’s e-mails link to, with the action to offer', () => {
    expect(pushBookingPath('b 1')).toBe('/dashboard/bookings?booking=b%201');
    expect(pushBookingPath('b1', 'approve')).toBe('/dashboard/bookings?booking=b1&action=approve');
  });
});
