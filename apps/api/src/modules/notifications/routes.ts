// Notifications as the agent sees them — GET /api/agents/messages, the "Sent messages" list with failures,
// and the kept .eml of a message in file mode (the outbox, in the database). The SMS provider's inbound webhook
// is the texts module's (modules/texts/routes.ts, issue 33).
import { INVITATION_KIND } from '../teams/invitation-mail';
import { TOUR_INVITATION_KIND } from '../routes/tour-invitation-mail';
import { TIME_PROPOSAL_KIND } from '../routes/proposal-mail';
import { TIME_PROPOSAL_MESSAGES } from '@keyturn/domain/routes/proposals';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  dismissFailuresResponseSchema,
  retryMessageResponseSchema,
  sentMessageDetailResponseSchema,
  sentMessagesQuerySchema,
  sentMessagesResponseSchema,
  type MessageContent,
  type SentMessage,
} from '@keyturn/domain/schemas/notifications';
import type { Auth } from '../../auth';
import type { Config } from '../../config';
import { databaseOutbox } from '../../adapters/outbox';
import type { Db } from '../../db/client';
import { notificationJobs, notificationMessages } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { NOTIFICATION_EVENTS, type NotificationJobData } from '../core/notifications/catalogue';
import { previewHtml } from '../core/mail/format';
import { jobIdOf, type BookingNotifier } from '../core/notifications/scheduler';
import { requireAgentContext } from '../core/agent-context';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
type MessageRow = typeof notificationMessages.$inferSelect;

