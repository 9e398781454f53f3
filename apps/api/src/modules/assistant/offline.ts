// The offline assistant (issue 17, decision 023): one buyer message → the conversation's next state and
// the assistant's answer. Deterministic: understand.ts reads the message, the slot engine offers real free
// times, the booking service books. It never names a property, a time or a price the agent's data does not
// hold: every time offered comes from slots.ts, every address from the agent's public properties.
import { PROPERTY_PURPOSES, type BookingPurpose, type BuyerType } from '@keyturn/domain/enums';
import { ASSISTANT_SAYS, bookingSummary } from '@keyturn/domain/assistant/texts';
import type { Proposal } from '@keyturn/domain/schemas/assistant';
import { bookingRequestSchema, buyerTypeSchema, bookingRequestShape } from '@keyturn/domain/schemas/booking';
import { emailSchema } from '@keyturn/domain/schemas/common';
import { phoneSchema } from '@keyturn/domain/schemas/phone';
import type { BuyerBooking } from '@keyturn/domain/schemas/publicBooking';
import type { Property } from '@keyturn/domain/schemas/property';
import { agentToday } from '@keyturn/domain/slots/engine';
import { AppError } from '../../http/errors';
import type { AgentRow } from '../agents/service';
import { createBooking } from '../booking-public/service';
import { type PublicContext } from '../booking-public/context';
import { findProposals, type SlotCriteria } from './slots';
import { STREET_WORDS, understand, type PropertyFacts } from './understand';
import { type TimeWindow } from './when';

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
};

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
  };
}

export type TurnContext = {
  ctx: PublicContext;
  agent: AgentRow;
  properties: Property[];
  conversationId: string;
  /** Learned ranking of slots (best first), when there is one. */
  rank?: (slots: Proposal[], propertyId?: number | null) => Proposal[];
};

export type TurnResult = { replies: string[]; state: ConversationState; booking: BuyerBooking | null };

export function facts(properties: Property[]): PropertyFacts[] {
  return properties.map((p) => ({
    id: p.id,
    address: p.address,
    city: p.city,
    state: p.state,
    zip_code: p.zip_code,
    price: p.price,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    property_type: p.property_type,
  }));
}

export function addressOf(p: Property): string {
  return `${p.address}, ${p.city}`;
}

