// Server settings' reader of what visitors sent from the public site (administrators only): the "Talk to Sales"
// enquiries, newest first, and how many joined the waiting list. Both were stored and read by nobody before.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, desc, eq } from 'drizzle-orm';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { SALES_ENQUIRIES_SHOWN, salesEnquiriesResponseSchema } from '@keyturn/domain/schemas/salesEnquiries';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { waitlistEntries } from '../../db/schema';
import { requireUser } from '../../http/authenticate';
import { requireAdministrator, type AdministratorRule } from './service';

export async function enquiriesRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; rule: AdministratorRule },
) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/server-settings/sales-enquiries',
    {
      preValidation: [requireUser(opts.auth), requireAdministrator(db, opts.rule)],
      schema: {
        tags: ['server settings'],
        summary:
          "The public site's sales enquiries, newest first, and the waiting list's size (administrators only)",
        response: { 200: salesEnquiriesResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => {
      const sales = eq(waitlistEntries.kind, 'sales');
      const [rows, [total], [waiting]] = await Promise.all([
        db
          .select()
          .from(waitlistEntries)
          .where(sales)
          .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id))
          .limit(SALES_ENQUIRIES_SHOWN),
        db.select({ n: count() }).from(waitlistEntries).where(sales),
        db.select({ n: count() }).from(waitlistEntries).where(eq(waitlistEntries.kind, 'waitlist')),
      ]);
      return {
        success: true as const,
        total: total?.n ?? 0,
        waiting_list: waiting?.n ?? 0,
        enquiries: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          company: row.company,
          message: row.message,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );
}
