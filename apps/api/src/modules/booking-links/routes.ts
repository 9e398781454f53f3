// The agent's booking links and invitations (/booking/:linkId, spec §2.1). An invitation carries a §3
// prefill, so the public flow opens filled in for that buyer.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { bookingLinkPath } from '@keyturn/domain/links';
import {
  bookingLinkCreateSchema,
  bookingLinkSchema,
  type BookingLink,
} from '@keyturn/domain/schemas/agentBooking';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Prefill } from '@keyturn/domain/schemas/prefill';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { bookingLinks, properties } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { requireAgentContext } from '../core/agent-context';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const tags = ['booking links'];

export async function bookingLinkRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; publicUrl: string },
) {
  const { db, publicUrl } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  const toLink = (row: typeof bookingLinks.$inferSelect): BookingLink => ({
    id: row.id,
    url: `${publicUrl}${bookingLinkPath(row.id)}`,
    label: row.label,
    property_id: row.propertyId,
    prefill: (row.prefill as Prefill | null) ?? null,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  });

  r.get(
    '/api/booking-links',
    {
      schema: {
        tags,
        summary: "The caller's active booking links",
        response: {
          200: z.object({ success: z.literal(true), data: z.array(bookingLinkSchema) }),
          ...errors,
        },
      },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(bookingLinks)
        .where(and(eq(bookingLinks.agentId, agentOf(req).id), eq(bookingLinks.isActive, true)))
        .orderBy(desc(bookingLinks.createdAt));
      return { success: true as const, data: rows.map(toLink) };
    },
  );

  r.post(
    '/api/booking-links',
    {
      schema: {
        tags,
        summary: 'Create a booking link, or an invitation with a prefill for one buyer',
        body: bookingLinkCreateSchema,
        response: { 201: z.object({ success: z.literal(true), data: bookingLinkSchema }), ...errors },
      },
    },
    async (req, reply) => {
      const agent = agentOf(req);
      if (req.body.property_id !== null) {
        const [own] = await db
          .select({ id: properties.id })
          .from(properties)
          .where(
            and(
              eq(properties.id, req.body.property_id),
              eq(properties.agentId, agent.id),
              isNull(properties.deletedAt),
            ),
          );
        if (!own) throw new AppError(404, 'PROPERTY_NOT_FOUND', 'Property not found.');
      }
      const [row] = await db
        .insert(bookingLinks)
        .values({
          id: randomBytes(9).toString('base64url'),
          agentId: agent.id,
          propertyId: req.body.property_id,
          label: req.body.label,
          prefill: req.body.prefill,
        })
        .returning();
      return reply.status(201).send({ success: true as const, data: toLink(row!) });
    },
  );

  r.delete(
    '/api/booking-links/:id',
    {
      schema: {
        tags,
        summary: 'Deactivate a link (it stops opening the booking page)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      const [row] = await db
        .update(bookingLinks)
        .set({ isActive: false })
        .where(and(eq(bookingLinks.id, req.params.id), eq(bookingLinks.agentId, agentOf(req).id)))
        .returning({ id: bookingLinks.id });
      if (!row) throw notFound('Link not found.');
      return { success: true as const };
    },
  );
}
