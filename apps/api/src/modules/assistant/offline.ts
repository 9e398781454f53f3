// The offline assistant (issue 17, decision 023): one buyer message → the conversation's next state and
// the assistant's answer. Deterministic: understand.ts reads the message, the slot engine offers real free
// times, the booking service books. It never names a property, a time or a price the agent's data does not
// hold: every time offered comes from slots.ts, every address from the agent's public properties.
import { PROPERTY_PURPOSES, type BookingPurpose, type BuyerType } from '@keyturn/domain/enums';
import { bookingSummary, bookingSummaryEs } from '@keyturn/domain/assistant/texts';
import { bookingRequestSchema, buyerTypeSchema, bookingRequestShape } from '@keyturn/domain/schemas/booking';
import { emailSchema } from '@keyturn/domain/schemas/common';
import { phoneSchema } from '@keyturn/domain/schemas/phone';
import type { Property } from '@keyturn/domain/schemas/property';
import { agentToday } from '@keyturn/domain/slots/engine';
import { AppError } from '../../http/errors';
import type { AgentRow } from '../core/agents';
import { createBooking } from '../booking-public/service';
import { AGENT_DAY_FULL_CODE } from '@keyturn/domain/slots/agentDailyCap';
import type { Language } from './language';
import { dateLabel, findProposals, timeLabel, type SlotCriteria } from './slots';
import { holdChosen } from './holds';
import { saysFor, type ConversationState, type TurnContext, type TurnResult } from './conversation';

export {
  initialState,
  saysFor,
  type ConversationHold,
  type ConversationState,
  type ListedProperty,
  type TurnContext,
  type TurnResult,
} from './conversation';
import { STREET_WORDS, understand, understoodAnything, type PropertyFacts } from './understand';

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

export function agentName(agent: Pick<AgentRow, 'firstName' | 'lastName'>): string {
  return `${agent.firstName} ${agent.lastName}`;
}

