// Issue 47 (decision 093): the agent's push devices and switches. Agent routes only; the push itself is a job
// (send.ts). Bodies: domain schemas/push.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  pushConfigResponseSchema,
  pushPreferencesResponseSchema,
  pushPreferencesSchema,
  pushSubscriptionCreateSchema,
  pushSubscriptionDeleteSchema,
  pushSubscriptionResponseSchema,
} from '@keyturn/domain/schemas/push';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import type { OutboundPolicy } from '../../http/outbound-url';
import { requireAgentContext } from '../core/agent-context';
import { preferencesOf, savePreferences, subscribe, unsubscribe } from './service';

export async function webPushRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; now: () => Date; outbound: OutboundPolicy; publicKey: () => string },
) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
  const tags = ['notifications'];

  r.get(
    '/api/push/config',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key, for PushManager.subscribe's applicationServerKey",
        response: { 200: pushConfigResponseSchema, ...errors },
      },
    },
    async () => ({ success: true as const, data: { public_key: opts.publicKey() } }),
  );
  r.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: 'Push to this browser (its PushSubscription); a browser another account used moves to yours',
        body: pushSubscriptionCreateSchema,
        response: { 201: pushSubscriptionResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await subscribe(db, agentOf(req), req.body, opts.outbound),
      }),
  );
  r.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: 'Stop pushing to this browser',
        body: pushSubscriptionDeleteSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await unsubscribe(db, agentOf(req), req.body.endpoint);
      return { success: true as const };
    },
  );
  r.get(
    '/api/push/preferences',
    {
      schema: {
        tags,
        summary: 'Which events are pushed to your devices, and how many devices take pushes',
        response: { 200: pushPreferencesResponseSchema, ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await preferencesOf(db, agentOf(req)) }),
  );
  r.put(
    '/api/push/preferences',
    {
      schema: {
        tags,
        summary: 'Switch each pushed event on or off (all devices)',
        body: pushPreferencesSchema,
        response: { 200: pushPreferencesResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await savePreferences(db, agentOf(req), req.body, opts.now()),
    }),
  );
}
