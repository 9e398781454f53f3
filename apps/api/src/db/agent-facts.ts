// What a buyer's booking transaction asks about the agent besides the booking itself — their settings rows (the
// reminder times and feedback delay), their webhook endpoints, whether they push to a calendar, and their team
// with its owners' plans (the plan limit's scope) — in ONE statement instead of four (issue 18: each round trip
// costs the API a query build, a socket write and a parse, and the booking path is CPU-bound on them).
//
// The statement runs right AFTER the agent's row is locked (step 1 of the lock order, db/transaction.ts): every
// writer of those rows holds the same lock, and a statement that starts after the lock was granted sees what
// they committed (READ COMMITTED takes a snapshot per statement). It must not be folded into the locking
// statement itself: its sub-selects would be evaluated with the snapshot taken before the wait for the lock.
//
// The modules that own these facts (core/notifications/settings.ts, crm/emit.ts, integrations/jobs.ts,
// modules/core/plan-limits.ts) use them when the transaction has them and read for themselves otherwise.
import { sql } from 'drizzle-orm';
import type { Db, DbTransaction } from './client';

export type AgentFacts = {
  agentId: string;
  plan: string;
  /** The agent's IANA zone: the booking's zone, where quiet hours are kept (issue 33). */
  timeZone: string;
  /** Every agent_settings row of the agent (area → its stored settings). */
  settings: { area: string; settings: unknown }[];
  /** The agent's webhook endpoints, whatever the plan (crm/emit.ts decides who is sent to). */
  webhookEndpoints: { id: string; events: string[] }[];
  /** A calendar the agent pushes bookings to is set. */
  calendarTarget: boolean;
  /** The agent's team and the plans of its owners; null outside a team. */
  team: { id: string; ownerPlans: string[] } | null;
};

const read = new WeakMap<Db | DbTransaction, AgentFacts>();

/** Reads the agent's facts in `tx` (after its row is locked) and keeps them for the rest of the transaction. */
export async function readAgentFacts(tx: DbTransaction, agentId: string): Promise<AgentFacts> {
  const { rows } = await tx.execute<{
    plan: string;
    time_zone: string;
    settings: AgentFacts['settings'];
    webhooks: AgentFacts['webhookEndpoints'];
    calendar_target: boolean;
    team: { id: string; owner_plans: string[] | null } | null;
  }>(sql`
    select a.plan, a.time_zone,
      coalesce((select json_agg(json_build_object('area', g.area, 'settings', g.settings))
                from agent_settings g where g.agent_id = a.id), '[]') as settings,
      coalesce((select json_agg(json_build_object('id', e.id, 'events', e.events))
                from webhook_endpoints e where e.agent_id = a.id), '[]') as webhooks,
      exists (select 1 from calendar_calendars c where c.agent_id = a.id and c.target) as calendar_target,
      (select json_build_object('id', m.organization_id,
                                'owner_plans', (select json_agg(oa.plan) from members om
                                                join agents oa on oa.user_id = om.user_id
                                                where om.organization_id = m.organization_id
                                                  and om.role = 'owner'))
       from members m where m.user_id = a.user_id limit 1) as team
    from agents a where a.id = ${agentId}`);
  const row = rows[0];
  if (!row) throw new Error(`readAgentFacts: no agent ${agentId}`);
  const facts: AgentFacts = {
    agentId,
    plan: row.plan,
    timeZone: row.time_zone,
    settings: row.settings,
    webhookEndpoints: row.webhooks,
    calendarTarget: row.calendar_target,
    team: row.team ? { id: row.team.id, ownerPlans: row.team.owner_plans ?? [] } : null,
  };
  read.set(tx, facts);
  return facts;
}

/** The facts read earlier in this transaction for this agent, if any. */
export function agentFactsIn(db: Db | DbTransaction, agentId: string): AgentFacts | undefined {
  const facts = read.get(db);
  return facts?.agentId === agentId ? facts : undefined;
}
