// Leads (issue 13): every booking of one e-mail address (any case) with the caller, their answers, feedback,
// the agent's notes and outcome — and the insights the caller's plan includes: the class on every plan
// (Basic), score, sentiment and recommendations from Professional, the predictive model on Enterprise.
// Everything is scoped to the caller: another agent's lead is simply not found.
import { and, asc, eq, sql } from 'drizzle-orm';
import { classifyLead, type Classification, type LeadClass } from '@keyturn/domain/insights/classify';
import { recommendFor, type Recommendation } from '@keyturn/domain/insights/recommend';
import { scoreLead, type LeadScore } from '@keyturn/domain/insights/score';
import type { LeadSentiment } from '@keyturn/domain/insights/sentiment';
import { leadSignals, type LeadFacts, type LeadSignals } from '@keyturn/domain/insights/signals';
import { whyThisClass } from '@keyturn/domain/insights/fairHousing';
import {
  outcomeTarget,
  trainPredictive,
  type PredictiveModel,
  type TrainingExample,
} from '@keyturn/domain/insights/predictive';
import { cheapestPlanWithAnalytics, hasAnalytics } from '@keyturn/domain/planGates';
import { PLAN_UPGRADE_REQUIRED } from '../../http/plan-gate';
import { planFor, type AnalyticsDepth } from '@keyturn/domain/plans';
import {
  INTEREST_LEVEL_LABELS,
  PRICE_OPINION_LABELS,
  type InterestLevel,
  type PriceOpinion,
} from '@keyturn/domain/schemas/feedback';
import {
  LEAD_MESSAGES,
  LEAD_OUTCOME_LABELS,
  type AnalyticsSection,
  type LeadListQuery,
} from '@keyturn/domain/schemas/leads';
import type {
  LeadDetail,
  LeadNote,
  LeadSummary,
  PredictiveModelView,
  Prediction,
  TimelineEvent,
} from '@keyturn/domain/schemas/leadResponses';
import type { Db } from '../../db/client';
import { bookings, feedback, leadNotes, leads, properties } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { purposeLabel } from '../core/mail/format';
import type { AgentRow } from '../core/agents';
import { analyzeSentiment } from './sentiment';

type LeadRow = typeof leads.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type FeedbackRow = typeof feedback.$inferSelect;
export type NoteRow = typeof leadNotes.$inferSelect;
type PropertyRef = { id: number; address: string } | null;

interface Gathered {
  lead: LeadRow;
  bookings: { booking: BookingRow; property: PropertyRef }[];
  feedback: { row: FeedbackRow; booking: BookingRow; property: PropertyRef }[];
  notes: NoteRow[];
}

interface Assessed extends Gathered {
  lastActivity: Date;
  signals: LeadSignals;
  classification: Classification;
  sentiment: LeadSentiment | null;
  score: LeadScore | null;
  recommendations: Recommendation[] | null;
}

const leadNotFound = () => notFound(LEAD_MESSAGES.leadNotFound);

// ---- plan gating ----

export function requireAnalytics(agent: AgentRow, depth: AnalyticsDepth): void {
  if (!hasAnalytics(planFor(agent.plan), depth)) {
    throw new AppError(
      403,
      PLAN_UPGRADE_REQUIRED,
      LEAD_MESSAGES.planRequired(cheapestPlanWithAnalytics(depth).name),
    );
  }
}

function lockedFor(agent: AgentRow): AnalyticsSection[] {
  const plan = planFor(agent.plan);
  return [
    ...(hasAnalytics(plan, 'advanced') ? [] : (['insights'] as const)),
    ...(hasAnalytics(plan, 'predictive') ? [] : (['prediction'] as const)),
  ];
}

// ---- reading ----

/** A lead row for every address the agent has bookings from (idempotent; concurrent calls are safe). */
async function ensureLeads(db: Db, agentId: string): Promise<void> {
  await db.execute(sql`
    insert into leads (agent_id, email)
    select distinct ${agentId}::uuid, lower(client_email) from bookings where agent_id = ${agentId}::uuid
    on conflict (agent_id, email) do nothing`);
}

