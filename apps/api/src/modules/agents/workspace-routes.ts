// The agent's workspace calls of spec §7 "Agents": team list, own record, delete, dashboard, branding,
// notification and feedback settings, defaults acknowledgement, usage statistics, the overview's first steps.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { agentBookingPath } from '@keyturn/domain/links';
import { UPCOMING_DAYS_DEFAULT } from '@keyturn/domain/constants';
import { agentProfileSchema } from '@keyturn/domain/schemas/agent';
import { teamAgentSchema } from '@keyturn/domain/schemas/team';
import {
  acknowledgeDefaultsSchema,
  brandingSchema,
  dashboardSummarySchema,
  DEFAULT_FEEDBACK_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
  feedbackSettingsSchema,
  notificationSettingsSchema,
  onboardingMarkSchema,
  onboardingSchema,
  settingsResponseSchema,
  usageStatsSchema,
} from '@keyturn/domain/schemas/agentSettings';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Auth } from '../../auth';
import type { BookingNotifier } from '../core/notifications/scheduler';
import type { Db } from '../../db/client';
import { lockAgentRow, writeTransaction } from '../../db/transaction';
import { agents } from '../../db/schema';
import { notFound } from '../../http/errors';
import { upcoming, todaysSchedule } from '../bookings/agent-service';
import { overviewCounts } from '../figures/service';
import { requireAgentContext } from '../core/agent-context';
import { markOnboarding, onboardingOf } from './onboarding';
import { toAgentProfile } from '../core/agents';
import { teamAgents } from '../teams/service';
import { acknowledgeDefaults, readSettings, writeSettings } from '../core/agent-settings';
import { usageStats } from './settings-service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const ok = z.object({ success: z.literal(true) });
const tags = ['agents'];
const brandingResponse = z.object({ success: z.literal(true), data: brandingSchema });
const notificationsResponse = settingsResponseSchema(notificationSettingsSchema);
const feedbackResponse = settingsResponseSchema(feedbackSettingsSchema);

