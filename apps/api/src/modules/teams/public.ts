// The public team page (issue 15, decision 025): a team found by its URL name, its public properties (each
// booked with its assigned agent through the normal flow), and the consultation "with our team" — offered at
// every instant a pool member is free: each member's own open slots from the slot engine (openSlots, their
// hours, notice, buffer, bookings and calendar busy time), united on the team's clock.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { memberDatesAround, unionOfSlots } from '@keyturn/domain/teamBooking';
import type { PublicTeam, TeamProperty } from '@keyturn/domain/schemas/teamPage';
import { TEAM_PAGE_MESSAGES } from '@keyturn/domain/teamBooking';
import { agentToday, bookingWindow, type Slot } from '@keyturn/domain/slots/engine';
import { isValidIsoDate } from '@keyturn/domain/time';
import type { Db } from '../../db/client';
import { agents, members, organizations, properties } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AgentRow } from '../core/agents';
import { busySpan, dateSlotsAnswer } from '../availability/service';
import { openSlots } from '../availability/open-slots';
import { readSlotInputs, type SlotInputs } from '../availability/slot-inputs';
import { toProperty, toPropertyAgent } from '../core/public-reads';
import { type PublicContext } from '../booking-public/context';
import type { TeamRow } from './service';
import { consultationPlaceText, type ConsultationPlace } from '@keyturn/domain/teamPlace';

export const teamNotFound = () => new AppError(404, 'TEAM_NOT_FOUND', TEAM_PAGE_MESSAGES.teamNotFound);

/** A team by its URL name, or 404 (the same for a malformed name). */
export async function findTeamBySlug(db: Db, slug: string): Promise<TeamRow> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) throw teamNotFound();
  const [team] = await db.select().from(organizations).where(eq(organizations.slug, slug));
  if (!team) throw teamNotFound();
  return team;
}

/** The team's members who have an agent profile, in joining order, with their pool switch and role. */
export async function teamAgentsOf(
  db: Db,
  teamId: string,
): Promise<{ agent: AgentRow; role: string; inPool: boolean }[]> {
  return db
    .select({ agent: agents, role: members.role, inPool: members.inPool })
    .from(members)
    .innerJoin(agents, eq(agents.userId, members.userId))
    .where(eq(members.organizationId, teamId))
    .orderBy(asc(members.createdAt), asc(agents.id));
}

/** The team's clock: its first owner's zone (then its first member's; UTC for a team without agents). */
export function teamZoneOf(teamAgents: readonly { agent: AgentRow; role: string }[]): string {
  return (teamAgents.find((m) => m.role === 'owner') ?? teamAgents[0])?.agent.timeZone ?? 'UTC';
}

/** Where the team's consultations happen, with the text a buyer reads (decision 043). */
function consultationOf(team: TeamRow): PublicTeam['consultation'] {
  const place = team.consultationPlace as ConsultationPlace;
  const address = place === 'office' ? team.officeAddress : null;
  return { place, address, text: consultationPlaceText({ place, address }) };
}

export function toPublicTeam(team: TeamRow, timeZone: string): PublicTeam {
  return {
    name: team.name,
    slug: team.slug,
    logo: team.logo,
    color: team.color,
    time_zone: timeZone,
    consultation: consultationOf(team),
  };
}

/**
 * THE answer to "which properties are the team's": the team's own (properties.team_id, decision 026) public,
 * not deleted properties whose assigned agent is still a member, each with that agent. The team page, the
 * team's links and their checks read it and nothing else.
 */
export async function teamPublicProperties(
  db: Db,
  teamId: string,
): Promise<{ property: typeof properties.$inferSelect; agent: AgentRow }[]> {
  return db
    .select({ property: properties, agent: agents })
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .innerJoin(members, eq(members.userId, agents.userId))
    .where(
      and(
        // The team's own properties (decision 026: added while in the team), at an agent still in it;
        // a member's properties from before they joined stay theirs and are not listed here.
        eq(properties.teamId, teamId),
        eq(members.organizationId, teamId),
        eq(properties.isPublic, true),
        isNull(properties.deletedAt),
      ),
    )
    .orderBy(asc(properties.createdAt), asc(properties.id));
}

