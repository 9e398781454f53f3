// Leads (issue 13): /api/leads — list and one lead on every plan (fields by plan), notes and outcome on every
// plan; /api/leads/:id/insights from Professional, /api/leads/:id/prediction and /api/leads/model on
// Enterprise (403 PLAN_UPGRADE_REQUIRED below). Another agent's lead: 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  LEAD_OUTCOMES,
  leadListQuerySchema,
  leadNoteInputSchema,
  leadOutcomeInputSchema,
} from '@keyturn/domain/schemas/leads';
import {
  leadDetailSchema,
  leadInsightsSchema,
  leadListSchema,
  leadNoteSchema,
  predictionSchema,
  predictiveModelSchema,
} from '@keyturn/domain/schemas/leadResponses';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requireAgentContext } from '../core/agent-context';
import { addNote, deleteNote, editNote, setOutcome } from './notes';
import { getLead, leadInsights, leadPrediction, listLeads, modelOverview } from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const idParams = z.object({ id: z.string() });
const noteParams = z.object({ id: z.string(), noteId: z.string() });
const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export async function leadRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db; now: () => Date }) {
  const { db, now } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);
  const tags = ['leads'];

  r.get(
    '/api/leads',
    {
      schema: {
        tags,
        summary:
          "The caller's leads (one per buyer e-mail), latest activity first: class on every plan; score, " +
          'sentiment and next step from Professional; predicted chance on Enterprise',
        querystring: leadListQuerySchema,
        response: { 200: leadListSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, ...(await listLeads(db, agentOf(req), req.query, now())) }),
  );
  r.get(
    '/api/leads/model',
    {
      schema: {
        tags,
        summary: "Enterprise: the predictive model trained on the caller's outcomes (held-out AUC, features)",
        response: { 200: ok(predictiveModelSchema), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await modelOverview(db, agentOf(req), now()) }),
  );
  r.get(
    '/api/leads/:id',
    {
      schema: {
        tags,
        summary: 'One lead: answers, feedback, notes, timeline, and the insights of the caller’s plan',
        params: idParams,
        response: { 200: ok(leadDetailSchema), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await getLead(db, agentOf(req), req.params.id, now()) }),
  );
  r.get(
    '/api/leads/:id/insights',
    {
      schema: {
        tags,
        summary: 'Professional: score with its factors, sentiment with its phrases, recommendations',
        params: idParams,
        response: { 200: ok(leadInsightsSchema), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await leadInsights(db, agentOf(req), req.params.id, now()),
    }),
  );
  r.get(
    '/api/leads/:id/prediction',
    {
      schema: {
        tags,
        summary: "Enterprise: the lead's chance of an offer, or why the model cannot say yet",
        params: idParams,
        response: { 200: ok(predictionSchema), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await leadPrediction(db, agentOf(req), req.params.id, now()),
    }),
  );
  r.post(
    '/api/leads/:id/notes',
    {
      schema: {
        tags,
        params: idParams,
        body: leadNoteInputSchema,
        response: { 201: ok(leadNoteSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await addNote(db, agentOf(req), req.params.id, req.body.body),
      }),
  );
  r.put(
    '/api/leads/:id/notes/:noteId',
    {
      schema: {
        tags,
        params: noteParams,
        body: leadNoteInputSchema,
        response: { 200: ok(leadNoteSchema), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await editNote(db, agentOf(req), req.params.id, req.params.noteId, req.body.body),
    }),
  );
  r.delete(
    '/api/leads/:id/notes/:noteId',
    {
      schema: {
        tags,
        params: noteParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await deleteNote(db, agentOf(req), req.params.id, req.params.noteId);
      return { success: true as const };
    },
  );
  r.put(
    '/api/leads/:id/outcome',
    {
      schema: {
        tags,
        summary: 'Set the outcome: open, offer_made, purchased or lost',
        params: idParams,
        body: leadOutcomeInputSchema,
        response: {
          200: ok(z.object({ outcome: z.enum(LEAD_OUTCOMES), outcome_at: z.string().nullable() })),
          ...errors,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await setOutcome(db, agentOf(req), req.params.id, req.body.outcome, now()),
    }),
  );
}
