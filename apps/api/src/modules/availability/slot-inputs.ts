// Everything the slot engine needs about one agent for a span of time, in ONE prepared statement (issue 18):
// the agent's zone, weekly hours, overrides, settings, and busy time (active bookings through the GiST index
// of the bookings_no_overlap constraint, plus pulled calendar busy times). The public availability and
// bookable-dates calls and the booking check read it instead of six queries one after another; what it
// returns is what slotRulesFor + requiresApproval + busyIntervals in service.ts return (the API tests hold
// both to the same answers). The statement is named, so each pooled connection parses and plans it once.
import { ACTIVE_BOOKING_STATUSES } from '@keyturn/domain/enums';
import {
  DEFAULT_AVAILABILITY,
  weeklyOrDefault,
  type AgentAvailability,
} from '@keyturn/domain/schemas/availability';
import { DEFAULT_SHOWING_RULES, type ShowingRules } from '@keyturn/domain/listing/showingRules';
import type { BusyInterval, SlotRules } from '@keyturn/domain/slots/engine';
import type { Pool } from 'pg';
import type { Db } from '../../db/client';
import { SHOWING_RULES_JSON } from '../core/showing-rules-sql';

/** Whose inputs: an agent by id, or the agent of a public, not deleted property (numeric or public id). */
export type SlotSubject = { agentId: string } | { propertyId: number } | { propertyPublicId: string };

export type SlotInputs = {
  agentId: string;
  timeZone: string;
  rules: SlotRules;
  busy: BusyInterval[];
  requiresApproval: boolean;
  /** For travel-aware slots (issue 16): the agent's plan, their "cluster showings by area" switch, and the
   * property's pin (null for an agent subject or an unplaced property). */
  plan: string;
  clusterByArea: boolean;
  place: { lat: number | null; lng: number | null } | null;
  /** The agent's office (the start of each working day for travel-aware slots), null when not set. */
  office: { lat: number; lng: number } | null;
  /** For the "Suggested" marks (issue 17), read in the same statement so the public date call stays one round
   * trip: the agent's stored scheduling preferences (Settings area 'scheduling'; null when never saved), the
   * property's city and zip (null for an agent subject), and the active bookings of the span with their
   * property's city and zip (calendar busy times are not showings). */
  scheduling: unknown;
  placeArea: { city: string | null; zip_code: string | null } | null;
  showings: { startsAt: number; city: string | null; zip_code: string | null }[];
  /** The agent's schedule version these inputs were read at (decision 035), in the same snapshot. */
  scheduleVersion: number;
  /** Issue 32: the property's showing rules (null for an agent subject; the defaults for a property without
   * any saved) and its own active showings of the span (the daily cap and the gap count them). */
  showingRules: ShowingRules | null;
  propertyShowings: BusyInterval[];
  /** Issue 44: the agent's daily cap across all their listings (null: no limit); it counts `showings`. */
  dailyCap: number | null;
};

type Row = {
  agent_id: string;
  time_zone: string;
  plan: string;
  lat: number | null;
  lng: number | null;
  cluster_by_area: boolean;
  office_lat: number | null;
  office_lng: number | null;
  days: AgentAvailability['days'];
  overrides: AgentAvailability['overrides'];
  has_settings: boolean;
  minimum_notice_minutes: number | null;
  buffer_minutes: number | null;
  requires_approval: boolean | null;
  max_showings_per_day: number | null;
  /** [start ms, end ms, is a booking, its property's city, zip, its property's id]. */
  busy: [number | string, number | string, boolean, string | null, string | null, number | null][];
  city: string | null;
  zip_code: string | null;
  scheduling: unknown;
  schedule_version: string | null;
  property_id: number | null;
  showing_rules: ShowingRules | null;
};

// The partial index of bookings_no_overlap covers exactly these statuses; written out as literals so the
// planner can match its predicate (a parameter could not be).
const ACTIVE = ACTIVE_BOOKING_STATUSES.map((status) => `'${status}'`).join(', ');

const SUBJECTS = {
  agent: `select a.id as agent_id, a.time_zone, a.plan, null::float8 as lat, null::float8 as lng,
                 null::text as city, null::text as zip_code, null::int as property_id
          from agents a where a.id = $1::uuid`,
  property: `select p.agent_id, a.time_zone, a.plan, p.lat, p.lng, p.city, p.zip_code, p.id as property_id
             from properties p join agents a on a.id = p.agent_id
             where p.id = $1::int and p.is_public and p.deleted_at is null`,
  propertyPublic: `select p.agent_id, a.time_zone, a.plan, p.lat, p.lng, p.city, p.zip_code,
                          p.id as property_id
                   from properties p join agents a on a.id = p.agent_id
                   where p.public_id = $1::text and p.is_public and p.deleted_at is null`,
} as const;

