// Issue 33: the wording of the booking form's "Text me about this showing" box, versioned. Apart from the reply
// classifier (replies.ts) so the booking page's details step carries only this.
/**
 * The consent wording shown next to the booking form's unticked checkbox. Versioned: the ledger stores the
 * version a buyer saw; a change of wording is a new version, never an edit of an old one.
 */
export const SMS_CONSENT_WORDINGS = {
  '2026-11-1':
    'Text me about this showing. I agree to receive texts from my agent via Keyturn about this booking ' +
    '(confirmations, reminders, changes) at the number above. Msg & data rates may apply. ' +
    'Reply STOP to stop, HELP for help.',
} as const;
export type SmsConsentVersion = keyof typeof SMS_CONSENT_WORDINGS;
export const SMS_CONSENT_VERSION: SmsConsentVersion = '2026-11-1';
export const SMS_CONSENT_LABEL = 'Text me about this showing';
export const SMS_CONSENT_WORDING = SMS_CONSENT_WORDINGS[SMS_CONSENT_VERSION];
