// Issue 44 "Cut-offs": how long before a showing its buyer may still cancel or reschedule it themselves — the
// manage link, the reschedule flow and a text reply. Set by the agent (0: up to the start, as before), overridden
// per property; the agent can always act from the dashboard. Shared by the API (it refuses with 409
// CHANGE_CUTOFF_PASSED), the web app (the settings, the property's rules, the manage page) and the text replies.
// Pure: the caller passes the clock. The API's schemas are in schemas/changeCutoff.ts (zod stays out of the
// buyer's pages).
import manage from './i18n/en/manage.json' with { type: 'json' };
import { english } from './i18n/icu-english';

/** The longest cut-off: a week. */
export const CHANGE_CUTOFF_MAX_HOURS = 168;

/** The choices the settings offer, in hours before the start (0: any time before it starts). */
export const CHANGE_CUTOFF_CHOICES = [0, 1, 2, 4, 12, 24, 48, 72] as const;

/** The error code of a buyer's cancel or reschedule refused inside the cut-off. */
export const CHANGE_CUTOFF_CODE = 'CHANGE_CUTOFF_PASSED';

/** A property's own cut-off wins over its agent's; null follows the agent. */
export function effectiveCutoffHours(agentHours: number, propertyHours: number | null | undefined): number {
  return propertyHours ?? agentHours;
}

/** The instant a showing's buyer can no longer change it themselves: `hours` before it starts (0: its start). */
export function changesCloseAt(startsAt: Date, hours: number): Date {
  return new Date(startsAt.getTime() - hours * 3_600_000);
}

/** Whether the buyer may still cancel or reschedule now: strictly before the cut-off instant. */
export function buyerMayChange(startsAt: Date, now: Date, hours: number): boolean {
  return now.getTime() < changesCloseAt(startsAt, hours).getTime();
}

/** '1 hour', '24 hours'. */
export const hoursWords = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`);

/** The choice's label in the settings and the property's rules. */
export function cutoffChoiceLabel(hours: number): string {
  return hours === 0 ? 'Any time before the showing starts' : `Up to ${hoursWords(hours)} before`;
}

/**
 * What the buyer is told inside the cut-off — on the manage page, in the API's 409 and (in English) in a text
 * reply: who decided (the agent), what happened (nothing changed), and how to still reach the agent.
 */
export function changeClosedMessage(hours: number, agentName: string): string {
  // One English copy: the manage page shows the same key in the buyer's language (issue 43).
  return english(manage.changesClosed, { agent: agentName, hours });
}

/** The setting's words on Settings → Availability and in a property's showing rules. */
export const CHANGE_CUTOFF_UI = {
  title: "Buyers' own changes",
  label: 'Buyers may cancel or reschedule',
  description:
    'After this, the manage link and text replies tell buyers the showing can no longer be changed there and to ' +
    'call or text you. You can always change or cancel a showing yourself.',
  saved: 'Saved: when buyers may change their showings.',
  failed: 'The setting could not be saved.',
} as const;

/** The choices offered, with a stored value outside them (set through the API) kept in the list. */
export function cutoffChoices(current: number | null): number[] {
  const choices: number[] = [...CHANGE_CUTOFF_CHOICES];
  if (current !== null && !choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}

/**
 * The buyer's e-mails say it up front when a cut-off applies: until when the showing can be changed online
 * (`until`: the cut-off instant in the showing's zone, e.g. 'Monday, March 3, 2031 at 2:00 PM EST').
 */
export function changesOnlineUntil(hours: number, until: string, agentName: string): string {
  return (
    `You can reschedule or cancel online until ${until} (${hoursWords(hours)} before the showing); after that, ` +
    `call or text ${agentName}.`
  );
}

/** The e-mails' line once the cut-off has passed (a late reminder): no online change is offered any more. */
export function changesClosedNote(agentName: string): string {
  return `It can no longer be rescheduled or cancelled online; to change it, call or text ${agentName}.`;
}

/** The e-mails' button to the manage page once the cut-off has passed ("Reschedule or cancel" before it). */
export const VIEW_BOOKING_LABEL = 'View your booking';