async function gather(db: Db, agentId: string, only?: LeadRow): Promise<Gathered[]> {
  const leadRows = only ? [only] : await db.select().from(leads).where(eq(leads.agentId, agentId));
  const emailFilter = only ? sql`lower(${bookings.clientEmail}) = ${only.email}` : undefined;
  const [bookingRows, feedbackRows, noteRows] = await Promise.all([
    db
      .select({ booking: bookings, property: { id: properties.id, address: properties.address } })
      .from(bookings)
      .leftJoin(properties, eq(properties.id, bookings.propertyId))
      .where(and(eq(bookings.agentId, agentId), emailFilter))
      .orderBy(asc(bookings.startsAt)),
    db
      .select({ row: feedback, booking: bookings })
      .from(feedback)
      .innerJoin(bookings, eq(bookings.id, feedback.bookingId))
      .where(and(eq(feedback.agentId, agentId), eq(bookings.agentId, agentId), emailFilter)),
    db
      .select()
      .from(leadNotes)
      .where(and(eq(leadNotes.agentId, agentId), only ? eq(leadNotes.leadId, only.id) : undefined))
      .orderBy(asc(leadNotes.createdAt)),
  ]);
  const byEmail = new Map<string, Gathered>(
    leadRows.map((lead) => [lead.email, { lead, bookings: [], feedback: [], notes: [] }]),
  );
  const byId = new Map([...byEmail.values()].map((g) => [g.lead.id, g]));
  const propertyOf = new Map<string, PropertyRef>();
  for (const b of bookingRows) {
    const property = b.property?.id ? b.property : null;
    propertyOf.set(b.booking.id, property);
    byEmail.get(b.booking.clientEmail.toLowerCase())?.bookings.push({ booking: b.booking, property });
  }
  for (const f of feedbackRows) {
    byEmail.get(f.booking.clientEmail.toLowerCase())?.feedback.push({
      row: f.row,
      booking: f.booking,
      property: propertyOf.get(f.booking.id) ?? null,
    });
  }
  for (const n of noteRows) byId.get(n.leadId)?.notes.push(n);
  // A lead whose bookings were all deleted has nothing to show.
  return [...byEmail.values()].filter((g) => g.bookings.length > 0);
}

function lastActivityOf(g: Gathered, now: Date): Date {
  const instants = [
    ...g.bookings.flatMap(({ booking }) => [
      booking.createdAt,
      ...(booking.startsAt <= now ? [booking.startsAt] : []),
    ]),
    ...g.feedback.map((f) => f.row.updatedAt),
    ...g.notes.map((n) => n.updatedAt),
    ...(g.lead.outcomeAt ? [g.lead.outcomeAt] : []),
  ];
  return new Date(Math.max(...instants.map((d) => d.getTime())));
}

function sentimentOf(g: Gathered): LeadSentiment {
  return analyzeSentiment([
    ...g.feedback.flatMap(({ row }) => [
      { source: 'liked' as const, text: row.liked },
      { source: 'disliked' as const, text: row.disliked },
      { source: 'comments' as const, text: row.comments },
      { source: 'note' as const, text: row.agentNote },
    ]),
    ...g.notes.map((n) => ({ source: 'note' as const, text: n.body })),
  ]);
}

function assess(g: Gathered, agent: AgentRow, now: Date): Assessed {
  const advanced = hasAnalytics(planFor(agent.plan), 'advanced');
  const lastActivity = lastActivityOf(g, now);
  const sentiment = advanced ? sentimentOf(g) : null;
  const facts: LeadFacts = {
    bookings: g.bookings.map(({ booking }) => ({
      status: booking.status,
      starts_at: booking.startsAt.toISOString(),
      created_at: booking.createdAt.toISOString(),
    })),
    feedback: g.feedback.map(({ row, booking }) => ({
      rating: row.rating,
      interest_level: row.interestLevel as InterestLevel,
      price_opinion: row.priceOpinion as LeadFacts['feedback'][number]['price_opinion'],
      second_showing: row.secondShowing,
      showing_at: booking.startsAt.toISOString(),
      answered_at: row.updatedAt.toISOString(),
    })),
    sentiment: sentiment ? { label: sentiment.label, score: sentiment.score } : null,
    last_activity_at: lastActivity.toISOString(),
  };
  const signals = leadSignals(facts, now);
  const classification = classifyLead(signals);
  return {
    ...g,
    lastActivity,
    signals,
    classification,
    sentiment,
    score: advanced ? scoreLead(signals) : null,
    recommendations: advanced
      ? recommendFor({
          signals,
          class: classification.class,
          negativePhrases: sentiment?.negative ?? [],
          outcome: g.lead.outcome,
        })
      : null,
  };
}

// Training takes a moment; the same closed leads give the same model, so it is kept per agent.
const models = new Map<string, { key: string; model: PredictiveModel }>();

function predictiveModel(agentId: string, assessed: readonly Assessed[]): PredictiveModel {
  const examples: TrainingExample[] = assessed
    .map((a) => ({ a, won: outcomeTarget(a.lead.outcome) }))
    .filter((e): e is { a: Assessed; won: 0 | 1 } => e.won !== null)
    .sort(
      (x, y) =>
        (x.a.lead.outcomeAt?.getTime() ?? 0) - (y.a.lead.outcomeAt?.getTime() ?? 0) ||
        x.a.lead.id.localeCompare(y.a.lead.id),
    )
    .map(({ a, won }) => ({ signals: a.signals, won }));
  const key = JSON.stringify(examples.map((e) => [e.won, e.signals]));
  const cached = models.get(agentId);
  if (cached?.key === key) return cached.model;
  const model = trainPredictive(examples);
  models.delete(agentId);
  models.set(agentId, { key, model });
  if (models.size > 200) models.delete(models.keys().next().value!);
  return model;
}

