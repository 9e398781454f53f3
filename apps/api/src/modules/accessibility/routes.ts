// Issue 43: the accessibility statement's "report a problem" form. A report is stored before the answer
// (nothing is lost when mail fails), e-mailed in the background to the server's administrators (verified
// accounts, as Server settings counts them), and listed for them on Server settings.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, desc } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACCESSIBILITY_REPORTS_SHOWN,
  ACCESSIBILITY_TEXTS,
  accessibilityReportSchema,
  accessibilityReportsResponseSchema,
} from '@keyturn/domain/schemas/accessibility';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Mailer } from '../../adapters/mail';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { accessibilityReports } from '../../db/schema';
import { requireUser } from '../../http/authenticate';
import { KEYTURN_SENDER } from '../auth/account-mail';
import { brandedEmail } from '../core/mail/layout';
import { mailDomainOf } from '../core/mail/keys';
import {
  administratorAddresses,
  requireAdministrator,
  type AdministratorRule,
} from '../server-settings/service';

export type AccessibilityDeps = {
  auth: Auth;
  db: Db;
  rule: AdministratorRule;
  mail: { mailer: Mailer; from: string };
  publicUrl: string;
  writeLimitPerMinute: number;
};

type StoredReport = typeof accessibilityReports.$inferSelect;

/** Where Server settings lists the reports (the e-mail's button leads there). */
export const REPORTS_ANCHOR = 'accessibility-reports';

export async function accessibilityRoutes(app: FastifyInstance, opts: AccessibilityDeps) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/accessibility-reports',
    {
      config: { rateLimit: { max: opts.writeLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['public site'],
        summary:
          "Report an accessibility problem to the server's administrators (stored, then e-mailed to them)",
        body: accessibilityReportSchema,
        response: {
          201: z.object({ success: z.literal(true), message: z.string() }),
          400: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const [report] = await db.insert(accessibilityReports).values(req.body).returning();
      if (report) void tellAdministrators(opts, report, req.log);
      return reply
        .status(201)
        .send({ success: true as const, message: ACCESSIBILITY_TEXTS.received(req.body.email) });
    },
  );

  r.get(
    '/api/server-settings/accessibility-reports',
    {
      preValidation: [requireUser(opts.auth), requireAdministrator(db, opts.rule)],
      schema: {
        tags: ['server settings'],
        summary: 'The accessibility reports visitors sent, newest first (administrators only)',
        response: {
          200: accessibilityReportsResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async () => {
      const rows = await db
        .select()
        .from(accessibilityReports)
        .orderBy(desc(accessibilityReports.createdAt), desc(accessibilityReports.id))
        .limit(ACCESSIBILITY_REPORTS_SHOWN);
      const [total] = await db.select({ n: count() }).from(accessibilityReports);
      return {
        success: true as const,
        total: total?.n ?? 0,
        reports: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          page: row.page,
          message: row.message,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );
}

/** The report as the administrators' e-mail: who, where, what; a reply goes to the visitor. */
export function renderReportMail(report: StoredReport, publicUrl: string) {
  const who = report.name ? `${report.name} (${report.email})` : report.email;
  return brandedEmail(
    { agent: KEYTURN_SENDER, publicUrl },
    {
      subject: ACCESSIBILITY_TEXTS.mailSubject,
      heading: ACCESSIBILITY_TEXTS.mailHeading,
      paragraphs: [ACCESSIBILITY_TEXTS.mailParagraph(who), report.message],
      details: [
        ['From', who],
        ['Page', report.page ?? 'Not given'],
        ['Received', `${report.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
      ],
      notes: [],
      action: {
        label: ACCESSIBILITY_TEXTS.sectionTitle,
        url: `${publicUrl}/dashboard/server-settings#${REPORTS_ANCHOR}`,
      },
      footer: ACCESSIBILITY_TEXTS.mailFooter,
    },
  );
}

/** In the background: the visitor's answer never waits on (or fails with) the mail server. */
async function tellAdministrators(opts: AccessibilityDeps, report: StoredReport, log: FastifyBaseLogger) {
  try {
    const mail = renderReportMail(report, opts.publicUrl);
    for (const to of await administratorAddresses(opts.db, opts.rule)) {
      const id = randomUUID();
      await opts.mail.mailer.send({
        from: opts.mail.from,
        to,
        replyTo: report.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<accessibility-report-${report.id}-${id}@${mailDomainOf(opts.mail.from)}>`,
        fileStem: `accessibility-report-${report.id}-${id}`,
      });
    }
  } catch (err) {
    log.warn(
      { err, report: report.id },
      'accessibility report not e-mailed (it is listed on Server settings)',
    );
  }
}