/**
 * The statement for one kind of subject; $2, $3: the span; $4: a booking whose time does not count; $5: the
 * buyer's own hold (issue 44), whose time does not count for them; $6: now (a hold ending by then blocks
 * nothing). Other buyers' holds are busy time, not showings: they count toward no cap. Every table
 * it reads has a schedule_versions trigger (migration 0020, decision 035): a table added here needs one too, or
 * kept date answers would miss its changes.
 */
export function slotInputsStatement(kind: keyof typeof SUBJECTS): string {
  return `
with s as (${SUBJECTS[kind]})
select s.agent_id, s.time_zone, s.plan, s.lat, s.lng, s.city, s.zip_code, s.property_id,
  case when s.property_id is null then null
       else coalesce((select ${SHOWING_RULES_JSON} from property_showing_rules r
                      where r.property_id = s.property_id), '{}') end as showing_rules,
  coalesce(st.cluster_by_area, false) as cluster_by_area, st.office_lat, st.office_lng,
  (select g.settings from agent_settings g where g.agent_id = s.agent_id and g.area = 'scheduling') as scheduling,
  (select v.version from schedule_versions v where v.agent_id = s.agent_id) as schedule_version,
  coalesce((select json_agg(json_build_object('day_of_week', d.day_of_week, 'is_available', d.is_available,
                                              'intervals', d.intervals) order by d.day_of_week)
            from availability_days d where d.agent_id = s.agent_id), '[]') as days,
  coalesce((select json_agg(json_build_object('date', o.date, 'is_available', o.is_available,
                                              'intervals', o.intervals) order by o.date)
            from availability_overrides o where o.agent_id = s.agent_id), '[]') as overrides,
  st.agent_id is not null as has_settings,
  st.minimum_notice_minutes, st.buffer_minutes, st.requires_approval, st.max_showings_per_day,
  coalesce((select json_agg(json_build_array(extract(epoch from x.starts_at) * 1000,
                                             extract(epoch from x.ends_at) * 1000, x.showing, x.city, x.zip_code,
                                             x.property_id))
            from (select b.starts_at, b.ends_at, b.open_house_id is null as showing, bp.city, bp.zip_code,
                         b.property_id from bookings b
                  left join properties bp on bp.id = b.property_id
                  where b.agent_id = s.agent_id and b.status in (${ACTIVE})
                    and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange($2, $3, '[)')
                    and ($4::uuid is null or b.id <> $4::uuid)
                  union all
                  select c.starts_at, c.ends_at, false, null, null, null from calendar_busy c
                  where c.agent_id = s.agent_id and c.starts_at < $3 and c.ends_at > $2
                  union all
                  select o.starts_at, o.ends_at, false, null, null, null from open_houses o
                  where o.agent_id = s.agent_id and o.cancelled_at is null and o.starts_at < $3 and o.ends_at > $2
                  union all
                  select h.starts_at, h.ends_at, false, null, null, null from slot_holds h
                  where h.agent_id = s.agent_id and h.starts_at < $3 and h.ends_at > $2 and h.expires_at > $6
                    and ($5::text is null or h.token <> $5::text)) x), '[]') as busy
from s left join availability_settings st on st.agent_id = s.agent_id`;
}

const NAMES = {
  agent: 'slot-inputs-agent',
  property: 'slot-inputs-property',
  propertyPublic: 'slot-inputs-public',
};

function kindOf(subject: SlotSubject): keyof typeof SUBJECTS {
  if ('agentId' in subject) return 'agent';
  return 'propertyId' in subject ? 'property' : 'propertyPublic';
}

function refOf(subject: SlotSubject): string | number {
  if ('agentId' in subject) return subject.agentId;
  return 'propertyId' in subject ? subject.propertyId : subject.propertyPublicId;
}

/** Issue 44: whose held times not to count (the buyer's own) and the instant holds are judged at. */
export type HoldView = { now: Date; ownToken?: string | null };

