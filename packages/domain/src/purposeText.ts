// A booking's purpose inside a sentence (issue 29). The purposes of the list are nouns that read well in lower
// case ("Your property viewing with Dana is booked"); what a buyer typed for Other (Specify) is free text —
// "Selling my condo first", "Mortgage pre-approval chat" — that cannot be lower-cased into a sentence, so it is
// quoted after "appointment". Every sentence that names a purpose (e-mails, the buyer's pages) goes through
// here, given the purpose's label (the list's label, or the typed text).
import { BOOKING_PURPOSE_LABELS, type BookingPurpose } from './enums';
import type { Translate } from './i18n/locales';

/** The labels of the list's purposes, except Other (Specify) itself. */
const LISTED: ReadonlySet<string> = new Set(
  Object.entries(BOOKING_PURPOSE_LABELS).flatMap(([id, label]) => (id === 'custom' ? [] : [label])),
);

/** What an appointment without a listed purpose is called. */
const APPOINTMENT = 'appointment';

function typedText(label: string): string | null {
  const text = label.trim();
  if (LISTED.has(text)) return null;
  if (text === '' || text === BOOKING_PURPOSE_LABELS.custom || text.toLowerCase() === APPOINTMENT) return '';
  return text;
}

/**
 * The purpose after "your" / "their": 'property viewing', 'open house'; typed text →
 * 'appointment (“Selling my condo first”)'; no text → 'appointment'.
 */
export function purposeInSentence(label: string): string {
  const typed = typedText(label);
  if (typed === null) return label.trim().toLowerCase();
  return typed ? `${APPOINTMENT} (“${typed}”)` : APPOINTMENT;
}

/** The same with its article: 'a property viewing', 'an open house', 'an appointment (“…”)'. */
export function purposeWithArticle(label: string): string {
  const phrase = purposeInSentence(label);
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

/**
 * A title line (calendar event, the confirmation's heading): 'Property Viewing with Dana Whitfield'; typed
 * text → 'Appointment with Dana Whitfield: Selling my condo first'.
 */
export function purposeTitle(label: string, agentName: string): string {
  const typed = typedText(label);
  if (typed === null) return `${label.trim()} with ${agentName}`;
  return typed ? `Appointment with ${agentName}: ${typed}` : `Appointment with ${agentName}`;
}

/**
 * Issue 43: the same three phrasings in the reader's language, from the catalogue ('email.purposeLabel',
 * 'email.purposeInSentence', 'email.purposeTitle'…), given the booking's purpose and what the buyer typed for
 * Other. In English they read exactly as purposeInSentence / purposeTitle of the purpose's label.
 */
export function purposeWords(
  tr: Translate,
  purpose: string,
  custom: string | null,
): { label: string; inSentence: string; title: (agentName: string) => string } {
  const listedId = (label: string) =>
    (Object.entries(BOOKING_PURPOSE_LABELS) as [BookingPurpose, string][]).find(
      ([id, text]) => id !== 'custom' && text === label.trim(),
    )?.[0];
  const id =
    purpose === 'custom'
      ? custom
        ? listedId(custom)
        : undefined
      : purpose in BOOKING_PURPOSE_LABELS
        ? purpose
        : undefined;
  const typed = purpose === 'custom' && custom && !id ? typedText(custom) : null;
  const key = id ?? 'other';
  return {
    label: purpose === 'custom' && custom ? custom : tr('email.purposeLabel', { purpose: key }),
    inSentence: typed ? tr('email.purposeTyped', { typed }) : tr('email.purposeInSentence', { purpose: key }),
    title: (agentName) =>
      typed
        ? tr('email.purposeTitleTyped', { agentName, typed })
        : tr('email.purposeTitle', { purpose: key, agentName }),
  };
}