export async function notificationRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; config: Config; notify: BookingNotifier },
) {
  const { db, config, notify } = opts;

  /** The kept copy of a message (file mode), or null when none is kept or it was removed. */
  const outbox = databaseOutbox(db, config.dataDir);
  const storedCopy = (row: MessageRow): Promise<Buffer | null> => {
    if (!row.fileName) return Promise.resolve(null);
    return outbox.get(row.fileName, row.channel === 'sms' ? 'sms' : 'email');
  };

  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const agentOf = requireAgentContext(opts.auth, db);
    r.addHook('preValidation', agentOf.hook);
    const tags = ['notifications'];

    r.get(
      '/api/agents/messages',
      {
        schema: {
          tags,
          summary: 'Sent messages: every e-mail and text for your bookings, with failures (newest first)',
          querystring: sentMessagesQuerySchema,
          response: { 200: sentMessagesResponseSchema, ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const { status, booking_id, limit } = req.query;
        if (booking_id !== undefined && !isUuid(booking_id)) {
          return { success: true as const, data: [], failedCount: 0 };
        }
        const [rows, [failed]] = await Promise.all([
          db
            .select()
            .from(notificationMessages)
            .where(
              and(
                eq(notificationMessages.agentId, agent.id),
                status ? eq(notificationMessages.status, status) : undefined,
                booking_id ? eq(notificationMessages.bookingId, booking_id) : undefined,
              ),
            )
            .orderBy(desc(notificationMessages.updatedAt), desc(notificationMessages.createdAt))
            .limit(limit ?? 100),
          db
            .select({ n: count() })
            .from(notificationMessages)
            .where(
              and(
                eq(notificationMessages.agentId, agent.id),
                eq(notificationMessages.status, 'failed'),
                isNull(notificationMessages.dismissedAt),
              ),
            ),
        ]);
        return {
          success: true as const,
          // 'sending' only exists inside the sending transaction; it is never committed.
          data: rows.filter((m) => m.status !== 'sending').map(toSentMessage),
          failedCount: failed?.n ?? 0,
        };
      },
    );

    /** The caller's message by id; another agent's (or no) message answers 404. */
    const ownMessage = async (agentId: string, id: string): Promise<MessageRow> => {
      if (!isUuid(id)) throw notFound('Message not found.');
      const [row] = await db
        .select()
        .from(notificationMessages)
        .where(and(eq(notificationMessages.id, id), eq(notificationMessages.agentId, agentId)));
      if (!row) throw notFound('Message not found.');
      return row;
    };

    r.post(
      '/api/agents/messages/dismiss-failures',
      {
        schema: {
          tags,
          summary: 'Hide the failure notice: the failed messages stay listed, marked as seen',
          response: { 200: dismissFailuresResponseSchema, ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const rows = await db
          .update(notificationMessages)
          .set({ dismissedAt: new Date(), updatedAt: sql`${notificationMessages.updatedAt}` })
          .where(
            and(
              eq(notificationMessages.agentId, agent.id),
              eq(notificationMessages.status, 'failed'),
              isNull(notificationMessages.dismissedAt),
            ),
          )
          .returning({ id: notificationMessages.id });
        return { success: true as const, dismissed: rows.length };
      },
    );

    r.get(
      '/api/agents/messages/:id',
      {
        schema: {
          tags,
          summary: 'One message, with what it said (read from its stored copy in file mode)',
          params: z.object({ id: z.string() }),
          response: { 200: sentMessageDetailResponseSchema, ...errors },
        },
      },
      async (req) => {
        const row = await ownMessage(agentOf(req).id, req.params.id);
        const copy = await storedCopy(row);
        const content = copy === null ? null : await contentOf(row, copy, config.publicUrl);
        return { success: true as const, data: { ...toSentMessage(row), content } };
      },
    );

    r.post(
      '/api/agents/messages/:id/retry',
      {
        schema: {
          tags,
          summary: 'Send again a message that failed for good: it goes back on the queue',
          params: z.object({ id: z.string() }),
          response: { 200: retryMessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const row = await ownMessage(agent.id, req.params.id);
        const updated = await db.transaction(async (tx) => {
          // Locked, so two clicks cannot queue it twice.
          const [current] = await tx
            .select()
            .from(notificationMessages)
            .where(eq(notificationMessages.id, row.id))
            .for('update');
          if (current?.status !== 'failed') {
            throw new AppError(409, 'NOT_FAILED', 'Only a message that failed can be sent again.');
          }
          if (current.kind === INVITATION_KIND) {
            throw new AppError(
              409,
              'NOT_RETRIABLE',
              'Send a team invitation again from Settings → Team (Resend).',
            );
          }
          if (current.kind === TOUR_INVITATION_KIND) {
            throw new AppError(409, 'NOT_RETRIABLE', ROUTE_MESSAGES.tourInviteRetry);
          }
          if (current.kind === TIME_PROPOSAL_KIND) {
            throw new AppError(409, 'NOT_RETRIABLE', TIME_PROPOSAL_MESSAGES.retry);
          }
          if (!current.bookingId) {
            throw new AppError(409, 'BOOKING_GONE', 'The booking of this message no longer exists.');
          }
          const event = eventOf(current.kind);
          const [job] = event
            ? await tx
                .select({ data: notificationJobs.data })
                .from(notificationJobs)
                .where(eq(notificationJobs.id, jobIdOf(current.bookingId, event, current.scheduledFor)))
            : [];
          const data = (job?.data as NotificationJobData | null | undefined) ?? null;
          if (!data) {
            throw new AppError(
              409,
              'NOT_RETRIABLE',
              'This message was queued before it could be sent again.',
            );
          }
          await notify.retry(tx, { agentId: agent.id, bookingId: current.bookingId, data });
          const [next] = await tx
            .update(notificationMessages)
            .set({ status: 'retrying', dismissedAt: null, updatedAt: new Date() })
            .where(eq(notificationMessages.id, current.id))
            .returning();
          return next!;
        });
        return { success: true as const, data: toSentMessage(updated) };
      },
    );

    r.get(
      '/api/agents/messages/:id/raw',
      {
        schema: {
          tags,
          summary: 'The message as kept in the outbox (file mode: .eml for e-mail, .txt for texts)',
          params: z.object({ id: z.string() }),
        },
      },
      async (req, reply) => {
        const row = await ownMessage(agentOf(req).id, req.params.id);
        if (!row.fileName) throw notFound('No copy of this message is kept.');
        const content = await storedCopy(row);
        if (content === null) throw notFound('The file of this message is no longer there.');
        return reply
          .type(row.channel === 'sms' ? 'text/plain; charset=utf-8' : 'message/rfc822')
          .header('content-disposition', `attachment; filename="${path.basename(row.fileName)}"`)
          .send(content);
      },
    );
  });
}

/** `reminder.buyer.email` → `reminder`, when it is one of ours. */
function eventOf(kind: string): NotificationJobData['event'] | null {
  const event = kind.split('.')[0];
  return NOTIFICATION_EVENTS.find((e) => e === event) ?? null;
}

/**
 * What the stored copy says: the parsed .eml for e-mail (its HTML for the preview, previewHtml), the text
 * itself for a text message.
 */
async function contentOf(row: MessageRow, copy: Buffer, publicUrl: string): Promise<MessageContent> {
  if (row.channel === 'sms') {
    return {
      from: null,
      to: row.recipient,
      reply_to: null,
      subject: null,
      text: copy.toString('utf8'),
      html: null,
      attachments: [],
    };
  }
  const mail = await simpleParser(copy, { skipImageLinks: true, skipTextToHtml: true });
  const addresses = (field: typeof mail.to) =>
    field ? (Array.isArray(field) ? field : [field]).map((a) => a.text).join(', ') : null;
  return {
    from: mail.from?.text ?? null,
    to: addresses(mail.to),
    reply_to: mail.replyTo?.text ?? null,
    subject: mail.subject ?? null,
    text: mail.text ?? null,
    html: typeof mail.html === 'string' ? previewHtml(mail.html, publicUrl) : null,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? null,
      content_type: a.contentType,
    })),
  };
}

function toSentMessage(m: MessageRow): SentMessage {
  return {
    id: m.id,
    booking_id: m.bookingId,
    kind: m.kind,
    channel: m.channel,
    audience: m.audience,
    recipient: m.recipient,
    subject: m.subject,
    status: m.status === 'sending' ? 'retrying' : m.status,
    attempts: m.attempts,
    last_error: m.lastError,
    transport: m.transport,
    message_id: m.messageId,
    scheduled_for: m.scheduledFor.toISOString(),
    sent_at: m.sentAt?.toISOString() ?? null,
    updated_at: m.updatedAt.toISOString(),
    file_name: m.fileName,
    dismissed_at: m.dismissedAt?.toISOString() ?? null,
  };
}