/** The inputs of `subject` for busy time overlapping [from, to); null when there is no such agent/property. */
export async function readSlotInputs(
  db: Db,
  subject: SlotSubject,
  from: Date,
  to: Date,
  ignoreBookingId?: string,
  holds: HoldView = { now: new Date() },
): Promise<SlotInputs | null> {
  const kind = kindOf(subject);
  // drizzle(pool) keeps the pool as $client (client.ts); Db's type does not name it.
  const client = (db as unknown as { $client: Pool }).$client;
  const { rows } = await client.query<Row>({
    name: NAMES[kind],
    text: slotInputsStatement(kind),
    values: [refOf(subject), from, to, ignoreBookingId ?? null, holds.ownToken ?? null, holds.now],
  });
  const row = rows[0];
  if (!row) return null;
  // As readAvailability: an agent who never saved availability (no weekly rows, no settings) has the default.
  const availability: AgentAvailability =
    row.days.length === 0 && !row.has_settings
      ? DEFAULT_AVAILABILITY
      : {
          days: weeklyOrDefault(row.days),
          overrides: row.overrides,
          minimum_notice_minutes: row.minimum_notice_minutes ?? 0,
          buffer_minutes: row.buffer_minutes ?? 0,
          requires_approval: row.requires_approval ?? false,
        };
  return {
    agentId: row.agent_id,
    timeZone: row.time_zone,
    rules: {
      timeZone: row.time_zone,
      weekly: availability.days,
      overrides: availability.overrides,
      minimumNoticeMinutes: availability.minimum_notice_minutes,
      bufferMinutes: availability.buffer_minutes,
    },
    busy: row.busy.map(([start, end]) => ({ start: Number(start), end: Number(end) })),
    requiresApproval: row.requires_approval ?? false,
    plan: row.plan,
    clusterByArea: row.cluster_by_area,
    place: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    office:
      row.office_lat === null || row.office_lng === null
        ? null
        : { lat: row.office_lat, lng: row.office_lng },
    scheduling: row.scheduling,
    placeArea: 'agentId' in subject ? null : { city: row.city, zip_code: row.zip_code },
    showings: row.busy
      .filter(([, , showing]) => showing)
      .map(([start, , , city, zip]) => ({ startsAt: Number(start), city, zip_code: zip })),
    scheduleVersion: Number(row.schedule_version ?? 0),
    showingRules: showingRulesOf(row),
    propertyShowings: row.busy
      .filter(
        ([, , showing, , , propertyId]) => showing && propertyId !== null && propertyId === row.property_id,
      )
      .map(([start, end]) => ({ start: Number(start), end: Number(end) })),
    dailyCap: row.max_showings_per_day ?? null,
  };
}

/** The statement's rules object ('{}' for a property without a saved row) as the domain's rules. */
function showingRulesOf(row: Row): ShowingRules | null {
  if (row.property_id === null || row.showing_rules === null) return null;
  return { ...DEFAULT_SHOWING_RULES, ...row.showing_rules };
}

// The same subjects as SUBJECTS (public, not deleted properties), answering only the agent's schedule version.
const VERSIONS = {
  agent: `select v.agent_id, v.version from schedule_versions v where v.agent_id = $1::uuid`,
  property: `select v.agent_id, v.version from properties p join schedule_versions v on v.agent_id = p.agent_id
             where p.id = $1::int and p.is_public and p.deleted_at is null`,
  propertyPublic: `select v.agent_id, v.version from properties p
                   join schedule_versions v on v.agent_id = p.agent_id
                   where p.public_id = $1::text and p.is_public and p.deleted_at is null`,
} as const;

/** The version lookup for one kind of subject; $1: the agent's or property's id. */
export function scheduleVersionStatement(kind: keyof typeof SUBJECTS): string {
  return VERSIONS[kind];
}

/** Whose schedule, at which version (decision 035): a version means nothing without its agent (issue 29). */
export type ScheduleVersion = { agentId: string; version: number };

/**
 * The agent of `subject` and their schedule version (decision 035): one primary-key lookup (two for a
 * property), a named statement. Null when there is no such agent or public property (the caller then reads the
 * inputs, which answers its 404).
 */
export async function readScheduleVersion(db: Db, subject: SlotSubject): Promise<ScheduleVersion | null> {
  const kind = kindOf(subject);
  const client = (db as unknown as { $client: Pool }).$client;
  const { rows } = await client.query<{ agent_id: string; version: string }>({
    name: `schedule-version-${kind}`,
    text: scheduleVersionStatement(kind),
    values: [refOf(subject)],
  });
  return rows[0] ? { agentId: rows[0].agent_id, version: Number(rows[0].version) } : null;
}
