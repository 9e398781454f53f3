// Billing's HTTP calls (issue 30, decision 047): Checkout and the Customer Portal for the signed-in agent, the
// listings a drop to Basic hid, whether plans can be bought here (the public pricing page asks), and Stripe's
// signed webhook — its body read raw, since the signature covers the exact bytes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planFor } from '@keyturn/domain/plans';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  billingAvailabilitySchema,
  checkoutRequestSchema,
  keepListingsSchema,
  planListingsSchema,
  redirectResponseSchema,
} from '@keyturn/domain/schemas/subscription';
import { stripeClient, UnreadableEventBody, verifiedEvent, type BillingConfig } from '../../adapters/billing';
import type { Auth } from '../../auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { requireAgentContext } from '../core/agent-context';
import { billingOff, openPortal, startCheckout } from './checkout';
import { applyStripeEvent, stripeEventOf } from './events';
import { choosableListings, keepListings } from './plan-state';

export type BillingRouteOptions = {
  auth: Auth;
  db: Db;
  config: Config;
  now: () => Date;
  /** Billing in force at each call (Server settings, the environment winning). */
  billing: () => Promise<BillingConfig>;
};

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export async function billingRoutes(app: FastifyInstance, opts: BillingRouteOptions) {
  const { db, config, now } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  const stripe = async () => {
    const client = stripeClient(await opts.billing());
    if (!client) throw billingOff();
    return client;
  };
  const subscriptionPage = `${config.publicUrl}/dashboard/subscription`;

  r.get(
    '/api/payments/availability',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Whether plans can be bought on this server (the pricing page keeps its launch texts when not)',
        response: { 200: billingAvailabilitySchema },
      },
    },
    async () => ({ configured: (await opts.billing()).configured }),
  );

  r.post(
    '/api/payments/checkout',
    {
      preValidation: agentOf.hook,
      schema: {
        tags: ['payments'],
        summary: 'A Stripe Checkout session for a paid plan (14-day trial, the waiting-list coupon if due)',
        body: checkoutRequestSchema,
        response: { 200: redirectResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const result = await startCheckout(db, await stripe(), agentOf(request), request.body, {
        success: `${subscriptionPage}?checkout=done`,
        cancel: subscriptionPage,
      });
      return { success: true as const, url: result.url };
    },
  );

  r.post(
    '/api/payments/portal',
    {
      preValidation: agentOf.hook,
      schema: {
        tags: ['payments'],
        summary: "The Stripe Customer Portal for the caller's subscription (plan, cancel, card, invoices)",
        response: { 200: redirectResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const result = await openPortal(db, await stripe(), agentOf(request), subscriptionPage);
      return { success: true as const, url: result.url };
    },
  );

  r.get(
    '/api/payments/listings',
    {
      preValidation: agentOf.hook,
      schema: {
        tags: ['payments'],
        summary: "The caller's listings a plan limit chooses among (bookable ones and those the plan hid)",
        response: { 200: planListingsSchema, ...errors },
      },
    },
    async (request) => {
      const agent = agentOf(request);
      return listingsAnswer(db, agent.id, planFor(agent.plan).maxProperties);
    },
  );

  r.put(
    '/api/payments/listings',
    {
      preValidation: agentOf.hook,
      schema: {
        tags: ['payments'],
        summary: 'Choose which listings stay bookable after a drop to a smaller plan',
        body: keepListingsSchema,
        response: { 200: planListingsSchema, ...errors },
      },
    },
    async (request) => {
      const agent = agentOf(request);
      const limit = planFor(agent.plan).maxProperties;
      const keep = [...new Set(request.body.keep)];
      if (limit !== null && keep.length > limit) {
        const message = `Choose at most ${limit} listings: that is what your plan includes.`;
        throw new AppError(400, 'TOO_MANY_LISTINGS', message, { keep: message });
      }
      const result = await db.transaction((tx) => keepListings(tx, agent.id, keep, now()));
      if (result.unknown.length > 0) {
        const message = 'One of these listings is not yours or was deleted.';
        throw new AppError(400, 'UNKNOWN_LISTING', message, { keep: message });
      }
      return listingsAnswer(db, agent.id, limit);
    },
  );

  await app.register(async (scope) => {
    // The signature covers the exact body: kept as the text that arrived (the app's JSON parser is replaced
    // in this scope only).
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_r, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: "Stripe's webhook: verified by its Stripe-Signature header, each event applied once",
          response: { 200: billingWebhookAnswer, 400: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const billing = await opts.billing();
        if (!billing.configured) throw billingOff();
        const signature = request.headers['stripe-signature'];
        const notJson = () => {
          const message = 'This event is not JSON: it was not applied.';
          return new AppError(400, 'MALFORMED_EVENT', message, { body: message });
        };
        // An empty body reaches no parser, and Stripe's check refuses to read one, signed or not: it is no event.
        const body = typeof request.body === 'string' ? request.body : '';
        if (body === '') throw notJson();
        let parsed: unknown;
        try {
          if (typeof signature !== 'string') throw new Error('unsigned');
          parsed = verifiedEvent(billing, body, signature);
        } catch (err) {
          if (err instanceof UnreadableEventBody) throw notJson();
          const message = 'The signature of this event is not valid.';
          throw new AppError(400, 'BAD_SIGNATURE', message, { 'stripe-signature': message });
        }
        // Signed but not in Stripe's shape: a 400 without an id to record it by, else recorded (2xx) unapplied.
        const outcome = await applyStripeEvent(db, stripeEventOf(parsed), now());
        return { received: true as const, applied: outcome.applied };
      },
    );
  });
}

const billingWebhookAnswer = z.object({ received: z.literal(true), applied: z.boolean() });

async function listingsAnswer(db: Db, agentId: string, limit: number | null) {
  const rows = await choosableListings(db, agentId);
  return {
    success: true as const,
    limit,
    listings: rows.map((p) => ({
      id: p.id,
      address: `${p.address}, ${p.city}`,
      bookable: p.isPublic,
      hiddenByPlan: p.planHiddenAt !== null,
    })),
  };
}
