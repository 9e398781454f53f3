// The buyer's pages after booking (manage, cancelled, a proposed time, the waiting list) and the showing's
// conversation and documents on them, in the page's language (issue 43; catalogues in
// packages/domain/src/i18n/<locale>/manage.json).
import english from '@keyturn/domain/i18n/en/manage.json';
// Who decides (issue 39 §6): the manage page shows the confirmation step's and the e-mail's one wording.
import { waitingDetail, waitingFor } from '@keyturn/domain/i18n/en/email.json';
import { defineArea, type Translate } from '@/lib/i18n';

export const MANAGE = defineArea('manage', english);
defineArea('email', { waitingFor, waitingDetail });
export type ManageT = Translate<keyof typeof english & string>;

/** A sentence with elements in it (links): each `parts` name is put where the message places it. */
const MARK = '\uE000';
export function marks<N extends string>(names: readonly N[]): Record<N, string> {
  return Object.fromEntries(names.map((n) => [n, `${MARK}${n}${MARK}`])) as Record<N, string>;
}
export function splitMarks<T>(text: string, parts: Record<string, T>): (string | T)[] {
  return text.split(MARK).map((piece, i) => (i % 2 === 1 ? (parts[piece] ?? piece) : piece));
}