export async function agentWorkspaceRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; publicUrl: string; now: () => Date; notify: BookingNotifier },
) {
  const { db, now, notify } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  r.get(
    '/api/agents',
    {
      schema: {
        tags,
        summary:
          "The agents of the caller's team with their roles (the caller alone, role null, outside a team)",
        response: {
          200: z.object({ success: z.literal(true), data: z.array(teamAgentSchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: (await teamAgents(db, agentOf(req))).map((a) => ({ ...toAgentProfile(a.agent), role: a.role })),
    }),
  );

  r.get(
    '/api/agents/dashboard',
    {
      schema: {
        tags,
        summary: 'Everything the overview page shows',
        response: { 200: z.object({ success: z.literal(true), data: dashboardSummarySchema }), ...errors },
      },
    },
    async (req) => {
      const agent = agentOf(req);
      const at = now();
      const [today, next, usage, onboarding, figures] = await Promise.all([
        todaysSchedule(db, agent, at),
        upcoming(db, agent, UPCOMING_DAYS_DEFAULT, at),
        usageStats(db, agent, at),
        onboardingOf(db, agent.id),
        overviewCounts(db, agent, at),
      ]);
      return {
        success: true as const,
        data: {
          onboarding,
          today,
          upcoming: next,
          usage,
          bookingUrl: `${opts.publicUrl}${agentBookingPath(agent.id, agent.username)}`,
          pendingCount: figures.own.pendingRequests,
          figures,
        },
      };
    },
  );

  r.post(
    '/api/agents/onboarding',
    {
      schema: {
        tags,
        summary: "Record a first step taken on the overview's card: hours kept, link shared, card dismissed",
        body: onboardingMarkSchema,
        response: { 200: z.object({ success: z.literal(true), data: onboardingSchema }), ...errors },
      },
    },
    async (req) => {
      const agent = agentOf(req);
      await markOnboarding(db, agent.id, req.body.mark, now());
      return { success: true as const, data: await onboardingOf(db, agent.id) };
    },
  );

  r.get(
    '/api/agents/usage-stats',
    {
      schema: {
        tags,
        summary: 'Properties and bookings this month against the plan limits',
        response: { 200: z.object({ success: z.literal(true), data: usageStatsSchema }), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await usageStats(db, agentOf(req), now()) }),
  );

  r.get(
    '/api/agents/branding',
    { schema: { tags, response: { 200: brandingResponse, ...errors } } },
    async (req) => ({ success: true as const, data: brandingOf(agentOf(req)) }),
  );

  r.put(
    '/api/agents/branding',
    {
      schema: {
        tags,
        summary: 'Logo, picture, colour and company shown on the booking page',
        body: brandingSchema,
        response: { 200: brandingResponse, ...errors },
      },
    },
    async (req) => {
      const [row] = await db
        .update(agents)
        .set(req.body)
        .where(eq(agents.id, agentOf(req).id))
        .returning();
      return { success: true as const, data: brandingOf(row!) };
    },
  );

  r.get(
    '/api/agents/notifications',
    { schema: { tags, response: { 200: notificationsResponse, ...errors } } },
    async (req) => readSettings(db, agentOf(req).id, 'notifications', DEFAULT_NOTIFICATION_SETTINGS),
  );

  r.put(
    '/api/agents/notifications',
    {
      schema: { tags, body: notificationSettingsSchema, response: { 200: notificationsResponse, ...errors } },
    },
    async (req) => {
      const id = agentOf(req).id;
      await writeTransaction(db, async (tx) => {
        await lockAgentRow(tx, id);
        await writeSettings(tx, id, 'notifications', req.body);
        await acknowledgeDefaults(tx, id, 'notifications');
        // Upcoming showings get the reminder times they now lack, in the same commit as the settings.
        await notify.remindersChanged(tx, id);
      });
      return readSettings(db, id, 'notifications', DEFAULT_NOTIFICATION_SETTINGS);
    },
  );

  r.get(
    '/api/agents/feedback-settings',
    { schema: { tags, response: { 200: feedbackResponse, ...errors } } },
    async (req) => readSettings(db, agentOf(req).id, 'feedback', DEFAULT_FEEDBACK_SETTINGS),
  );

  r.put(
    '/api/agents/feedback-settings',
    { schema: { tags, body: feedbackSettingsSchema, response: { 200: feedbackResponse, ...errors } } },
    async (req) => {
      const id = agentOf(req).id;
      await writeSettings(db, id, 'feedback', req.body);
      await acknowledgeDefaults(db, id, 'feedback');
      return readSettings(db, id, 'feedback', DEFAULT_FEEDBACK_SETTINGS);
    },
  );

  r.post(
    '/api/agents/acknowledge-defaults',
    {
      schema: {
        tags,
        summary: 'The agent has seen the default settings of an area',
        body: acknowledgeDefaultsSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (req) => {
      await acknowledgeDefaults(db, agentOf(req).id, req.body.area);
      return { success: true as const };
    },
  );

  r.get(
    '/api/agents/:id',
    {
      schema: {
        tags,
        summary: "One of the caller's team (404 for anyone else)",
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ success: z.literal(true), data: agentProfileSchema }), ...errors },
      },
    },
    async (req) => {
      const agent = agentOf(req);
      if (req.params.id !== agent.id) throw notFound('Agent not found.');
      return { success: true as const, data: toAgentProfile(agent) };
    },
  );
  // DELETE /api/agents/:id is leaving/routes.ts: the same deletion as Delete account, for the profile.
}

function brandingOf(a: typeof agents.$inferSelect) {
  return {
    companyName: a.companyName,
    primaryColor: a.primaryColor,
    logoUrl: a.logoUrl,
    profilePictureUrl: a.profilePictureUrl,
    showEmail: a.showEmail,
    showPhone: a.showPhone,
  };
}
