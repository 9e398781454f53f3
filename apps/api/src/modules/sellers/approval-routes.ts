// The seller's page calls (issue 32 §2): no account, the signed link's token in the query or the body (the
// request log redacts ?token=). Rate-limited like the other public calls.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  answerResponseSchema,
  approvalTokenQuerySchema,
  approveBodySchema,
  blockBodySchema,
  declineBodySchema,
  proposeBodySchema,
  sellerApprovalViewSchema,
} from '@keyturn/domain/schemas/sellerApproval';
import { approve, block, decline, propose, type SellerContext } from './answer';
import { approvalPage } from './page';

const errors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['seller approvals'];

export async function sellerApprovalRoutes(
  app: FastifyInstance,
  opts: { ctx: SellerContext; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: { max: opts.writeLimitPerMinute, timeWindow: '1 minute' } };
  const answer = { 200: answerResponseSchema, ...errors };
  r.get(
    '/api/seller-approval',
    {
      config: { rateLimit: { max: opts.readLimitPerMinute, timeWindow: '1 minute', groupId: 'public-read' } },
      schema: {
        tags,
        summary: "A seller's approval link: the showing, the request's state and (to propose) the open times",
        querystring: approvalTokenQuerySchema,
        response: { 200: z.object({ success: z.literal(true), data: sellerApprovalViewSchema }), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await approvalPage(ctx, req.query.token) }),
  );
  r.post(
    '/api/seller-approval/approve',
    {
      config,
      schema: {
        tags,
        summary: 'Approve the showing (the booking is confirmed)',
        body: approveBodySchema,
        response: answer,
      },
    },
    async (req) => ({ success: true as const, data: await approve(ctx, req.body.token, req.body.locale) }),
  );
  r.post(
    '/api/seller-approval/decline',
    {
      config,
      schema: {
        tags,
        summary: 'Decline the showing, with an optional reason',
        body: declineBodySchema,
        response: answer,
      },
    },
    async (req) => ({
      success: true as const,
      data: await decline(ctx, req.body.token, req.body.reason, req.body.locale),
    }),
  );
  r.post(
    '/api/seller-approval/propose',
    {
      config,
      schema: {
        tags,
        summary: 'Propose another open time to the buyer',
        body: proposeBodySchema,
        response: answer,
      },
    },
    async (req) => ({
      success: true as const,
      data: await propose(ctx, req.body.token, req.body.starts_at, req.body.locale),
    }),
  );
  r.post(
    '/api/seller-approval/block',
    {
      config,
      schema: {
        tags,
        summary: '"Not tonight", or a date and a span: those times are not offered',
        body: blockBodySchema,
        response: answer,
      },
    },
    async (req) => ({ success: true as const, data: await block(ctx, req.body) }),
  );
}
