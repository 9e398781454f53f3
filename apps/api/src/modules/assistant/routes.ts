// The booking assistant's routes (issue 17): public conversation calls (no account, rate-limited like the
// other public writes) and the agent's switch and reading of a booking's conversation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assistantMessageSchema,
  assistantSettingsSchema,
  assistantStatusResponseSchema,
  bookingConversationResponseSchema,
  conversationResponseSchema,
  DEFAULT_ASSISTANT_SETTINGS,
  schedulingPreferencesResponseSchema,
  schedulingPreferencesSchema,
  startConversationSchema,
} from '@keyturn/domain/schemas/assistant';
import { settingsResponseSchema } from '@keyturn/domain/schemas/agentSettings';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { correctPreferences, preferencesView, resetPreferences } from './preferences';
import { requireAgentContext } from '../core/agent-context';
import { acknowledgeDefaults, readSettings } from '../core/agent-settings';
import { findPublicAgent } from '../core/public-reads';
import { holdClientKey } from '../booking-public/holds';
import { withRequestLocale } from '../booking-public/routes';
import {
  assistantSettings,
  conversationOfBooking,
  converse,
  readConversation,
  saveAssistantSettings,
  startConversation,
  type AssistantDeps,
} from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['booking assistant'];
const idParams = z.object({ id: z.string().max(100) });

export async function assistantPublicRoutes(
  app: FastifyInstance,
  opts: { deps: AssistantDeps; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { deps } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const writeLimit = { rateLimit: { max: opts.writeLimitPerMinute, timeWindow: '1 minute' } };
  const readLimit = {
    rateLimit: { max: opts.readLimitPerMinute, timeWindow: '1 minute', groupId: 'public-read' },
  };

  r.get(
    '/api/assistant/agent/:agentId',
    {
      config: readLimit,
      schema: {
        tags,
        summary: "Whether the agent's booking page offers the assistant",
        params: z.object({ agentId: z.string().max(100) }),
        response: { 200: assistantStatusResponseSchema, ...errors },
      },
    },
    async (req) => {
      const agent = await findPublicAgent(deps.ctx.db, req.params.agentId);
      return { enabled: (await assistantSettings(deps.ctx.db, agent.id)).enabled };
    },
  );

  r.post(
    '/api/assistant/conversations',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'Start a conversation with the booking assistant (403 ASSISTANT_DISABLED when switched off)',
        body: startConversationSchema,
        response: { 201: conversationResponseSchema, ...errors },
      },
    },
    // Issue 43: the page's language — the body's, else the request's (?lang, cookie, Accept-Language), else English.
    async (req, reply) =>
      reply.status(201).send(await startConversation(deps, withRequestLocale(req.body, req))),
  );

  r.get(
    '/api/assistant/conversations/:id',
    {
      config: readLimit,
      schema: {
        tags,
        summary: 'A conversation as the buyer sees it',
        params: idParams,
        response: { 200: conversationResponseSchema, ...errors },
      },
    },
    async (req) => readConversation(deps, req.params.id),
  );

  r.post(
    '/api/assistant/conversations/:id/messages',
    {
      config: writeLimit,
      schema: {
        tags,
        summary: "The buyer's next message; the assistant's answer (it books only after the buyer confirms)",
        params: idParams,
        body: assistantMessageSchema,
        response: { 200: conversationResponseSchema, ...errors },
      },
    },
    async (req) => converse(deps, req.params.id, req.body.text, holdClientKey(req.ip)),
  );
}

const settingsResponse = settingsResponseSchema(assistantSettingsSchema);

export async function assistantAgentRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; now: () => Date },
) {
  const { db, now } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  r.get(
    '/api/agents/assistant-settings',
    { schema: { tags, response: { 200: settingsResponse, ...errors } } },
    async (req) => readSettings(db, agentOf(req).id, 'assistant', DEFAULT_ASSISTANT_SETTINGS),
  );

  r.put(
    '/api/agents/assistant-settings',
    { schema: { tags, body: assistantSettingsSchema, response: { 200: settingsResponse, ...errors } } },
    async (req) => {
      const id = agentOf(req).id;
      await saveAssistantSettings(db, id, req.body);
      await acknowledgeDefaults(db, id, 'assistant');
      return readSettings(db, id, 'assistant', DEFAULT_ASSISTANT_SETTINGS);
    },
  );

  r.get(
    '/api/agents/scheduling-preferences',
    {
      schema: {
        tags,
        summary:
          'What Keyturn learned about when you like to show homes, in plain words, and your correction',
        response: { 200: schedulingPreferencesResponseSchema, ...errors },
      },
    },
    async (req) => preferencesView(db, agentOf(req), now()),
  );

  r.put(
    '/api/agents/scheduling-preferences',
    {
      schema: {
        tags,
        summary:
          'Correct what was learned (preferred times of day, at most n showings a day); null = learned',
        body: schedulingPreferencesSchema,
        response: { 200: schedulingPreferencesResponseSchema, ...errors },
      },
    },
    async (req) => {
      await correctPreferences(db, agentOf(req), req.body);
      return preferencesView(db, agentOf(req), now());
    },
  );

  r.post(
    '/api/agents/scheduling-preferences/reset',
    {
      schema: {
        tags,
        summary: 'Forget what was learned; learning starts again from now',
        response: { 200: schedulingPreferencesResponseSchema, ...errors },
      },
    },
    async (req) => {
      await resetPreferences(db, agentOf(req), now());
      return preferencesView(db, agentOf(req), now());
    },
  );

  r.get(
    '/api/bookings/:id/conversation',
    {
      schema: {
        tags,
        summary: 'The assistant conversation that led to one of your bookings (404 when there is none)',
        params: idParams,
        response: { 200: bookingConversationResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await conversationOfBooking(db, agentOf(req).id, req.params.id),
    }),
  );
}