export async function publicTeamPage(db: Db, slug: string) {
  const team = await findTeamBySlug(db, slug);
  const teamAgents = await teamAgentsOf(db, team.id);
  const listed = await teamPublicProperties(db, team.id);
  return {
    team: toPublicTeam(team, teamZoneOf(teamAgents)),
    properties: listed.map((r): TeamProperty => ({
      ...toProperty(r.property),
      agent: toPropertyAgent(r.agent),
    })),
    poolSize: teamAgents.filter((m) => m.inPool).length,
  };
}

/** What the consultation needs about a team: its row, its clock and the pool members. */
export type TeamPool = { team: TeamRow; timeZone: string; pool: AgentRow[] };

export async function teamPool(db: Db, slug: string): Promise<TeamPool> {
  const team = await findTeamBySlug(db, slug);
  const teamAgents = await teamAgentsOf(db, team.id);
  return {
    team,
    timeZone: teamZoneOf(teamAgents),
    pool: teamAgents.filter((m) => m.inPool).map((m) => m.agent),
  };
}

/**
 * Each pool member's slot inputs and open slots over the member dates that can hold team dates
 * `from`..`to` (one day either side: any two zones differ by less), keyed by agent id. Other buyers' live holds
 * are busy time; the asking buyer's own (`ownToken`, issue 44) is not.
 */
export async function poolOpenSlots(
  ctx: PublicContext,
  pool: readonly AgentRow[],
  from: string,
  to: string,
  ownToken: string | null = null,
): Promise<Map<string, { inputs: SlotInputs; slots: Slot[] }>> {
  const span = { from: memberDatesAround(from).from, to: memberDatesAround(to).to };
  const now = ctx.now();
  const read = await Promise.all(
    pool.map(async (agent) => {
      const inputs = await readSlotInputs(
        ctx.db,
        { agentId: agent.id },
        ...busySpan(span.from, span.to),
        undefined,
        { now, ownToken },
      );
      if (!inputs) return null;
      const slots = [...openSlots(inputs, now, span).values()].flat();
      return [agent.id, { inputs, slots }] as const;
    }),
  );
  return new Map(read.filter((entry) => entry !== null));
}

const outsideWindow = () =>
  new AppError(400, 'DATE_OUTSIDE_WINDOW', 'Pick a date from tomorrow up to 60 days ahead.', {
    date: 'Pick a date from tomorrow up to 60 days ahead.',
  });

/** The consultation times of a team date: the union of the pool's open slots, on the team's clock. */
export async function teamSlotsOfDate(ctx: PublicContext, slug: string, date: string) {
  const { timeZone, pool } = await teamPool(ctx.db, slug);
  const window = bookingWindow(ctx.now(), timeZone);
  if (!isValidIsoDate(date) || date < window.from || date > window.to) throw outsideWindow();
  const slots = await unitedSlots(ctx, pool, timeZone, date, date);
  const offered = slots.get(date) ?? [];
  const answer = dateSlotsAnswer(
    { timeZone, weekly: [], overrides: [], minimumNoticeMinutes: 0, bufferMinutes: 0 },
    date,
    offered,
  );
  // The team's day is open when someone in the pool has a time on it.
  return { ...answer, agentAvailability: { isAvailable: offered.length > 0 } };
}

/** The team dates of a month with a consultation time, and the team's today. */
export async function teamDatesOfMonth(ctx: PublicContext, slug: string, month: string) {
  const { timeZone, pool } = await teamPool(ctx.db, slug);
  const now = ctx.now();
  const window = bookingWindow(now, timeZone);
  const first = `${month}-01`;
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
  const from = first > window.from ? first : window.from;
  const to = last < window.to ? last : window.to;
  const dates =
    from <= to
      ? [...(await unitedSlots(ctx, pool, timeZone, from, to)).entries()]
          .filter(([date, slots]) => date >= from && date <= to && slots.length > 0)
          .map(([date]) => date)
          .sort()
      : [];
  return { time_zone: timeZone, today: agentToday(now, timeZone), month, dates };
}

async function unitedSlots(
  ctx: PublicContext,
  pool: readonly AgentRow[],
  timeZone: string,
  from: string,
  to: string,
): Promise<Map<string, Slot[]>> {
  const perMember = await poolOpenSlots(ctx, pool, from, to);
  return unionOfSlots(
    [...perMember.values()].map((m) => m.slots),
    timeZone,
  );
}
