// Issue 45: the buyer's agent who asked for a showing for their client gets, by e-mail, every message their client
// gets about it. The booking messages copy themselves (core/notifications/catalogue.ts `withBuyerAgent`); the
// e-mails sent outside that catalogue (a proposed time, an expired seller request) send their copy with this.
import { t } from '../../../i18n';
import { deliverBuyerMail, type BuyerMailDeps } from './buyer-mail';
import { firstName } from './format';
import type { RenderedEmail } from './layout';

type BuyerMail = Parameters<typeof deliverBuyerMail>[1];

/**
 * The greeting lines of a buyer e-mail, in the booking's language: to the client, or to their buyer's agent with
 * whose showing it is.
 */
export type Greeting = string[];

/**
 * Sends the buyer's e-mail and, when the booking names a buyer's agent with an e-mail address, their copy (its own
 * key, listed as theirs). `render` draws the e-mail under the greeting it is given.
 */
export async function deliverWithBuyerAgentCopy(
  deps: BuyerMailDeps,
  booking: {
    id: string;
    clientName: string;
    clientEmail: string;
    buyerAgentName: string | null;
    buyerAgentEmail: string | null;
    /** The booking's language (issue 43): the greeting and the copy's line follow it. */
    locale: string | null;
  },
  mail: Omit<BuyerMail, 'to' | 'rendered' | 'audience'>,
  render: (greeting: Greeting) => RenderedEmail,
): Promise<{ sent: number }> {
  const buyer = await deliverBuyerMail(deps, {
    ...mail,
    to: booking.clientEmail,
    rendered: render([t(booking.locale, 'email.greeting', { name: firstName(booking.clientName) })]),
  });
  if (booking.buyerAgentName === null || !booking.buyerAgentEmail) return buyer;
  const copy = await deliverBuyerMail(deps, {
    ...mail,
    key: `${mail.key}:buyer_agent`,
    kind: `${mail.kind}.buyer_agent`,
    bookingId: mail.bookingId ?? booking.id,
    audience: 'buyer_agent',
    to: booking.buyerAgentEmail,
    rendered: render([
      t(booking.locale, 'email.greeting', { name: firstName(booking.buyerAgentName) }),
      t(booking.locale, 'email.copyForClient', { clientName: booking.clientName }),
    ]),
  });
  return { sent: buyer.sent + copy.sent };
}
