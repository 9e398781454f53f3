import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  agentPropertySchema,
  propertyAssignSchema,
  propertyInputSchema,
  type AgentProperty,
} from '@keyturn/domain/schemas/property';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requireAgentContext } from '../core/agent-context';
import type { AgentRow } from '../core/agents';
import {
  assignProperty,
  createProperty,
  deleteProperty,
  getProperty,
  listProperties,
  updateProperty,
} from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const one = z.object({ success: z.literal(true), data: agentPropertySchema });
const idParams = z.object({ id: z.string() });
const tags = ['properties'];

export async function propertyRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; locate?: (agent: AgentRow, propertyId: number) => Promise<void> },
) {
  const { db } = opts;
  /** Issue 16: a saved property without a map position is geocoded (when a geocoder is configured). */
  const located = async (agent: AgentRow, property: AgentProperty) => {
    await opts.locate?.(agent, property.id);
    return property;
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  r.get(
    '/api/properties',
    {
      schema: {
        tags,
        summary: "The caller's properties and, in a team, the team's (each with its assigned agent)",
        response: {
          200: z.object({ success: z.literal(true), data: z.array(agentPropertySchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({ success: true as const, data: await listProperties(db, agentOf(req)) }),
  );
  r.get(
    '/api/properties/:id',
    { schema: { tags, params: idParams, response: { 200: one, ...errors } } },
    async (req) => ({ success: true as const, data: await getProperty(db, agentOf(req), req.params.id) }),
  );
  r.post(
    '/api/properties',
    {
      schema: {
        tags,
        summary: 'Add a property (plan limit applies)',
        body: propertyInputSchema,
        response: { 201: one, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await located(agentOf(req), await createProperty(db, agentOf(req), req.body)),
      }),
  );
  r.put(
    '/api/properties/:id',
    { schema: { tags, params: idParams, body: propertyInputSchema, response: { 200: one, ...errors } } },
    async (req) => ({
      success: true as const,
      data: await located(agentOf(req), await updateProperty(db, agentOf(req), req.params.id, req.body)),
    }),
  );
  r.put(
    '/api/properties/:id/agent',
    {
      schema: {
        tags,
        summary: 'Assign a team property to another member (team owners and admins)',
        params: idParams,
        body: propertyAssignSchema,
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await assignProperty(db, agentOf(req), req.params.id, req.body.agent_id),
    }),
  );
  r.delete(
    '/api/properties/:id',
    {
      schema: {
        tags,
        summary: 'Delete a property (its bookings keep their history)',
        params: idParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await deleteProperty(db, agentOf(req), req.params.id);
      return { success: true as const };
    },
  );
}
