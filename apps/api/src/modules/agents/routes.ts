import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentProfileInputSchema, agentProfileResponseSchema } from '@keyturn/domain/schemas/agent';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../../http/authenticate';
import { createAgent, requireAgent, toAgentProfile, updateAgent } from '../core/agents';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export async function agentRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireUser(opts.auth));

  r.get(
    '/api/agents/profile',
    {
      schema: {
        tags: ['agents'],
        summary: "The caller's agent profile; 404 until it has been set up (spec §8)",
        response: { 200: agentProfileResponseSchema, ...errors },
      },
    },
    async (request) => {
      const agent = await requireAgent(db, currentUser(request).id);
      return { success: true as const, data: toAgentProfile(agent) };
    },
  );

  r.post(
    '/api/agents',
    {
      schema: {
        tags: ['agents'],
        summary: "Create the caller's agent profile",
        body: agentProfileInputSchema,
        response: { 201: agentProfileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const agent = await createAgent(db, user, request.body);
      return reply.status(201).send({ success: true as const, data: toAgentProfile(agent) });
    },
  );

  r.put(
    '/api/agents/:id',
    {
      schema: {
        tags: ['agents'],
        summary: "Update the caller's agent profile",
        params: z.object({ id: z.string() }),
        body: agentProfileInputSchema,
        response: { 200: agentProfileResponseSchema, ...errors },
      },
    },
    async (request) => {
      const agent = await updateAgent(db, currentUser(request).id, request.params.id, request.body);
      return { success: true as const, data: toAgentProfile(agent) };
    },
  );
}
