// Every text of the booking assistant (issue 17) in one place: the panel's labels (web) and the sentences the
// server's conversation answers with. The field checks reuse the booking form's own messages (schemas).
import { WEEKDAY_PLURALS } from '../learning/preferences';
import { BOOKING_PURPOSE_LABELS, BUYER_TYPE_LABELS, type BookingPurpose, type BuyerType } from '../enums';

/** The longest message a buyer may send (the panel's input and the API's schema). */
export const ASSISTANT_TEXT_MAX_LENGTH = 1000;

export const ASSISTANT_UI = {
  openButton: 'Book with the assistant',
  panelTitle: 'Booking assistant',
  inputLabel: 'Your message',
  placeholder: 'e.g. the 3-bed on Maple, Saturday morning',
  send: 'Send',
  close: 'Close the assistant',
  sending: 'The assistant is writing…',
  openForm: 'Open the booking form',
  failed: 'The assistant could not answer. Please try again or use the booking form.',
  settingsTitle: 'Booking assistant',
  settingsDescription:
    'A chat on your public booking page that turns what buyers write ("the 3-bed on Maple, Saturday morning") into a booking in your free times.',
  settingsToggle: 'Offer the booking assistant on my booking page',
  settingsSaved: 'Booking assistant settings saved',
  conversationHeading: 'Booked through the assistant',
  learnedTitle: 'What Keyturn learned about your schedule',
  learnedDescription:
    'From the showings you kept, declined and moved. It orders the times offered (best first, marked "suggested"); your hours, notice and buffers always come first.',
  correctPeriods: 'Times of day you prefer',
  correctMax: 'At most this many showings a day',
  correctMaxHint: 'Leave empty to use what was learned.',
  saveCorrection: 'Save my correction',
  useLearned: 'Use what was learned',
  reset: 'Reset what was learned',
  correctAreas: 'Areas you show in on a weekday (untick one that is wrong)',
  areaDay: (area: string, weekday: number) => `${area} on ${WEEKDAY_PLURALS[weekday] ?? ''}`,
  suggestToggle: 'Mark my best times "Suggested" on my booking page',
  suggestDescription:
    'The day\'s best times by what was learned are listed first and marked "Suggested" (at most 3 a day). Buyers still see every free time.',
  learnedSaved: 'Scheduling preferences saved',
  learnedReset: 'Learning starts again from now',
} as const;

/** The times of day the agent can prefer (learning/preferences.ts PERIODS), as Settings names them. */
export const PERIOD_OPTIONS = [
  { value: 'morning', label: 'Mornings (before noon)' },
  { value: 'midday', label: 'Middays (12–2 pm)' },
  { value: 'afternoon', label: 'Afternoons (2–5 pm)' },
  { value: 'evening', label: 'Evenings (after 5 pm)' },
] as const;

export const ASSISTANT_DISABLED_MESSAGE = 'The booking assistant is switched off for this agent.';
export const ASSISTANT_BUSY_MESSAGE = 'The assistant is still answering your previous message.';

const buyerTypeList = Object.values(BUYER_TYPE_LABELS).join(', ');

export const ASSISTANT_SAYS = {
  greeting: (agentName: string, address: string | null) =>
    address
      ? `Hi! I can book a viewing of ${address} with ${agentName}. When would suit you? (for example "Saturday morning" or "Tuesday after 5")`
      : `Hi! I'm ${agentName}'s booking assistant. Tell me which home you would like to see and when — for example "the 3-bed on Maple on Saturday morning" — or ask for a consultation or a valuation.`,
  whichProperty: (addresses: string[]) =>
    `Which home would you like to see? ${agentListing(addresses)} Or is it a consultation or a valuation of your own home?`,
  whichOfThese: (addresses: string[]) =>
    `I found more than one home that fits: ${numbered(addresses)}. Which one do you mean?`,
  noProperties: 'This agent has no homes listed for online booking right now, but I can book a consultation.',
  unknownProperty: "I couldn't find that home among this agent's listings. Which of these do you mean?",
  proposals: (subject: string, lines: string[], note: string | null) =>
    `${note ? `${note} ` : ''}Here ${lines.length === 1 ? 'is a time' : 'are times'} I can offer for ${subject}: ${numbered(lines)}. Which one suits you?`,
  pastDay: 'That day has already passed (or is today), and the earliest I can book is tomorrow.',
  beyondWindow: 'I can only book up to 60 days ahead.',
  closedDay: (days: string[]) =>
    `Sorry, ${days.join(' and ')} ${days.length === 1 ? 'is not a day' : 'are not days'} this agent takes showings.`,
  nothingThen: 'Nothing is free at the time you asked for.',
  nothingAtAll:
    "I'm sorry, I couldn't find a free time in the next two weeks. The booking form shows every free day up to 60 days ahead.",
  pickOne: (count: number) =>
    count === 1
      ? 'Shall I take this time? Answer "yes", or tell me another day or time.'
      : `Which of the ${count} times would you like? Answer with its number, or tell me another day or time.`,
  askName: (slot: string) => `${slot} — good choice. What is your full name?`,
  askEmail: 'What e-mail address should the confirmation go to?',
  askPhone: 'And a phone number the agent can reach you on?',
  askBuyerType: `Which describes you best: ${buyerTypeList}?`,
  invalid: (message: string) => `${message}. Could you write it again?`,
  confirm: (summary: string) => `Please check: ${summary}. Shall I book it? (yes / no)`,
  notConfirmed: 'No problem — tell me another day or time, or what to change.',
  booked: (summary: string, email: string, pending: boolean) =>
    pending
      ? `Done: ${summary} is requested. The agent confirms it shortly; the details are on their way to ${email}.`
      : `You're booked: ${summary}. A confirmation is on its way to ${email}.`,
  alreadyBooked: 'Your showing is booked. The confirmation e-mail has a link to change or cancel it.',
  slotTaken: 'Sorry — someone booked that time a moment ago.',
  cannotBook: (reason: string) => `${reason} You can also use the booking form.`,
  handOff: "I can't help with that here — the booking form below is filled with what you told me.",
} as const;

/** "Property Viewing at 12 Maple Street on Saturday, February 2 at 10:00 AM for Casey Buyer (…)". */
export function bookingSummary(b: {
  purpose: BookingPurpose;
  address: string | null;
  when: string;
  name: string;
  email: string;
  phone: string;
  buyerType: BuyerType;
}): string {
  const what = `${BOOKING_PURPOSE_LABELS[b.purpose]}${b.address ? ` at ${b.address}` : ''}`;
  return `${what} on ${b.when}, for ${b.name} (${b.email}, ${b.phone}, ${BUYER_TYPE_LABELS[b.buyerType]})`;
}

function numbered(lines: string[]): string {
  return lines.map((line, i) => `${i + 1}. ${line}`).join('; ');
}

function agentListing(addresses: string[]): string {
  return addresses.length > 0 ? `The homes listed: ${numbered(addresses)}.` : '';
}
