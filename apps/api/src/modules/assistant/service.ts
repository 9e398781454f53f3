// The booking assistant's conversations (issue 17): started on an agent's (or a property's) public page,
// one buyer message at a time, stored with the booking they led to. A configured AI provider drives the
// turn when it answers; otherwise — or when it fails — the offline assistant does, in the same conversation.
import { and, eq } from 'drizzle-orm';
import { ASSISTANT_BUSY_MESSAGE, ASSISTANT_DISABLED_MESSAGE } from '@keyturn/domain/assistant/texts';
import type { Locale } from '@keyturn/domain/i18n/locales';
import {
  DEFAULT_ASSISTANT_SETTINGS,
  type AssistantSettings,
  type ConversationMessage,
  type ConversationResponse,
} from '@keyturn/domain/schemas/assistant';
import { FLOW_PARAMS } from '@keyturn/domain/bookingFlow';
import { agentBookingPath, propertyBookingPath } from '@keyturn/domain/links';
import type { BuyerBooking } from '@keyturn/domain/schemas/publicBooking';
import type { Db } from '../../db/client';
import { assistantConversations } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { AgentRow } from '../core/agents';
import { readSettings, writeSettings } from '../core/agent-settings';
import { findPublicAgent, findPublicProperty, listPublicProperties } from '../core/public-reads';
import { type PublicContext } from '../booking-public/context';
import {
  agentName,
  initialState,
  offlineTurn,
  saysFor,
  type ConversationState,
  type TurnContext,
} from './offline';
import type { AssistantProvider } from './provider';
import { preferenceRanker } from './preferences';
import { publicShowing, withShowings } from '../showing-rules/public';
import { steeringAnswer } from './steering';
import { letGoUnchosen } from './holds';

export type AssistantDeps = { ctx: PublicContext; provider: AssistantProvider | null };

type ConversationRow = typeof assistantConversations.$inferSelect;

const conversationNotFound = () =>
  new AppError(404, 'CONVERSATION_NOT_FOUND', 'This conversation could not be found.');
const disabled = () => new AppError(403, 'ASSISTANT_DISABLED', ASSISTANT_DISABLED_MESSAGE);

export async function assistantSettings(db: Db, agentId: string): Promise<AssistantSettings> {
  return (await readSettings(db, agentId, 'assistant', DEFAULT_ASSISTANT_SETTINGS)).data;
}

export async function saveAssistantSettings(db: Db, agentId: string, settings: AssistantSettings) {
  await writeSettings(db, agentId, 'assistant', settings);
  return settings;
}

async function requireEnabled(db: Db, agent: AgentRow): Promise<void> {
  if (!(await assistantSettings(db, agent.id)).enabled) throw disabled();
}

export async function startConversation(
  deps: AssistantDeps,
  input: {
    agent_id: string;
    property_id?: string | number | null;
    time_zone?: string | null;
    /** The page's language (the route fills it from the request when the body has none); absent = English. */
    locale?: Locale | undefined;
  },
): Promise<ConversationResponse> {
  const { db } = deps.ctx;
  const agent = await findPublicAgent(db, input.agent_id);
  await requireEnabled(db, agent);
  let propertyId: number | null = null;
  let address: string | null = null;
  if (input.property_id !== null && input.property_id !== undefined && input.property_id !== '') {
    const { property } = await findPublicProperty(db, input.property_id);
    if (property.agentId !== agent.id)
      throw new AppError(404, 'PROPERTY_NOT_FOUND', 'This property could not be found.');
    propertyId = property.id;
    address = `${property.address}, ${property.city}`;
  }
  // Issue 43: the conversation starts in the page's language — its greeting, and the state's language, so a short
  // first answer ("2", a name) is read and answered in it; the buyer's own words still switch it (offline.ts).
  const language = input.locale ?? 'en';
  const says = saysFor({ language });
  // An instructions-only home (issue 39 §4) is not offered a booking: its instructions and the agent, at once.
  const showing = propertyId === null ? null : await publicShowing(db, propertyId, agent);
  const greeting =
    showing?.instructions_only && address
      ? says.instructionsOnly(showing, address, agentName(agent))
      : says.greeting(agentName(agent), address);
  const [row] = await db
    .insert(assistantConversations)
    .values({
      agentId: agent.id,
      propertyId,
      messages: [{ role: 'assistant', text: greeting, at: deps.ctx.now().toISOString() }],
      state: { ...initialState(propertyId), language, buyerZone: knownZone(input.time_zone) },
    })
    .returning();
  return respond(deps.ctx, agent, row!, null, await listPublicProperties(db, agent.id));
}

