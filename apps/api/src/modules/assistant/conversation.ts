// The conversation's state and a turn's context and result (issue 17, decision 023), shared by the offline path
// (offline.ts), the provider path and the conversation's hold (holds.ts): kept apart so holds.ts reads them
// without importing the offline path that calls it.
import type { BookingPurpose, BuyerType } from '@keyturn/domain/enums';
import { ASSISTANT_SAYS, ASSISTANT_SAYS_ES, type AssistantSays } from '@keyturn/domain/assistant/texts';
import type { Proposal } from '@keyturn/domain/schemas/assistant';
import type { BuyerBooking } from '@keyturn/domain/schemas/publicBooking';
import type { Property } from '@keyturn/domain/schemas/property';
import type { ShowingAnswer } from '@keyturn/domain/listing/applyRules';
import type { AgentRow } from '../core/agents';
import type { PublicContext } from '../booking-public/context';
import type { Language } from './language';
import type { TimeWindow } from './when';

/** The conversation's live hold: its token (the proof), the held instant and when it ends (server instants). */
export type ConversationHold = { token: string; starts_at: string; expires_at: string };

export type ConversationState = {
  purpose: BookingPurpose | null;
  propertyId: number | null;
  /** Properties the buyer may mean (asked "which one?"). */
  candidates: number[];
  dates: string[] | null;
  excluded: number[];
  window: TimeWindow | null;
  time: string | null;
  proposals: Proposal[];
  chosen: Proposal | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  buyerType: BuyerType | null;
  /** What the last answer asked for: a bare reply ("Casey Buyer", "2") is read as that. */
  asking: 'property' | 'slot' | 'name' | 'email' | 'phone' | 'buyerType' | 'confirm' | null;
  bookingId: string | null;
  /** Whether the provider gave up in this conversation (then every later turn is offline). */
  offline: boolean;
  /** The buyer's language (issue 31); absent in conversations stored before it = English. */
  language?: Language;
  /** Messages in a row it could not read: after two, the booking form is offered. */
  misses?: number;
  /** The candidates are the agent's listing offered, not homes the buyer's words matched (issue 31). */
  candidatesListed?: boolean;
  /** The buyer's time zone, from the browser (issue 31): the agent's zone is named when it differs. */
  buyerZone?: string | null;
  /** "Friday" said on a Friday (issue 31). */
  weekdayIsToday?: boolean;
  /** Issue 44: the chosen time's hold (holds.ts); absent in conversations stored before it = none. */
  hold?: ConversationHold | null;
};

/** The sentences of the conversation's language. */
export function saysFor(state: Pick<ConversationState, 'language'>): AssistantSays {
  return state.language === 'es' ? ASSISTANT_SAYS_ES : ASSISTANT_SAYS;
}

export function initialState(propertyId: number | null): ConversationState {
  return {
    purpose: propertyId ? 'property_viewing' : null,
    propertyId,
    candidates: [],
    dates: null,
    excluded: [],
    window: null,
    time: null,
    proposals: [],
    chosen: null,
    name: null,
    email: null,
    phone: null,
    buyerType: null,
    asking: null,
    bookingId: null,
    offline: false,
    language: 'en',
    misses: 0,
    weekdayIsToday: false,
  };
}

/** A listed property with how it is shown (instructions only: no times offered). */
export type ListedProperty = Property & { showing?: ShowingAnswer };

export type TurnContext = {
  ctx: PublicContext;
  agent: AgentRow;
  properties: ListedProperty[];
  conversationId: string;
  /** Issue 44: the key this buyer's holds are counted under (their address, as on the booking page). */
  holdClientKey: string;
  /** Learned ranking of slots (best first), when there is one. */
  rank?: (slots: Proposal[], propertyId?: number | null) => Proposal[];
};

export type TurnResult = {
  replies: string[];
  state: ConversationState;
  booking: BuyerBooking | null;
  /**
   * Issue 44: the answer sends the buyer to the booking form (the hand-off after two misses, a language it cannot
   * chat in): the conversation's hold is let go in this turn (holds.ts), so the form can hold the time itself.
   */
  toForm?: boolean;
};
