// What the MCP tools answer (issue 34 §3, decision 059): the public booking flow's own reads and writes, shaped
// for an AI assistant. Every answer is what the booking page already shows a buyer: the agent's public profile
// and properties, open times as instants with the agent's clock labels, and a booking as its buyer sees it —
// never the buyer's contact details back, never an agent field the page hides.
import { agentBookingPath, propertyBookingPath } from '@keyturn/domain/links';
import { bookingWindow } from '@keyturn/domain/slots/engine';
import { dayPartOf } from '@keyturn/domain/dayParts';
import { timeZoneLabel } from '@keyturn/domain/time';
import { MCP_SEARCH_MAX_SLOTS, type McpFindTimesInput } from '@keyturn/domain/schemas/mcp';
import type { ManagedBooking } from '@keyturn/domain/schemas/publicBooking';
import { toAvailabilityEntries, DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { instructionsOnlyWords } from '@keyturn/domain/listing/applyRules';
import { AppError } from '../../http/errors';
import { readAvailability } from '../availability/service';
import type { AgentRow } from '../core/agents';
import type { PublicContext } from '../booking-public/context';
import { propertyNotFound } from '../core/public-reads';
import {
  findPublicAgent,
  findPublicProperty,
  listPublicProperties,
  toPublicAgent,
} from '../core/public-reads';
import {
  agentSubject,
  availabilityForDate,
  availableDatesOfMonth,
  propertySubject,
} from '../booking-public/slot-pipeline';
import { publicShowing, withShowings } from '../showing-rules/public';

const WINDOW_MESSAGE = 'Pick a date from tomorrow up to 60 days ahead.';

/** The agent's public profile (the resource keyturn://agents/{agent_id}): what GET /api/agents/id answers. */
export async function agentProfile(ctx: PublicContext, agentId: string) {
  const agent = await findPublicAgent(ctx.db, agentId);
  const availability = (await readAvailability(ctx.db, agent.id)) ?? DEFAULT_AVAILABILITY;
  return {
    ...toPublicAgent(agent),
    time_zone_label: timeZoneLabel(agent.timeZone, ctx.now()),
    booking_url: `${ctx.publicUrl}${agentBookingPath(agent.id, agent.username)}`,
    weekdays: toAvailabilityEntries(availability),
  };
}

/** The agent's public properties, each with its booking page. */
export async function agentProperties(ctx: PublicContext, agentId: string) {
  const agent = await findPublicAgent(ctx.db, agentId);
  const properties = await withShowings(ctx.db, agent, await listPublicProperties(ctx.db, agent.id));
  return {
    agent: agentSummary(agent),
    properties: properties.map((p) => ({
      ...p,
      booking_url: `${ctx.publicUrl}${propertyBookingPath(agent.username, p.address, p.public_id)}`,
    })),
  };
}

/**
 * Open times over [from, to] through the booking page's own calls: the month's bookable dates, then each
 * date's free slots (the slot pipeline, with its kept answers) — kept to the part of the day asked.
 */
export async function openTimes(ctx: PublicContext, input: McpFindTimesInput) {
  const { agent, property } = await subjectAgent(ctx, input);
  const subject =
    input.property_id == null ? agentSubject(agent.id) : propertySubject(String(input.property_id));
  const window = bookingWindow(ctx.now(), agent.timeZone);
  const from = input.from > window.from ? input.from : window.from;
  const to = input.to < window.to ? input.to : window.to;
  if (from > to) throw new AppError(400, 'DATE_OUTSIDE_WINDOW', WINDOW_MESSAGE, { from: WINDOW_MESSAGE });
  // An instructions-only property has no open times, and says why and whom to contact (issue 39 §4): the
  // same answer as its booking page and the assistant (the domain's showingAnswer).
  const showing = property ? await publicShowing(ctx.db, property.id, agent) : null;
  if (showing?.instructions_only && property) {
    return {
      agent: agentSummary(agent),
      property_id: input.property_id ?? null,
      from,
      to,
      part_of_day: input.part_of_day ?? null,
      open_times: [],
      more: false,
      instructions_only: true,
      instructions: showing.instructions,
      contact: showing.contact,
      reason: instructionsOnlyWords(showing, property.address, agentSummary(agent).name),
    };
  }
  const months = [...new Set([from.slice(0, 7), to.slice(0, 7)])];
  const bookable = (
    await Promise.all(months.map((month) => availableDatesOfMonth(ctx, subject, month)))
  ).flatMap((answer) => answer.dates.filter((date) => date >= from && date <= to));
  const times = [];
  for (const date of bookable) {
    const answer = await availabilityForDate(ctx, subject, date);
    for (const slot of answer.slots) {
      if (input.part_of_day && dayPartOf(slot.time) !== input.part_of_day) continue;
      times.push({ date, time: slot.time.slice(0, 5), starts_at: slot.starts_at, label: slot.label });
    }
    if (times.length > MCP_SEARCH_MAX_SLOTS) break;
  }
  return {
    agent: agentSummary(agent),
    property_id: input.property_id ?? null,
    from,
    to,
    part_of_day: input.part_of_day ?? null,
    open_times: times.slice(0, MCP_SEARCH_MAX_SLOTS),
    more: times.length > MCP_SEARCH_MAX_SLOTS,
  };
}

/** The agent a search is for; a property must be one of that agent's public properties. */
async function subjectAgent(
  ctx: PublicContext,
  input: McpFindTimesInput,
): Promise<{ agent: AgentRow; property: { id: number; address: string } | null }> {
  const agent = await findPublicAgent(ctx.db, input.agent_id);
  if (input.property_id == null) return { agent, property: null };
  const { property } = await findPublicProperty(ctx.db, input.property_id);
  if (property.agentId !== agent.id) throw propertyNotFound();
  return { agent, property };
}

function agentSummary(agent: AgentRow) {
  return {
    id: agent.id,
    name: `${agent.firstName} ${agent.lastName}`,
    company_name: agent.companyName,
    time_zone: agent.timeZone,
  };
}

/** A managed booking without what the caller already knows about the buyer or the agent's contact details. */
export function managedAnswer(view: ManagedBooking) {
  return {
    id: view.id,
    status: view.status,
    booking_date: view.booking_date,
    booking_time: view.booking_time,
    time_zone: view.time_zone,
    starts_at: view.starts_at,
    ends_at: view.ends_at,
    booking_purpose: view.booking_purpose,
    property: view.property,
    agent: { id: view.agent.id, name: view.agent.name, company_name: view.agent.companyName },
    can_cancel: view.can_cancel,
    can_reschedule: view.can_reschedule,
    rescheduled_to_token: view.rescheduled_to_token,
  };
}
