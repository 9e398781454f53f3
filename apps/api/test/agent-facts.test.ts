// The agent's facts in one statement (issue 18, db/agent-facts.ts): a buyer's booking transaction reads the
// agent's settings, webhook endpoints, calendar target and team once, right after the agent's row is locked, and
// the modules that own each fact answer from it exactly what their own queries answer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agentFactsIn, readAgentFacts } from '../src/db/agent-facts';
import { writeTransaction } from '../src/db/transaction';
import {
  agents,
  agentSettings,
  calendarCalendars,
  calendarIntegrations,
  members,
  organizations,
  webhookEndpoints,
} from '../src/db/schema';
import { wantsPush } from '../src/modules/integrations/sync';
import { limitContextOf } from '../src/modules/core/plan-limits';
import { notificationSettingsOf } from '../src/modules/core/notifications/settings';
import { webhookEmitter } from '../src/modules/crm/emit';
import { createTestApp, type TestApp } from './app';
import { makeAgent } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function userIdOf(agentId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ userId: agents.userId })
    .from(agents)
    .where(eq(agents.id, agentId));
  return row!.userId;
}

describe('readAgentFacts: the booking transaction asks about the agent once', () => {
  it('settings, webhooks, calendar target and team answer what each module reads for itself', async () => {
    const db = t.database.db;
    const owner = await makeAgent(t, { plan: 'enterprise' });
    const member = await makeAgent(t, { plan: 'basic' });
    const loner = await makeAgent(t, { plan: 'enterprise' });
    const teamId = randomUUID();
    await db.insert(organizations).values({ id: teamId, name: 'Facts Realty', slug: `facts-${Date.now()}` });
    await db.insert(members).values([
      { id: randomUUID(), organizationId: teamId, userId: await userIdOf(owner.id), role: 'owner' },
      { id: randomUUID(), organizationId: teamId, userId: await userIdOf(member.id), role: 'member' },
    ]);
    for (const agent of [owner, member]) {
      await db.insert(agentSettings).values({
        agentId: agent.id,
        area: 'notifications',
        settings: { reminder_offsets_minutes: [1440, 60] },
      });
      await db.insert(webhookEndpoints).values({
        agentId: agent.id,
        url: 'https://crm.example.com/hook',
        events: ['booking.created'],
        secret: 's',
      });
    }
    const [integration] = await db
      .insert(calendarIntegrations)
      .values({ agentId: owner.id, provider: 'google', status: 'connected' })
      .returning({ id: calendarIntegrations.id });
    await db.insert(calendarCalendars).values({
      agentId: owner.id,
      integrationId: integration!.id,
      externalId: 'primary',
      name: 'Work',
      target: true,
    });

    const webhooks = webhookEmitter({ sendWebhook: async () => {} }, () => new Date());
    for (const agent of [owner, member, loner]) {
      const [row] = await db.select().from(agents).where(eq(agents.id, agent.id));
      const own = await writeTransaction(db, async (tx) => ({
        settings: await notificationSettingsOf(tx, agent.id),
        endpoints: await webhooks.endpoints(tx, agent.id),
        push: await wantsPush(tx, agent.id, [randomUUID()]),
        limits: await limitContextOf(tx, row!),
      }));
      const fromFacts = await writeTransaction(db, async (tx) => {
        const facts = await readAgentFacts(tx, agent.id);
        expect(agentFactsIn(tx, agent.id)).toBe(facts);
        // Facts of one agent never answer for another.
        expect(agentFactsIn(tx, randomUUID())).toBeUndefined();
        return {
          settings: await notificationSettingsOf(tx, agent.id),
          endpoints: await webhooks.endpoints(tx, agent.id),
          push: facts.calendarTarget,
          limits: await limitContextOf(tx, row!),
        };
      });
      expect(fromFacts).toEqual(own);
    }
    // What the cases above cover: saved reminder times, a basic member's endpoints not sent to, one target
    // calendar, a team on Enterprise (team scope) and an agent in no team.
    const ownerFacts = await writeTransaction(db, (tx) => readAgentFacts(tx, owner.id));
    expect(ownerFacts.calendarTarget).toBe(true);
    expect(ownerFacts.team).toEqual({ id: teamId, ownerPlans: ['enterprise'] });
    const memberView = await writeTransaction(db, async (tx) => {
      await readAgentFacts(tx, member.id);
      const [row] = await tx.select().from(agents).where(eq(agents.id, member.id));
      return {
        limits: await limitContextOf(tx, row!),
        endpoints: await webhooks.endpoints(tx, member.id),
        settings: await notificationSettingsOf(tx, member.id),
      };
    });
    expect(memberView.limits.scope).toBe('team');
    expect(memberView.endpoints).toEqual([]);
    expect(memberView.settings.notifications.reminder_offsets_minutes).toEqual([1440, 60]);
    // Outside a transaction that read them, nothing is cached.
    expect(agentFactsIn(db, owner.id)).toBeUndefined();
  });
});
