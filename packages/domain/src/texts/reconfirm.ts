// Re-confirmation (issue 33, decision 056): a confirmed showing the buyer has not confirmed (by a Y reply or
// on the manage page) by a set time before it starts gets a second text; still unconfirmed at 2 hours before,
// the agent is e-mailed and the dashboard marks it "Not confirmed". Pure rules; the API schedules them.

/** The second text's default time before the showing (an agent's notification setting changes it). */
export const DEFAULT_RECONFIRM_MINUTES = 360;
/** The setting's bounds: after the alert, at most two days before. */
export const RECONFIRM_MINUTES_MIN = 180;
export const RECONFIRM_MINUTES_MAX = 2880;
/** Still unconfirmed this long before the start: the agent is alerted. */
export const UNCONFIRMED_ALERT_MINUTES = 120;

/** The line every reminder and re-confirmation text ends with (the inbound side acts on the replies). */
export const REPLY_PROMPT = 'Reply Y to confirm or N to cancel this showing; STOP to stop texts';

/**
 * The same line once the showing's cut-off has passed (issue 44): an N would cancel nothing, so the text does not
 * offer it and names who can change the showing now.
 */
export const replyPromptAfterCutoff = (agentName: string) =>
  `Reply Y to confirm; to change it, call or text ${agentName}; STOP to stop texts`;

/** The dashboard's badge on a showing whose buyer was asked twice and has not confirmed. */
export const NOT_CONFIRMED_BADGE = 'Not confirmed';

/**
 * The re-confirmation text's and the alert's times for a showing, or null when the text's time has already
 * passed (a showing booked late is not asked twice, and then its agent is not alerted either).
 */
export function reconfirmTimes(
  startsAt: Date,
  reconfirmMinutes: number,
  now: Date,
): { reconfirmAt: Date; alertAt: Date } | null {
  const reconfirmAt = new Date(startsAt.getTime() - reconfirmMinutes * 60_000);
  if (reconfirmAt.getTime() <= now.getTime()) return null;
  return { reconfirmAt, alertAt: new Date(startsAt.getTime() - UNCONFIRMED_ALERT_MINUTES * 60_000) };
}

/** How a showing stands: confirmed by the buyer's text, on the manage page, or not confirmed. */
export const CONFIRMATION_STATES = ['text', 'page', 'none'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

export function confirmationState(booking: {
  buyerConfirmedAt: Date | string | null;
  buyerConfirmedVia: string | null;
}): ConfirmationState {
  if (!booking.buyerConfirmedAt) return 'none';
  return booking.buyerConfirmedVia === 'page' ? 'page' : 'text';
}

/** The "Not confirmed" badge: the agent was alerted, and the buyer has not confirmed since. */
export function showsNotConfirmed(booking: {
  status: string;
  unconfirmedAlertAt: Date | null;
  buyerConfirmedAt: Date | null;
}): boolean {
  return (
    booking.status === 'confirmed' && booking.unconfirmedAlertAt !== null && booking.buyerConfirmedAt === null
  );
}

/** The feedback ask by text: "How was 12 Oak St? Reply 1–5" and the link for details. */
export function feedbackAskText(place: string, link: string): string {
  return `How was ${place}? Reply 1–5 (5 = loved it). Tell us more: ${link}`;
}
