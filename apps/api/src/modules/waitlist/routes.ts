// The waiting list (spec §2.5, our own form) and "Talk to Sales team" enquiries (§2.3), stored in one table.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { LAUNCH_TEXTS } from '@keyturn/domain/launch';
import {
  salesInquirySchema,
  waitlistResponseSchema,
  waitlistSignupSchema,
} from '@keyturn/domain/schemas/waitlist';
import type { Db } from '../../db/client';
import { waitlistEntries } from '../../db/schema';
import { AppError } from '../../http/errors';

const errors = { 400: errorResponseSchema, 429: errorResponseSchema };

export async function waitlistRoutes(
  app: FastifyInstance,
  opts: { db: Db; writeLimitPerMinute: number; launched: () => Promise<boolean> },
) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: { max: opts.writeLimitPerMinute, timeWindow: '1 minute' } };

  r.post(
    '/api/waitlist',
    {
      config,
      schema: {
        tags: ['public site'],
        summary:
          'Join the waiting list (the same e-mail twice keeps one entry); closed (409) once the site is launched',
        body: waitlistSignupSchema,
        response: {
          200: waitlistResponseSchema,
          201: waitlistResponseSchema,
          ...errors,
          409: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      // Issue 40: after launch no new names; the entries already there stay, with their discount.
      if (await opts.launched()) throw new AppError(409, 'WAITING_LIST_CLOSED', LAUNCH_TEXTS.waitlistClosed);
      const { name, email, company, segment } = req.body;
      const inserted = await db
        .insert(waitlistEntries)
        .values({ kind: 'waitlist', name, email, company, segment })
        .onConflictDoNothing()
        .returning({ id: waitlistEntries.id });
      if (inserted.length === 0) {
        return reply.status(200).send({
          success: true as const,
          status: 'already_joined' as const,
          message: "You're already on the waiting list with this e-mail. We'll be in touch before launch.",
        });
      }
      return reply.status(201).send({
        success: true as const,
        status: 'joined' as const,
        message: "You're on the list! Your 25% lifetime discount is reserved.",
      });
    },
  );

  r.post(
    '/api/sales-inquiries',
    {
      config,
      schema: {
        tags: ['public site'],
        summary: 'Ask the sales team about Enterprise (a repeat from the same e-mail updates the enquiry)',
        body: salesInquirySchema,
        response: { 201: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req, reply) => {
      const { name, email, company, team_size, message } = req.body;
      const text = team_size ? `Team size: ${team_size}\n\n${message}` : message;
      // A repeat becomes the newest on the database's own clock, as a first enquiry's default is (the process's
      // millisecond clock against the database's microseconds had put a repeat before an enquiry of the same ms).
      const updated = await db
        .update(waitlistEntries)
        .set({ name, company, message: text, createdAt: sql`now()` })
        .where(and(eq(waitlistEntries.kind, 'sales'), sql`lower(${waitlistEntries.email}) = lower(${email})`))
        .returning({ id: waitlistEntries.id });
      if (updated.length === 0) {
        await db
          .insert(waitlistEntries)
          .values({ kind: 'sales', name, email, company, message: text })
          .onConflictDoNothing();
      }
      return reply.status(201).send({ success: true as const });
    },
  );
}
