// A buyer tour's public booking in API tests: the details the buyer enters once, and the invitation's token.
import { bookingPayload } from '../fixtures';

/** The invitation link's last path segment: the tour's public token. */
export const tokenOf = (inviteUrl: string) => new URL(inviteUrl).pathname.split('/').at(-1)!;

/** What POST /api/tour/:token/book takes: a valid buyer with `email`. */
export function tourBuyerDetails(agentId: string, email: string) {
  const buyer = bookingPayload(agentId);
  return {
    client_name: buyer.client_name,
    client_email: email,
    client_phone: buyer.client_phone,
    buyer_type: buyer.buyer_type,
    budget_min: buyer.budget_min,
    budget_max: buyer.budget_max,
    income_range: buyer.income_range,
    message: null,
  };
}