export async function converse(
  deps: AssistantDeps,
  conversationId: string,
  text: string,
  /** Issue 44: the key the buyer's holds are counted under (holdClientKey of their address). */
  holdClientKey: string,
): Promise<ConversationResponse> {
  const { db } = deps.ctx;
  const row = await findConversation(db, conversationId);
  const agent = await findPublicAgent(db, row.agentId);
  await requireEnabled(db, agent);
  const properties = await withShowings(db, agent, await listPublicProperties(db, agent.id));
  const turn: TurnContext = {
    ctx: deps.ctx,
    agent,
    properties,
    conversationId: row.id,
    holdClientKey,
    rank: await preferenceRanker(db, agent, deps.ctx.now(), properties),
  };
  const state = row.state as ConversationState;
  const history = row.messages;
  let result;
  // Fair housing (decision 090): a steering request gets the fixed answer, before any provider sees it.
  const steering = steeringAnswer(state, text);
  const provided =
    !steering && deps.provider && !state.offline
      ? await deps.provider.turn(turn, state, history, text)
      : null;
  if (steering) {
    result = steering;
  } else if (provided && provided !== 'not-configured') {
    result = provided;
  } else if (deps.provider && !state.offline && provided === null) {
    // The provider failed (error, timeout, nonsense): this conversation goes on offline, this very message too.
    result = await offlineTurn(turn, { ...state, offline: true }, text);
  } else {
    result = await offlineTurn(turn, state, text);
  }
  // Issue 44: a held time no longer chosen (another day asked, a "no", booked) is let go at once; so is the hold
  // of an answer that sends the buyer to the booking form, before the answer is sent.
  result = { ...result, state: await letGoUnchosen(deps.ctx, result.state, result.toForm ?? false) };
  const at = deps.ctx.now().toISOString();
  const messages: ConversationMessage[] = [
    ...history,
    { role: 'buyer', text, at },
    ...result.replies.map((reply) => ({ role: 'assistant' as const, text: reply, at })),
  ];
  const [updated] = await db
    .update(assistantConversations)
    .set({
      messages,
      state: result.state,
      turns: row.turns + 1,
      bookingId: result.state.bookingId ?? row.bookingId,
    })
    .where(and(eq(assistantConversations.id, row.id), eq(assistantConversations.turns, row.turns)))
    .returning();
  if (!updated) throw new AppError(409, 'CONVERSATION_BUSY', ASSISTANT_BUSY_MESSAGE);
  return respond(deps.ctx, agent, updated, result.booking, properties, steering !== null);
}

export async function readConversation(
  deps: AssistantDeps,
  conversationId: string,
): Promise<ConversationResponse> {
  const row = await findConversation(deps.ctx.db, conversationId);
  const agent = await findPublicAgent(deps.ctx.db, row.agentId);
  return respond(deps.ctx, agent, row, null, await listPublicProperties(deps.ctx.db, agent.id));
}

/** The buyer's zone when it is one the runtime knows; anything else is ignored (never an error). */
function knownZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

async function findConversation(db: Db, id: string): Promise<ConversationRow> {
  if (!isUuid(id)) throw conversationNotFound();
  const [row] = await db.select().from(assistantConversations).where(eq(assistantConversations.id, id));
  if (!row) throw conversationNotFound();
  return row;
}

/** The conversation that led to one of the caller's bookings (404 for anyone else's). */
export async function conversationOfBooking(db: Db, agentId: string, bookingId: string) {
  if (!isUuid(bookingId)) throw conversationNotFound();
  const [row] = await db
    .select()
    .from(assistantConversations)
    .where(and(eq(assistantConversations.bookingId, bookingId), eq(assistantConversations.agentId, agentId)));
  if (!row) throw conversationNotFound();
  return { id: row.id, created_at: row.createdAt.toISOString(), messages: row.messages };
}

function respond(
  ctx: PublicContext,
  agent: AgentRow,
  row: ConversationRow,
  booking: BuyerBooking | null,
  properties: Awaited<ReturnType<typeof listPublicProperties>>,
  /** The answer to a steering request offers nothing: no times either (decision 090). */
  offerNothing = false,
): ConversationResponse {
  const state = row.state as ConversationState;
  const handOff = !state.bookingId && row.turns > 0;
  return {
    conversation_id: row.id,
    messages: row.messages,
    proposals: offerNothing || state.chosen || state.bookingId ? [] : state.proposals,
    booking,
    form_url: handOff ? formUrl(ctx, agent, state, properties, row.propertyId) : null,
  };
}

/** The normal booking form with what was understood, in the booking page's own URL state. */
export function formUrl(
  ctx: PublicContext,
  agent: AgentRow,
  state: ConversationState,
  properties: Awaited<ReturnType<typeof listPublicProperties>>,
  pageProperty: number | null,
): string {
  const onPage = pageProperty ? properties.find((p) => p.id === pageProperty) : undefined;
  const path = onPage
    ? propertyBookingPath(agent.username, onPage.address, onPage.public_id ?? onPage.id)
    : agentBookingPath(agent.id, agent.username);
  const query = new URLSearchParams();
  const date = state.chosen?.date ?? (state.dates?.length === 1 ? state.dates[0] : null);
  const step = state.chosen
    ? 'details'
    : date
      ? 'time'
      : state.propertyId || state.purpose
        ? 'calendar'
        : 'purpose';
  query.set(FLOW_PARAMS.step, step);
  if (state.purpose) query.set(FLOW_PARAMS.purpose, state.purpose);
  if (state.propertyId && !onPage) query.set(FLOW_PARAMS.propertyId, String(state.propertyId));
  if (date) query.set(FLOW_PARAMS.date, date);
  if (state.chosen) {
    query.set(FLOW_PARAMS.time, state.chosen.time);
    query.set(FLOW_PARAMS.startsAt, state.chosen.starts_at);
    // The conversation's hold of that time goes with the link: the page's hold replaces it (createHold's
    // `replaces`), else the form would be refused the buyer's own time while the chat holds it.
    if (state.hold && Date.parse(state.hold.starts_at) === Date.parse(state.chosen.starts_at))
      query.set(FLOW_PARAMS.hold, state.hold.token);
  }
  return `${ctx.publicUrl}${path}?${query.toString()}`;
}
