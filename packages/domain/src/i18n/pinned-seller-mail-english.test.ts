// Issue 43: the e-mails and texts to a property's sellers and occupants read their words from the `sellermail`
// catalogue (the server: apps/api/src/modules/sellers/notice-mail.ts, approval-mail.ts, seller-report/digest.ts);
// the domain still carries the notices' English and the contact form's boxes as literals (SELLER_NOTICE_TEXTS,
// CONTACT_GETS_LABELS: the dashboard imports sellerNotices.ts, which must not pull a server catalogue into it).
// This test holds each pair equal, so the English cannot drift apart.
import { describe, expect, it } from 'vitest';
import { CONTACT_GETS_LABELS, SELLER_NOTICE_TEXTS as T } from '../listing/sellerNotices';
import { STOP_LINE } from '../texts/showingTexts';
import { CATALOGUES } from './catalogues';
import { english } from './icu-english';

const mail = CATALOGUES.en.sellermail;
const when = { date: 'Tuesday, January 6, 2032', shortDate: 'Tue, Jan 6', time: '2:00 PM', zone: 'EST' };
const from = { date: 'Monday, January 5, 2032', shortDate: 'Mon, Jan 5', time: '11:00 AM', zone: 'EST' };
const at = { address: '1 Elm St', date: when.date, time: when.time, zone: when.zone };
const short = { address: '1 Elm St', date: when.shortDate, time: when.time };

const PINNED: [string, string, string][] = [
  ['booked.subject', english(mail.bookedSubject, short), T.booked.subject('1 Elm St', when)],
  ['booked.heading', english(mail.bookedHeading), T.booked.heading],
  ['booked.line', english(mail.bookedLine, at), T.booked.line('1 Elm St', when)],
  ['moved.subject', english(mail.movedSubject, short), T.moved.subject('1 Elm St', when)],
  ['moved.heading', english(mail.movedHeading), T.moved.heading],
  [
    'moved.line',
    english(mail.movedLine, { ...at, fromDate: from.date, fromTime: from.time, fromZone: from.zone }),
    T.moved.line('1 Elm St', from, when),
  ],
  ['cancelled.subject', english(mail.cancelledSubject, short), T.cancelled.subject('1 Elm St', when)],
  ['cancelled.heading', english(mail.cancelledHeading), T.cancelled.heading],
  [
    'cancelled.line (the buyer)',
    english(mail.cancelledLine, { ...at, by: 'buyer', agentName: 'Dana Lee' }),
    T.cancelled.line('1 Elm St', when, 'buyer', 'Dana Lee'),
  ],
  [
    'cancelled.line (the agent)',
    english(mail.cancelledLine, { ...at, by: 'agent', agentName: 'Dana Lee' }),
    T.cancelled.line('1 Elm St', when, 'agent', 'Dana Lee'),
  ],
  [
    'feedback.subject',
    english(mail.feedbackSubject, { address: '1 Elm St', date: when.shortDate }),
    T.feedback.subject('1 Elm St', when),
  ],
  ['feedback.heading', english(mail.feedbackHeading), T.feedback.heading],
  ['feedback.line', english(mail.feedbackLine, at), T.feedback.line('1 Elm St', when)],
  [
    'why',
    english(mail.why, { agentName: 'Dana Lee', label: CONTACT_GETS_LABELS.notices }),
    T.why('Dana Lee', CONTACT_GETS_LABELS.notices),
  ],
  ['contactAgent', english(mail.contactAgent, { agentName: 'Dana Lee' }), T.contactAgent('Dana Lee')],
  ['stopLine', STOP_LINE.en, T.stopLine],
  ['CONTACT_GETS_LABELS.approvals', english(mail.getsApprovals), CONTACT_GETS_LABELS.approvals],
  ['CONTACT_GETS_LABELS.notices', english(mail.getsNotices), CONTACT_GETS_LABELS.notices],
  ['CONTACT_GETS_LABELS.feedback', english(mail.getsFeedback), CONTACT_GETS_LABELS.feedback],
  ['CONTACT_GETS_LABELS.weeklyReport', english(mail.getsWeeklyReport), CONTACT_GETS_LABELS.weeklyReport],
];

describe('the seller notices’ English: the domain’s literals are the sellermail catalogue’s entries', () => {
  for (const [name, catalogue, domain] of PINNED)
    it(`${name} is its catalogue entry, letter for letter`, () => {
      expect(catalogue).toBe(domain);
    });
});
