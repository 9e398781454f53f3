// THE hook point between a booking and the seller's approval (issue 32 §2). A booking of a property whose
// approval mode is `seller` or `agent_then_seller` is written `pending` and handed here, in the booking's own
// transaction (the agent's row locked), once. The "seller" capability (the approval chain: requests, links,
// reminders, escalation, expiry) replaces the body of this function; until then nothing more happens and the
// booking waits for the agent, who can confirm or decline it as any pending booking.
import type { ApprovalMode } from '@keyturn/domain/listing/showingRules';
import type { DbTransaction } from '../../db/client';
import type { BookingRow } from '../bookings/service';

export type SellerApprovalMode = Extract<ApprovalMode, 'seller' | 'agent_then_seller'>;

/**
 * A new pending booking that needs the seller: `seller` asks the seller at once (instead of the agent);
 * `agent_then_seller` asks the seller once the agent has approved. Called by the public booking write
 * (booking-public/service.ts writeBooking) inside its transaction; must not commit or open its own.
 */
export async function sellerApprovalRequested(
  tx: DbTransaction,
  booking: BookingRow,
  mode: SellerApprovalMode,
): Promise<void> {
  // Built by the "seller" helper (issue 32 §2). Kept a no-op here so the booking flow is complete without it.
  void tx;
  void booking;
  void mode;
}
