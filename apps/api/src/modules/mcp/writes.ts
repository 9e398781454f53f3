// The MCP server's writes (issue 34 §3, decision 059): book, reschedule and cancel through the booking page's
// own services (booking-public/service.ts), so validation, plan limits, the taken-slot check, idempotency and
// the messages to the buyer and the agent are the page's; holding and letting go of a time (issue 44) through
// the page's own holds (booking-public/holds.ts).
import type { z } from 'zod';
import {
  MCP_MESSAGES,
  type mcpBookInput,
  type mcpHoldInput,
  type mcpRescheduleInput,
} from '@keyturn/domain/schemas/mcp';
import { rescheduleWithTokenSchema } from '@keyturn/domain/schemas/publicBooking';
import { fieldErrors, validationError } from '../../http/errors';
import type { PublicContext } from '../booking-public/context';
import {
  bookingNotFound,
  cancelBooking,
  createBooking,
  findByToken,
  manageView,
  rescheduleBooking,
} from '../booking-public/service';
import { prefillFor } from '../booking-public/links';
import { createHold, releaseHold } from '../booking-public/holds';
import { managedAnswer } from './answers';

export async function bookShowing(ctx: PublicContext, input: z.output<typeof mcpBookInput>) {
  const { idempotency_key: key, ...request } = input;
  // Texts need the buyer's own tick of the consent box on the booking page (issue 33, decision 055): a booking
  // made through an assistant has no such tick, so its buyer is told by e-mail only.
  return createBooking(ctx, { ...request, sms_consent: false }, key ?? undefined);
}

/**
 * Issue 44: the chosen time held for the caller's buyer through the booking page's own hold (createHold: the time
 * checked as a booking would be, the agent's hold minutes, at most HOLDS_PER_CLIENT live holds per client).
 */
export async function holdOpenTime(
  ctx: PublicContext,
  input: z.output<typeof mcpHoldInput>,
  clientKey: string,
) {
  const hold = await createHold(ctx, { ...input, reschedule_token: null }, clientKey);
  return {
    hold_token: hold.token,
    booking_date: input.booking_date,
    booking_time: input.booking_time,
    starts_at: hold.starts_at,
    expires_at: hold.expires_at,
    minutes: hold.minutes,
    message: MCP_MESSAGES.held(hold.minutes, hold.expires_at),
  };
}

/** Issue 44: the hold let go (the booking page's release); the time is offered again at once. */
export async function releaseHeldTime(ctx: PublicContext, token: string) {
  await releaseHold(ctx.db, token);
  return { released: true, message: MCP_MESSAGES.released };
}

export async function bookingByToken(ctx: PublicContext, token: string) {
  return managedAnswer(await manageView(ctx, await findByToken(ctx.db, token)));
}

export async function cancelByToken(ctx: PublicContext, token: string, reason: string | null) {
  return managedAnswer(await cancelBooking(ctx, token, reason));
}

/**
 * A new time for the booking the token manages: the booking page's reschedule request, built as the page
 * builds it from the token's prefill (the buyer's details as stored), checked by the page's schema.
 */
export async function rescheduleByToken(ctx: PublicContext, input: z.output<typeof mcpRescheduleInput>) {
  const found = await prefillFor(ctx.db, input.token, ctx.now());
  const { prefill } = found;
  // An agent's invitation link is a token too, but it manages no booking.
  if (prefill.action !== 'reschedule' || !prefill.booking_id) throw bookingNotFound();
  const parsed = rescheduleWithTokenSchema.safeParse({
    token: input.token,
    original_booking_id: prefill.booking_id,
    reschedule_reason: input.reschedule_reason,
    agent_id: found.agent_id,
    property_id: found.property_id,
    client_name: prefill.buyer_name,
    client_email: prefill.buyer_email,
    client_phone: prefill.buyer_phone,
    buyer_type: prefill.buyer_type,
    budget_min: prefill.budget_min,
    budget_max: prefill.budget_max,
    income_range: prefill.income_range,
    booking_purpose: prefill.booking_purpose,
    custom_purpose: prefill.custom_purpose,
    booking_date: input.booking_date,
    booking_time: input.booking_time,
    starts_at: input.starts_at ?? null,
    message: prefill.notes,
  });
  if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
  return rescheduleBooking(ctx, parsed.data);
}
