// Issue 39: the wording of the showing texts added for the listing side — the buyer's (or their agent's) text
// when a request is declined or a new time is proposed, the agent's reply by text — and the Spanish answers to
// a Spanish reply. Each text says who decided and what happened, signs with the sender and ends with the STOP
// line, like the e-mails and pages of the same event.

/** Who decided on a request: the seller (their approval request) or the listing agent. */
export type Decider = 'seller' | 'agent';

export const STOP_LINE = { en: 'Reply STOP to opt out.', es: 'Responda STOP para no recibir más mensajes.' };

/** "your viewing" for the buyer; "Casey Buyer's viewing" for the buyer's agent who booked for them. */
export function whoseShowing(to: { role: 'buyer' | 'buyer_agent' }, clientName: string): string {
  return to.role === 'buyer_agent' ? `${clientName}'s` : 'your';
}

/** The first letter upper case: "Your viewing", at the start of a sentence. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type ShowingFacts = {
  brand: string;
  whose: string;
  what: string;
  at: string;
  by: Decider;
  agentName: string;
  url: string;
};

export const SHOWING_TEXTS = {
  /**
   * `kept`: the request was a new time for a confirmed showing, which stands — the sentence saying so
   * (RESCHEDULE_REQUEST.keptLine), in place of "choose another time".
   */
  declined: (p: Omit<ShowingFacts, 'by'>, by: Decider = 'agent', kept?: string) =>
    kept
      ? `${p.brand}: The new time requested for ${p.whose} viewing of ${p.what}, ${p.at}, was declined by ` +
        `${by === 'seller' ? 'the seller' : p.agentName}. ${kept} ${STOP_LINE.en}`
      : `${p.brand}: ${capitalised(p.whose)} requested viewing of ${p.what} on ${p.at} was declined by ` +
        `${by === 'seller' ? 'the seller' : p.agentName}. Choose another time: ${p.url} ${STOP_LINE.en}`,
  proposed: (p: ShowingFacts & { requested: string }) =>
    `${p.brand}: ${p.by === 'seller' ? 'The seller' : p.agentName} proposed another time for ` +
    `${p.whose} viewing of ${p.what}: ${p.at} instead of ${p.requested}. Accept it or keep the requested ` +
    `time: ${p.url} ${STOP_LINE.en}`,
  /** The listing agent's answer to a buyer's text, sent by text: signed with their name, with the STOP line. */
  agentReply: (p: { agentName: string; company: string | null; text: string; language: 'en' | 'es' }) =>
    `${p.agentName}${p.company ? ` (${p.company})` : ''}: ${p.text.trim()} ${STOP_LINE[p.language]}`,
} as const;