function predictionOf(model: PredictiveModel, a: Assessed): Prediction {
  if (model.status !== 'trained') {
    return { status: 'insufficient', message: model.message, fallback_score: a.score?.score ?? 0 };
  }
  return {
    status: 'trained',
    probability: Math.round(model.predict(a.signals) * 100),
    auc: model.auc,
    drivers: model.explain(a.signals),
  };
}

function summaryOf(a: Assessed, model: PredictiveModel | null): LeadSummary {
  const latest = a.bookings.at(-1)!.booking;
  return {
    id: a.lead.id,
    name: latest.clientName,
    email: latest.clientEmail,
    phone: latest.clientPhone,
    outcome: a.lead.outcome,
    class: a.classification.class,
    class_rule: a.classification.rule,
    class_why: whyThisClass(a.signals, a.classification),
    bookings_count: a.bookings.length,
    last_activity_at: a.lastActivity.toISOString(),
    ...(a.score && a.sentiment && a.recommendations
      ? { score: a.score.score, sentiment: a.sentiment.label, next_step: a.recommendations[0] ?? null }
      : {}),
    ...(model
      ? { predicted: model.status === 'trained' ? Math.round(model.predict(a.signals) * 100) : null }
      : {}),
  };
}

async function assessAll(db: Db, agent: AgentRow, now: Date) {
  await ensureLeads(db, agent.id);
  const assessed = (await gather(db, agent.id)).map((g) => assess(g, agent, now));
  const model = hasAnalytics(planFor(agent.plan), 'predictive') ? predictiveModel(agent.id, assessed) : null;
  return { assessed, model };
}

/**
 * The caller's leads by their class today — the classes the Feedback page's list shows, from the same
 * assessment, so its "Hot" filter and the hot buyers figure (figures/service.ts) count the same leads.
 */
export async function leadClassCounts(
  db: Db,
  agent: AgentRow,
  now: Date,
): Promise<Record<LeadClass, number>> {
  const { assessed } = await assessAll(db, agent, now);
  const counts: Record<LeadClass, number> = { hot: 0, potential: 0, cold: 0 };
  for (const a of assessed) counts[a.classification.class] += 1;
  return counts;
}

export async function listLeads(db: Db, agent: AgentRow, query: LeadListQuery, now: Date) {
  const { assessed, model } = await assessAll(db, agent, now);
  const q = query.q?.toLowerCase();
  const data = assessed
    .filter(
      (a) =>
        (!query.class || a.classification.class === query.class) &&
        (!query.outcome || a.lead.outcome === query.outcome) &&
        (!q ||
          a.lead.email.includes(q) ||
          a.bookings.some(({ booking }) => booking.clientName.toLowerCase().includes(q))),
    )
    .sort((x, y) => y.lastActivity.getTime() - x.lastActivity.getTime())
    .map((a) => summaryOf(a, model));
  return { data, locked: lockedFor(agent) };
}

export async function ownLead(db: Db, agent: AgentRow, id: string): Promise<LeadRow> {
  if (!isUuid(id)) throw leadNotFound();
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.agentId, agent.id)));
  if (!row) throw leadNotFound();
  return row;
}

async function assessOne(db: Db, agent: AgentRow, id: string, now: Date): Promise<Assessed> {
  const lead = await ownLead(db, agent, id);
  const [g] = await gather(db, agent.id, lead);
  if (!g) throw leadNotFound();
  return assess(g, agent, now);
}

export async function getLead(db: Db, agent: AgentRow, id: string, now: Date): Promise<LeadDetail> {
  const a = await assessOne(db, agent, id, now);
  // The model learns from all the agent's leads; only Enterprise trains it.
  const model = hasAnalytics(planFor(agent.plan), 'predictive')
    ? (await assessAll(db, agent, now)).model
    : null;
  const latest = a.bookings.at(-1)!.booking;
  return {
    ...summaryOf(a, model),
    buyer: {
      buyer_type: latest.buyerType,
      budget_min: latest.budgetMin,
      budget_max: latest.budgetMax,
      income_range: latest.incomeRange,
    },
    feedback: a.feedback
      .map(({ row, booking, property }) => ({
        id: row.id,
        booking_id: booking.id,
        showing_at: booking.startsAt.toISOString(),
        property,
        rating: row.rating,
        interest_level: row.interestLevel,
        price_opinion: row.priceOpinion,
        second_showing: row.secondShowing,
        liked: row.liked,
        disliked: row.disliked,
        comments: row.comments,
        summary: answersLine(row),
      }))
      .sort((x, y) => y.showing_at.localeCompare(x.showing_at)),
    notes: [...a.notes].reverse().map(noteOf),
    timeline: timelineOf(a, now),
    ...(a.score && a.sentiment && a.recommendations ? { insights: insightsOf(a) } : {}),
    ...(model ? { prediction: predictionOf(model, a) } : {}),
    locked: lockedFor(agent),
  };
}

