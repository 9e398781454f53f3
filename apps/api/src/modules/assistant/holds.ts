// Issue 44 "Held times" in the booking assistant (decision 084): the time the buyer picks among the ones offered
// is held for the conversation — through the booking page's own hold (booking-public/holds.ts: the time checked
// as a booking would be, the agent's hold minutes, one client's live holds counted) — before their name, e-mail
// and phone are asked. The token stays in the conversation's state (never sent to the buyer); the booking uses
// it; another pick replaces it; a time no longer chosen (another day asked, "no", booked) is let go, and so is
// the hold when an answer sends the buyer to the booking form. Both conversation paths (offline.ts,
// openai-provider.ts) hold through here.
import { AGENT_DAY_FULL_CODE } from '@keyturn/domain/slots/agentDailyCap';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import type { Proposal } from '@keyturn/domain/schemas/assistant';
import { AppError } from '../../http/errors';
import { createHold, releaseHold } from '../booking-public/holds';
import type { PublicContext } from '../booking-public/context';
import { saysFor, type ConversationState, type TurnContext } from './conversation';
import { shortDateLabel, timeLabel } from './slots';

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * Holds the chosen time for the conversation unless a live hold of it is already the conversation's (an earlier
 * hold of another time is let go in the same step). Answers what to tell the buyer: that it is held for them, or — the time being held or
 * booked by someone else, or the agent's day full meanwhile — why not, with `state.chosen` cleared so fresh times
 * are offered. Any other refusal only means no hold: the booking is still checked in full.
 */
export async function holdChosen(
  t: TurnContext,
  state: ConversationState,
): Promise<{ held: string } | { refused: string } | null> {
  const { chosen, hold: current } = state;
  if (!chosen) return null;
  const alive = current && Date.parse(current.expires_at) > t.ctx.now().getTime();
  if (alive && sameInstant(current.starts_at, chosen.starts_at)) return null;
  const says = saysFor(state);
  try {
    const hold = await createHold(
      t.ctx,
      {
        agent_id: t.agent.id,
        property_id: state.propertyId,
        booking_date: chosen.date,
        booking_time: chosen.time,
        starts_at: chosen.starts_at,
        replaces: current?.token ?? null,
        reschedule_token: null,
      },
      t.holdClientKey,
    );
    state.hold = { token: hold.token, starts_at: hold.starts_at, expires_at: hold.expires_at };
    return { held: heldSentence(state, chosen, hold.minutes) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const taken = err.code === 'SLOT_TAKEN' || err.code === 'SLOT_UNAVAILABLE';
    if (!taken && err.code !== AGENT_DAY_FULL_CODE) return null;
    state.chosen = null;
    state.proposals = [];
    if (err.code === AGENT_DAY_FULL_CODE) return { refused: says.dayFull };
    return { refused: err.message === HOLD_TEXTS.heldByOther ? says.heldByOther : says.slotTaken };
  }
}

/** "I'm holding 2:00 PM on Tue, Jan 8 for you for 5 minutes." in the conversation's language. */
function heldSentence(state: ConversationState, chosen: Proposal, minutes: number): string {
  const language = state.language ?? 'en';
  return saysFor(state).holding(
    timeLabel(chosen.time, language),
    shortDateLabel(chosen.date, language),
    minutes,
  );
}

/**
 * After a turn: a hold whose time is no longer the chosen one (another day asked, a "no", a failed booking) or
 * that the booking used up is let go at once, so other buyers are offered the time again. So is the hold of a
 * turn that sends the buyer to the booking form (`toForm`): the form holds the time itself, and would otherwise
 * be refused it as another's until this hold ends. The time stays chosen: chatting on holds it again.
 */
export async function letGoUnchosen(
  ctx: PublicContext,
  state: ConversationState,
  toForm = false,
): Promise<ConversationState> {
  const hold = state.hold;
  if (!hold) return state;
  const kept =
    !toForm && state.chosen && !state.bookingId && sameInstant(state.chosen.starts_at, hold.starts_at);
  if (kept) return state;
  // Booked: the booking deleted it already; otherwise the time is offered again.
  if (!state.bookingId) await releaseHold(ctx.db, hold.token);
  return { ...state, hold: null };
}
