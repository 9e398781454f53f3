// Issue 43: the proposal e-mail and text and the thread notices now read their words from the catalogues (the
// server, apps/api/src/modules/routes/proposal-mail.ts and showing-threads/mail.ts); the domain still carries the
// same English as literals (THREAD_TEXTS.mail, TIME_PROPOSAL_MESSAGES.subjectSeller, SHOWING_TEXTS.proposed) for
// its other readers and tests. This test holds each pair equal, so the English cannot drift apart.
import { describe, expect, it } from 'vitest';
import { buyerAgentCopyLine } from '../listing/buyerAgent';
import { SELLER_APPROVAL_MESSAGES } from '../listing/sellerApprovalTexts';
import { blockBodySchema, declineBodySchema, proposeBodySchema } from '../schemas/sellerApproval';
import { THREAD_TEXTS } from '../listing/threads';
import { TIME_PROPOSAL_MESSAGES } from '../routes/proposals';
import { SHOWING_TEXTS, STOP_LINE } from '../texts/showingTexts';
import { CATALOGUES } from './catalogues';
import { english } from './icu-english';

const email = CATALOGUES.en.email;
const seller = CATALOGUES.en.seller;
const text = CATALOGUES.en.text;
const manage = CATALOGUES.en.manage;
const T = THREAD_TEXTS.mail;

const proposal = {
  brand: 'Harbour Homes',
  agentName: 'Dana Lee',
  what: '1 Elm St',
  at: 'Tue, Jan 6 at 2:00 PM EST',
  requested: 'Tue, Jan 6 at 11:00 AM',
  url: 'https://keyturn.test/booking/proposal?token=abc',
};

const PINNED: [string, string, string][] = [
  [
    'SELLER_APPROVAL_MESSAGES.expiredBuyer',
    english(email.expiredLine),
    SELLER_APPROVAL_MESSAGES.expiredBuyer,
  ],
  [
    'SELLER_APPROVAL_MESSAGES.notTonightReason',
    seller.sellerNotTonight!,
    SELLER_APPROVAL_MESSAGES.notTonightReason,
  ],
  ['SELLER_APPROVAL_MESSAGES.blockedReason', seller.sellerBlocked!, SELLER_APPROVAL_MESSAGES.blockedReason],
  ['SELLER_APPROVAL_MESSAGES.blockTooLong', seller.blockTooLong!, SELLER_APPROVAL_MESSAGES.blockTooLong],
  [
    'buyerAgentCopyLine',
    english(email.copyForClient, { clientName: 'Casey Client' }),
    buyerAgentCopyLine('Casey Client'),
  ],
  ['THREAD_TEXTS.mail.heading', english(email.threadHeading), T.heading],
  ['THREAD_TEXTS.mail.action', english(email.threadAction), T.action],
  ['THREAD_TEXTS.mail.property', english(manage.property), T.property],
  ['THREAD_TEXTS.mail.time', english(manage.showing), T.time],
  ['THREAD_TEXTS.mail.subject', english(email.threadSubject, { address: '1 Elm St' }), T.subject('1 Elm St')],
  [
    'THREAD_TEXTS.mail.statusSubject',
    english(email.threadStatusSubject, { status: 'Arrived', address: '1 Elm St' }),
    T.statusSubject('Arrived', '1 Elm St'),
  ],
  [
    'THREAD_TEXTS.mail.wrote',
    english(email.threadWrote, { name: 'Dana Lee', role: "Buyer's agent" }),
    T.wrote('Dana Lee', "Buyer's agent"),
  ],
  [
    'THREAD_TEXTS.mail.text',
    english(text.threadMessage, { name: 'Dana Lee', address: '1 Elm St', body: 'On my way.', link: 'L' }),
    T.text('Dana Lee', '1 Elm St', 'On my way.', 'L'),
  ],
  [
    'TIME_PROPOSAL_MESSAGES.subjectSeller',
    english(email.proposalSubjectSeller, { date: 'Tue, Jan 6' }),
    TIME_PROPOSAL_MESSAGES.subjectSeller('Tue, Jan 6'),
  ],
  [
    'SHOWING_TEXTS.proposed (the seller, to the buyer)',
    english(text.proposed, {
      ...proposal,
      by: 'seller',
      role: 'buyer',
      clientName: 'Casey Buyer',
      stop: STOP_LINE.en,
    }),
    SHOWING_TEXTS.proposed({ ...proposal, by: 'seller', whose: 'your' }),
  ],
  [
    "SHOWING_TEXTS.proposed (the agent, to the buyer's agent)",
    english(text.proposed, {
      ...proposal,
      by: 'agent',
      role: 'buyer_agent',
      clientName: 'Casey Buyer',
      stop: STOP_LINE.en,
    }),
    SHOWING_TEXTS.proposed({ ...proposal, by: 'agent', whose: "Casey Buyer's" }),
  ],
];

describe('the proposal and thread notices’ English: the domain’s literals are the catalogue entries', () => {
  for (const [name, catalogue, domain] of PINNED)
    it(`${name} is its catalogue entry, letter for letter`, () => {
      expect(catalogue).toBe(domain);
    });
});

describe('the seller page’s validation texts (issue 43)', () => {
  it('every text the seller answers’ schemas give has its catalogue entry, so a Spanish page reads it in Spanish', () => {
    const english = new Set(Object.values(seller));
    const bad = {
      token: 'x',
      date: '1/12',
      start: '9',
      end: '25:00',
      starts_at: 'soon',
      reason: 'r'.repeat(501),
    };
    const texts = [blockBodySchema, proposeBodySchema, declineBodySchema].flatMap(
      (schema) => schema.safeParse(bad).error?.issues.map((issue) => issue.message) ?? [],
    );
    expect(texts.length).toBeGreaterThanOrEqual(5);
    for (const text of texts) expect(english, text).toContain(text);
  });
});