/** One offline turn. */
export async function offlineTurn(
  t: TurnContext,
  previous: ConversationState,
  text: string,
): Promise<TurnResult> {
  const state: ConversationState = { ...previous };
  if (state.bookingId) return { replies: [ASSISTANT_SAYS.alreadyBooked], state, booking: null };
  const today = agentToday(t.ctx.now(), t.agent.timeZone);
  const u = understand(text, today, facts(t.properties));
  const replies: string[] = [];

  // Answers to what was asked.
  const bare = text.trim();
  if (state.asking === 'name' && !u.name && !u.email && !u.phone && /^[\p{L}][\p{L}' .-]{1,118}$/u.test(bare))
    u.name = bare;
  if (state.asking === 'buyerType' && !u.buyerType) u.buyerType = buyerTypeAnswer(bare);
  if (state.asking === 'property' && state.candidates.length > 1 && u.propertyIds.length !== 1) {
    const among = facts(t.properties.filter((p) => state.candidates.includes(p.id)));
    const picked = u.choice ? state.candidates[u.choice - 1] : distinguishing(text, among);
    if (picked !== undefined && picked !== null) u.propertyIds = [picked];
  }

  // Contact details, each checked by the booking form's own schema.
  const shape = bookingRequestShape();
  const fieldChecks = [
    ['name', u.name, shape.client_name],
    ['email', u.email ?? (state.asking === 'email' && /@/.test(bare) ? bare : null), emailSchema],
    ['phone', u.phone ?? (state.asking === 'phone' && /\d{3}/.test(bare) ? bare : null), phoneSchema],
  ] as const;
  for (const [field, value, schema] of fieldChecks) {
    if (value === null) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) state[field] = parsed.data as string;
    else replies.push(ASSISTANT_SAYS.invalid(parsed.error.issues[0]?.message ?? 'That does not look right'));
  }
  if (u.buyerType) state.buyerType = buyerTypeSchema.parse(u.buyerType);

  // The property and the purpose.
  if (u.propertyIds.length === 1) {
    state.propertyId = u.propertyIds[0] ?? null;
    state.candidates = [];
    if (!u.purpose && !state.purpose) state.purpose = 'property_viewing';
  } else if (u.propertyIds.length > 1) {
    state.candidates = u.propertyIds;
  }
  if (u.purpose) {
    state.purpose = u.purpose;
    if (!PROPERTY_PURPOSES.includes(u.purpose) && u.propertyIds.length === 0) state.propertyId = null;
  }

  // A new day or time asked for: a new search.
  const newCriteria =
    u.dates !== null || u.window !== null || u.time !== null || u.excludedWeekdays.length > 0;
  if (newCriteria) {
    state.dates = u.dates ?? (u.window || u.time ? state.dates : null);
    state.window = u.window;
    state.time = u.time;
    state.excluded = u.excludedWeekdays.length > 0 ? u.excludedWeekdays : state.excluded;
    state.chosen = null;
    state.proposals = [];
  }

  // Confirmation.
  if (state.asking === 'confirm' && state.chosen && !newCriteria) {
    if (u.yes) return book(t, state, replies);
    if (u.no) {
      state.chosen = null;
      replies.push(ASSISTANT_SAYS.notConfirmed);
      state.asking = 'slot';
      return { replies, state, booking: null };
    }
  }

  // A choice among the times offered.
  if (!state.chosen && state.proposals.length > 0 && !newCriteria) {
    const byNumber = u.choice ? state.proposals[u.choice - 1] : undefined;
    const byTime = u.time ? state.proposals.find((p) => p.time === u.time) : undefined;
    const single = state.proposals.length === 1 && u.yes ? state.proposals[0] : undefined;
    state.chosen = byNumber ?? byTime ?? single ?? null;
  }

  return { replies: [...replies, ...(await nextQuestion(t, state))], state, booking: null };
}

/** What the conversation needs next, asked in one sentence (and the times, when it is time to offer them). */
async function nextQuestion(t: TurnContext, state: ConversationState): Promise<string[]> {
  const byId = new Map(t.properties.map((p) => [p.id, p]));
  const needsProperty = state.purpose === null || PROPERTY_PURPOSES.includes(state.purpose);
  if (needsProperty && (state.propertyId === null || !byId.has(state.propertyId))) {
    state.propertyId = null;
    state.asking = 'property';
    if (state.candidates.length > 1) {
      return [ASSISTANT_SAYS.whichOfThese(state.candidates.map((id) => addressOf(byId.get(id)!)))];
    }
    if (t.properties.length === 0) {
      state.purpose = 'custom';
    } else {
      state.candidates = t.properties.slice(0, 5).map((p) => p.id);
      return [ASSISTANT_SAYS.whichProperty(t.properties.slice(0, 5).map(addressOf))];
    }
  }
  if (!state.chosen) {
    const criteria: SlotCriteria = {
      dates: state.dates,
      excluded: state.excluded,
      window: state.window,
      time: state.time,
    };
    const rank = t.rank;
    const found = await findProposals(
      t.ctx,
      t.agent,
      criteria,
      rank && ((slots) => rank(slots, state.propertyId)),
    );
    state.proposals = found.proposals;
    state.asking = 'slot';
    if (found.proposals.length === 0) return [...found.notes, ASSISTANT_SAYS.nothingAtAll];
    const subject = state.propertyId ? addressOf(byId.get(state.propertyId)!) : purposeLabel(state.purpose);
    return [
      ASSISTANT_SAYS.proposals(
        subject,
        found.proposals.map((p) => p.label),
        found.notes.join(' ') || null,
      ),
    ];
  }
  if (!state.name) {
    state.asking = 'name';
    return [ASSISTANT_SAYS.askName(state.chosen.label)];
  }
  if (!state.email) {
    state.asking = 'email';
    return [ASSISTANT_SAYS.askEmail];
  }
  if (!state.phone) {
    state.asking = 'phone';
    return [ASSISTANT_SAYS.askPhone];
  }
  if (!state.buyerType) {
    state.asking = 'buyerType';
    return [ASSISTANT_SAYS.askBuyerType];
  }
  state.asking = 'confirm';
  return [ASSISTANT_SAYS.confirm(summaryOf(t, state))];
}

function purposeLabel(purpose: BookingPurpose | null): string {
  return purpose === 'property_valuation' ? 'a valuation' : 'a consultation';
}

export function summaryOf(t: TurnContext, state: ConversationState): string {
  const property = state.propertyId ? t.properties.find((p) => p.id === state.propertyId) : undefined;
  return bookingSummary({
    purpose: state.purpose ?? 'property_viewing',
    address: property ? addressOf(property) : null,
    when: state.chosen?.label ?? '',
    name: state.name ?? '',
    email: state.email ?? '',
    phone: state.phone ?? '',
    buyerType: state.buyerType ?? 'first_time_buyer',
  });
}

/** Books the confirmed time through the public booking service: its checks, race rule, limit, messages. */
export async function book(t: TurnContext, state: ConversationState, replies: string[]): Promise<TurnResult> {
  const chosen = state.chosen!;
  const request = bookingRequestSchema.parse({
    property_id: state.propertyId,
    agent_id: t.agent.id,
    client_name: state.name,
    client_email: state.email,
    client_phone: state.phone,
    buyer_type: state.buyerType,
    booking_purpose: state.purpose ?? 'property_viewing',
    booking_date: chosen.date,
    booking_time: chosen.time,
    starts_at: chosen.starts_at,
    message: null,
  });
  try {
    const booking = await createBooking(t.ctx, request, `assistant:${t.conversationId}:${chosen.starts_at}`);
    state.bookingId = booking.id;
    state.asking = null;
    replies.push(ASSISTANT_SAYS.booked(summaryOf(t, state), state.email!, booking.status === 'pending'));
    return { replies, state, booking };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    state.chosen = null;
    if (err.code === 'SLOT_TAKEN' || err.code === 'SLOT_UNAVAILABLE') {
      // Never a double booking: the database refused it; offer what is free now.
      replies.push(ASSISTANT_SAYS.slotTaken);
      return { replies: [...replies, ...(await nextQuestion(t, state))], state, booking: null };
    }
    state.asking = null;
    replies.push(ASSISTANT_SAYS.cannotBook(err.message));
    return { replies, state, booking: null };
  }
}

/** The one candidate whose address has a word the others lack and the answer names ("the avenue one"). */
function distinguishing(text: string, candidates: PropertyFacts[]): number | null {
  const words = new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);
  const wordsOf = (p: PropertyFacts) =>
    new Set(
      (`${p.address} ${p.city}`.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((w) => STREET_WORDS[w] ?? w),
    );
  const hits = candidates.filter((p) => {
    const own = wordsOf(p);
    const others = candidates.filter((o) => o.id !== p.id).map(wordsOf);
    return [...own].some(
      (w) =>
        others.every((o) => !o.has(w)) && (words.has(w) || [...words].some((x) => STREET_WORDS[x] === w)),
    );
  });
  return hits.length === 1 ? hits[0]!.id : null;
}

function buyerTypeAnswer(text: string): BuyerType | null {
  const lower = text.toLowerCase();
  if (/^1\b|first/.test(lower)) return 'first_time_buyer';
  if (/^2\b|invest/.test(lower)) return 'investor';
  if (/^3\b|owner|own/.test(lower)) return 'home_owner';
  return null;
}