/** One offline turn. */
export async function offlineTurn(
  t: TurnContext,
  previous: ConversationState,
  text: string,
): Promise<TurnResult> {
  const state: ConversationState = { ...previous };
  const today = agentToday(t.ctx.now(), t.agent.timeZone);
  const u = understand(text, today, facts(t.properties), previous.language ?? 'en');
  if (u.language === 'en' || u.language === 'es') state.language = u.language;
  const says = saysFor(state);
  if (state.bookingId) return { replies: [says.alreadyBooked], state, booking: null };
  const replies: string[] = [];
  if (u.language === 'other' && !understoodAnything(u))
    return { ...missed(state, says.languages), toForm: true };

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
  let tookDetail = false;
  for (const [field, value, schema] of fieldChecks) {
    if (value === null) continue;
    tookDetail = true;
    const parsed = schema.safeParse(value);
    if (parsed.success) state[field] = parsed.data as string;
    else replies.push(says.invalid(parsed.error.issues[0]?.message ?? 'That does not look right'));
  }
  // Nothing in the message it can use: say so honestly (never the same question again); the form after two.
  if (!tookDetail && !understoodAnything(u)) {
    return missed(state, says.notCaught(says.examples[state.asking ?? 'start']), says.handOff);
  }
  state.misses = 0;
  if (u.buyerType) state.buyerType = buyerTypeSchema.parse(u.buyerType);

  // The property and the purpose.
  if (u.propertyIds.length === 1) {
    state.propertyId = u.propertyIds[0] ?? null;
    state.candidates = [];
    if (!u.purpose && !state.purpose) state.purpose = 'property_viewing';
  } else if (u.propertyIds.length > 1) {
    state.candidates = u.propertyIds;
    state.candidatesListed = false;
  }
  if (u.purpose) {
    state.purpose = u.purpose;
    if (!PROPERTY_PURPOSES.includes(u.purpose) && u.propertyIds.length === 0) state.propertyId = null;
  }

  // A new day or time asked for: a new search.
  const newCriteria =
    u.dates !== null || u.window !== null || u.time !== null || u.excludedWeekdays.length > 0;
  if (newCriteria) {
    // A correction replaces only what it names: "actually make it Sunday" keeps "morning".
    const newTime = u.window !== null || u.time !== null;
    state.dates = u.dates ?? (newTime ? state.dates : null);
    if (newTime || u.dates === null) {
      state.window = u.window;
      state.time = u.time;
    }
    state.excluded = u.excludedWeekdays.length > 0 ? u.excludedWeekdays : state.excluded;
    if (u.dates !== null) state.weekdayIsToday = u.weekdayIsToday;
    state.chosen = null;
    state.proposals = [];
  }

  // Confirmation.
  if (state.asking === 'confirm' && state.chosen && !newCriteria) {
    if (u.yes) return book(t, state, replies);
    if (u.no) {
      state.chosen = null;
      replies.push(says.notConfirmed);
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
  // Issue 44: the time picked is held for the buyer before their details are asked (or, taken meanwhile, said
  // so and fresh times offered by the question below).
  const hold = await holdChosen(t, state);
  if (hold) replies.push('held' in hold ? hold.held : hold.refused);

  return { replies: [...replies, ...(await nextQuestion(t, state))], state, booking: null };
}

/** A message it could not read: "I didn't catch that" (or `first`), and after two in a row the form. */
function missed(state: ConversationState, first: string, handOff: string | null = null): TurnResult {
  state.misses = (state.misses ?? 0) + 1;
  if (handOff && state.misses >= 2) return { replies: [first, handOff], state, booking: null, toForm: true };
  return { replies: [first], state, booking: null };
}

/** What the conversation already knows about the time ("Saturday, March 9, morning"), or null. */
export function knownWhen(state: ConversationState): string | null {
  const says = saysFor(state);
  const lang = state.language ?? 'en';
  const parts: string[] = [];
  if (state.dates?.length) {
    const labels = state.dates.slice(0, 2).map((d) => dateLabel(d, lang));
    parts.push(
      state.dates.length > 2 ? `${labels.join(', ')}…` : labels.join(lang === 'es' ? ' o ' : ' or '),
    );
  }
  const w = state.window;
  const l = says.windowLabels;
  if (state.time) parts.push(l.at(timeLabel(state.time, lang)));
  else if (w?.near) parts.push(l.around(timeLabel(w.near, lang)));
  else if (w) {
    const named = Object.entries(PERIOD_NAMES).find(([, p]) => p.from === w.from && p.to === w.to)?.[0];
    if (named) parts.push(l[named as keyof typeof PERIOD_NAMES]);
    else if (w.to === '24:00') parts.push(l.after(timeLabel(w.from, lang)));
    else if (w.from === '00:00') parts.push(l.before(timeLabel(w.to, lang)));
    else parts.push(l.between(timeLabel(w.from, lang), timeLabel(w.to, lang)));
  }
  if (parts.length === 0) return null;
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const PERIOD_NAMES = {
  morning: { from: '08:00', to: '12:00' },
  lunchtime: { from: '11:30', to: '14:00' },
  afternoon: { from: '12:00', to: '17:00' },
  evening: { from: '17:00', to: '22:00' },
  firstThing: { from: '08:00', to: '10:00' },
} as const;

/** What the conversation needs next, asked in one sentence (and the times, when it is time to offer them). */
export async function nextQuestion(t: TurnContext, state: ConversationState): Promise<string[]> {
  const says = saysFor(state);
  const byId = new Map(t.properties.map((p) => [p.id, p]));
  const needsProperty = state.purpose === null || PROPERTY_PURPOSES.includes(state.purpose);
  if (needsProperty && (state.propertyId === null || !byId.has(state.propertyId))) {
    state.propertyId = null;
    state.asking = 'property';
    const known = knownWhen(state);
    if (state.candidates.length > 1 && !state.candidatesListed) {
      return [
        says.whichOfThese(
          state.candidates.map((id) => addressOf(byId.get(id)!)),
          known,
        ),
      ];
    }
    if (t.properties.length === 0) {
      state.purpose = 'custom';
    } else {
      state.candidates = t.properties.slice(0, 5).map((p) => p.id);
      state.candidatesListed = true;
      return [says.whichProperty(t.properties.slice(0, 5).map(addressOf), known)];
    }
  }
  // An instructions-only home is not booked online (issue 39 §4): no times, its instructions and the agent —
  // what its booking page and MCP answer (the domain's showingAnswer, read with the listing).
  const shown = state.propertyId ? byId.get(state.propertyId) : undefined;
  if (shown?.showing?.instructions_only) {
    state.proposals = [];
    state.chosen = null;
    state.asking = null;
    return [says.instructionsOnly(shown.showing, addressOf(shown), agentName(t.agent))];
  }
  if (!state.chosen) {
    const criteria: SlotCriteria = {
      dates: state.dates,
      excluded: state.excluded,
      window: state.window,
      time: state.time,
      weekdayIsToday: state.weekdayIsToday ?? false,
      language: state.language ?? 'en',
      propertyId: state.propertyId,
      holdToken: state.hold?.token ?? null,
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
    if (found.proposals.length === 0) return [...found.notes, says.nothingAtAll];
    const subject = state.propertyId
      ? addressOf(byId.get(state.propertyId)!)
      : purposeLabel(state.purpose, state.language);
    const zone = zoneNote(state, t.agent.timeZone, found.proposals[0]!.starts_at);
    return [
      says.proposals(
        subject,
        found.proposals.map((p) => p.label),
        [...found.notes, ...(zone ? [zone] : [])].join(' ') || null,
      ),
    ];
  }
  if (!state.name) {
    state.asking = 'name';
    return [says.askName(state.chosen.label)];
  }
  if (!state.email) {
    state.asking = 'email';
    return [says.askEmail];
  }
  if (!state.phone) {
    state.asking = 'phone';
    return [says.askPhone];
  }
  if (!state.buyerType) {
    state.asking = 'buyerType';
    return [says.askBuyerType];
  }
  state.asking = 'confirm';
  return [says.confirm(summaryOf(t, state))];
}

/** "Times are in the agent's time zone (Eastern Standard Time)." when the buyer's zone is another offset. */
function zoneNote(state: ConversationState, agentZone: string, at: string): string | null {
  if (!state.buyerZone) return null;
  const instant = new Date(at);
  const offset = (zone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value;
  if (offset(state.buyerZone) === offset(agentZone)) return null;
  const locale = state.language === 'es' ? 'es-ES' : 'en-US';
  const name = new Intl.DateTimeFormat(locale, { timeZone: agentZone, timeZoneName: 'long' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  return saysFor(state).zoneNote(name ?? agentZone);
}

function purposeLabel(purpose: BookingPurpose | null, language: Language = 'en'): string {
  if (language === 'es') return purpose === 'property_valuation' ? 'una tasación' : 'una consulta';
  return purpose === 'property_valuation' ? 'a valuation' : 'a consultation';
}

export function summaryOf(t: TurnContext, state: ConversationState): string {
  const property = state.propertyId ? t.properties.find((p) => p.id === state.propertyId) : undefined;
  return (state.language === 'es' ? bookingSummaryEs : bookingSummary)({
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
    // Issue 43: the booking speaks the conversation's language (its e-mails and texts follow it).
    locale: state.language === 'es' ? 'es' : 'en',
    // Issue 44: the conversation's hold of the time: the booking uses it up (and wins against other buyers).
    ...(state.hold ? { hold_token: state.hold.token } : {}),
  });
  try {
    const booking = await createBooking(t.ctx, request, `assistant:${t.conversationId}:${chosen.starts_at}`);
    state.bookingId = booking.id;
    state.hold = null;
    state.asking = null;
    replies.push(saysFor(state).booked(summaryOf(t, state), state.email!, booking.status === 'pending'));
    return { replies, state, booking };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    state.chosen = null;
    if (err.code === 'SLOT_TAKEN' || err.code === 'SLOT_UNAVAILABLE' || err.code === AGENT_DAY_FULL_CODE) {
      // Never a double booking, never past the agent's daily cap (issue 44): offer what is free now.
      replies.push(err.code === AGENT_DAY_FULL_CODE ? saysFor(state).dayFull : saysFor(state).slotTaken);
      return { replies: [...replies, ...(await nextQuestion(t, state))], state, booking: null };
    }
    state.asking = null;
    replies.push(saysFor(state).cannotBook(err.message));
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