function answersLine(row: FeedbackRow): string {
  return [
    `Rated ${row.rating}/5`,
    INTEREST_LEVEL_LABELS[row.interestLevel as InterestLevel],
    row.priceOpinion ? `Price: ${PRICE_OPINION_LABELS[row.priceOpinion as PriceOpinion]}` : null,
    row.secondShowing === null ? null : row.secondShowing ? 'Wants a second showing' : 'No second showing',
  ]
    .filter(Boolean)
    .join(' · ');
}

function insightsOf(a: Assessed) {
  return {
    score: a.score!.score,
    base: a.score!.base,
    factors: a.score!.factors,
    sentiment: a.sentiment!,
    recommendations: a.recommendations!,
  };
}

/** Professional: the score with its factors, the sentiment with its phrases, the recommendations. */
export async function leadInsights(db: Db, agent: AgentRow, id: string, now: Date) {
  requireAnalytics(agent, 'advanced');
  return insightsOf(await assessOne(db, agent, id, now));
}

/** Enterprise: this lead's chance of an offer from the agent's own model, or why there is no model yet. */
export async function leadPrediction(db: Db, agent: AgentRow, id: string, now: Date): Promise<Prediction> {
  requireAnalytics(agent, 'predictive');
  const a = await assessOne(db, agent, id, now);
  const { model } = await assessAll(db, agent, now);
  return predictionOf(model!, a);
}

/** Enterprise: the model itself — held-out AUC, how many leads it learnt from, what drives it. */
export async function modelOverview(db: Db, agent: AgentRow, now: Date): Promise<PredictiveModelView> {
  requireAnalytics(agent, 'predictive');
  const { model } = await assessAll(db, agent, now);
  if (model!.status !== 'trained') {
    const { status, outcomes, needed, message } = model as Extract<
      PredictiveModel,
      { status: 'insufficient' }
    >;
    return { status, outcomes, needed, message };
  }
  return {
    status: 'trained',
    auc: model!.auc,
    trained_on: model!.trainedOn,
    held_out: model!.heldOut,
    features: model!.features,
  };
}

function timelineOf(a: Assessed, now: Date): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  for (const { booking, property } of a.bookings) {
    const what = purposeLabel(booking.bookingPurpose, booking.customPurpose);
    const ref = { booking_id: booking.id, property };
    events.push({ kind: 'booked', at: booking.createdAt.toISOString(), ...ref, text: what });
    const showing = booking.startsAt.toISOString();
    if (booking.status === 'completed') events.push({ kind: 'showed', at: showing, ...ref, text: what });
    else if (booking.status === 'no_show') events.push({ kind: 'no_show', at: showing, ...ref, text: what });
    else if (booking.status === 'cancelled' || booking.status === 'declined') {
      events.push({
        kind: 'cancelled',
        at: booking.updatedAt.toISOString(),
        ...ref,
        text: booking.cancelReason,
      });
    } else if (booking.status === 'pending' || booking.status === 'confirmed') {
      events.push({
        kind: booking.startsAt > now ? 'scheduled' : 'showed',
        at: showing,
        ...ref,
        text: what,
      });
    }
  }
  for (const { row, booking, property } of a.feedback) {
    events.push({
      kind: 'feedback',
      at: row.updatedAt.toISOString(),
      booking_id: booking.id,
      property,
      text: answersLine(row),
    });
  }
  for (const n of a.notes) {
    events.push({
      kind: 'note',
      at: n.createdAt.toISOString(),
      booking_id: null,
      property: null,
      text: n.body,
    });
  }
  if (a.lead.outcomeAt && a.lead.outcome !== 'open') {
    events.push({
      kind: 'outcome',
      at: a.lead.outcomeAt.toISOString(),
      booking_id: null,
      property: null,
      text: LEAD_OUTCOME_LABELS[a.lead.outcome],
    });
  }
  return events.sort((x, y) => y.at.localeCompare(x.at));
}

export function noteOf(n: NoteRow): LeadNote {
  return {
    id: n.id,
    body: n.body,
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
  };
}
