// Feedback (spec §2.1 /feedback/:bookingId, §7 "Feedback"): the buyer's public page by the booking's public
// id, and the agent's GET/POST/PUT/DELETE /api/feedback.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  agentFeedbackCreateSchema,
  agentFeedbackListQuerySchema,
  agentFeedbackNoteSchema,
  agentFeedbackSchema,
  feedbackAnswersSchema,
  publicFeedbackSavedSchema,
  publicFeedbackViewSchema,
} from '@keyturn/domain/schemas/feedback';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requireAgentContext } from '../core/agent-context';
import {
  createAgentFeedback,
  deleteFeedback,
  getFeedback,
  listFeedback,
  publicFeedbackView,
  submitPublicFeedback,
  updateFeedbackNote,
} from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const one = z.object({ success: z.literal(true), data: agentFeedbackSchema });
const idParams = z.object({ id: z.string() });
const publicParams = z.object({ publicId: z.string() });

export async function feedbackRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    db: Db;
    writeLimitPerMinute: number;
    /** The server's clock (answers are stamped with it). */
    now?: () => Date;
    /** After a feedback was saved (webhooks: feedback.received, lead.updated). */
    onFeedbackSaved?: (agentId: string, bookingId: string) => Promise<void>;
  },
) {
  const { db } = opts;
  await app.register(async (pub) => {
    const r = pub.withTypeProvider<ZodTypeProvider>();
    const tags = ['feedback (public)'];
    r.get(
      '/api/feedback/public/:publicId',
      {
        schema: {
          tags,
          summary: 'The showing a feedback link is about, the questions, and earlier answers if any',
          params: publicParams,
          response: { 200: publicFeedbackViewSchema, ...errors },
        },
      },
      async (req) => publicFeedbackView(db, req.params.publicId),
    );
    r.put(
      '/api/feedback/public/:publicId',
      {
        config: { rateLimit: { max: opts.writeLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: "The buyer's answers: 201 the first time, 200 when a later submit replaces them",
          params: publicParams,
          body: feedbackAnswersSchema,
          response: { 200: publicFeedbackSavedSchema, 201: publicFeedbackSavedSchema, ...errors },
        },
      },
      async (req, reply) => {
        const saved = await submitPublicFeedback(
          db,
          req.params.publicId,
          req.body,
          (opts.now ?? (() => new Date()))(),
        );
        await opts.onFeedbackSaved?.(saved.agentId, saved.bookingId);
        return reply
          .status(saved.created ? 201 : 200)
          .send({ success: true as const, created: saved.created, feedback: saved.feedback });
      },
    );
  });

  await app.register(async (agentScope) => {
    const r = agentScope.withTypeProvider<ZodTypeProvider>();
    const agentOf = requireAgentContext(opts.auth, db);
    r.addHook('preValidation', agentOf.hook);
    const tags = ['feedback'];

    r.get(
      '/api/feedback',
      {
        schema: {
          tags,
          summary: "Feedback on the caller's showings, newest first",
          querystring: agentFeedbackListQuerySchema,
          response: {
            200: z.object({ success: z.literal(true), data: z.array(agentFeedbackSchema) }),
            ...errors,
          },
        },
      },
      async (req) => ({ success: true as const, data: await listFeedback(db, agentOf(req), req.query) }),
    );
    r.get(
      '/api/feedback/:id',
      { schema: { tags, params: idParams, response: { 200: one, ...errors } } },
      async (req) => ({ success: true as const, data: await getFeedback(db, agentOf(req), req.params.id) }),
    );
    r.post(
      '/api/feedback',
      {
        schema: {
          tags,
          summary: 'Record feedback the agent collected for one of their bookings',
          body: agentFeedbackCreateSchema,
          response: { 201: one, ...errors },
        },
      },
      async (req, reply) => {
        const agent = agentOf(req);
        const data = await createAgentFeedback(db, agent, req.body);
        await opts.onFeedbackSaved?.(agent.id, data.booking_id);
        return reply.status(201).send({ success: true as const, data });
      },
    );
    r.put(
      '/api/feedback/:id',
      {
        schema: {
          tags,
          summary: "Edit the agent's private note on a feedback",
          params: idParams,
          body: agentFeedbackNoteSchema,
          response: { 200: one, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await updateFeedbackNote(db, agentOf(req), req.params.id, req.body.agent_note),
      }),
    );
    r.delete(
      '/api/feedback/:id',
      {
        schema: {
          tags,
          params: idParams,
          response: { 200: z.object({ success: z.literal(true) }), ...errors },
        },
      },
      async (req) => {
        await deleteFeedback(db, agentOf(req), req.params.id);
        return { success: true as const };
      },
    );
  });
}
