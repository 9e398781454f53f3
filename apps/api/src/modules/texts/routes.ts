// Issue 33, the inbound side over HTTP (decision 055): the SMS provider's inbound webhook (signed, idempotent by
// MessageSid, acting on the reply — inbound.ts), the agent's "Messages from buyers" with reply-by-text, and the
// consent ledger as CSV.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  buyerTextReplyRequestSchema,
  buyerTextResponseSchema,
  buyerTextsResponseSchema,
  inboundTextSchema,
  type BuyerText,
} from '@keyturn/domain/schemas/texts';
import { providerAnswers } from '@keyturn/domain/texts/replies';
import type { Auth } from '../../auth';
import type { Config } from '../../config';
import type { SmsOptions } from '../../adapters/sms';
import type { Db } from '../../db/client';
import { bookings, smsInboundMessages } from '../../db/schema';
import { AppError, fieldErrors, notFound, validationError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { requireAgentContext } from '../core/agent-context';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { consentLedgerCsv } from './consent';
import { receiveText, type InboundDeps } from './inbound';
import { AGENT_REPLY_KIND, queueTextJob } from './outgoing';

/** Where the inbound webhook is served; the provider signs PUBLIC_URL + this path (README). */
export const SMS_INBOUND_PATH = '/api/notifications/sms/inbound';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export async function textRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    db: Db;
    config: Config;
    notify: BookingNotifier;
    queue: JobQueue;
    now: () => Date;
    /**
     * The provider account in force — the same reader the outbound sender uses (core/settings-store.ts's
     * smsSettingsOf: the environment, else Server settings), read at each request, so texts set up on the
     * Server settings page are answered too.
     */
    smsAccount: () => Promise<Pick<SmsOptions, 'accountSid' | 'authToken'>>;
    /** What a buyer's rating by text sets off beyond the texts capability (InboundDeps.onRated). */
    onRated: InboundDeps['onRated'];
  },
) {
  const { db, config, now } = opts;

  await app.register(async (scope) => {
    // The provider posts form-encoded fields (From, To, Body, MessageSid, AccountSid, …).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(
      SMS_INBOUND_PATH,
      {
        schema: {
          tags: ['texts'],
          summary: 'Inbound texts from the SMS provider: replies that confirm, cancel, opt out, rate or ask',
        },
      },
      async (req, reply) => {
        const account = await opts.smsAccount();
        const token = account.authToken;
        if (!token) throw new AppError(404, 'NOT_FOUND', 'Texts are not configured.');
        const raw = req.body;
        const params: Record<string, string> =
          raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, string>) : {};
        const signature = req.headers['x-twilio-signature'];
        const url = `${config.publicUrl}${SMS_INBOUND_PATH}`;
        if (typeof signature !== 'string' || !validSignature(token, url, params, signature)) {
          throw new AppError(403, 'BAD_SIGNATURE', 'The request signature does not match.');
        }
        if (account.accountSid && params.AccountSid && params.AccountSid !== account.accountSid) {
          throw new AppError(403, 'BAD_SIGNATURE', 'Unknown account.');
        }
        const parsed = inboundTextSchema.safeParse(params);
        if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
        const { MessageSid, From, To, Body } = parsed.data;
        const answer = await receiveText(
          {
            db,
            now,
            notify: opts.notify,
            queue: opts.queue,
            defaultCountry: config.sms.defaultCountry,
            onRated: opts.onRated,
          },
          { messageSid: MessageSid, from: From, to: To, body: Body },
        );
        // The provider confirms its own STOP/START keywords; everything else gets our answer.
        const message = answer && !providerAnswers(Body) ? `<Message>${xmlText(answer)}</Message>` : '';
        return reply
          .type('text/xml')
          .send(`<?xml version="1.0" encoding="UTF-8"?><Response>${message}</Response>`);
      },
    );
  });

  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const agentOf = requireAgentContext(opts.auth, db);
    r.addHook('preValidation', agentOf.hook);
    const tags = ['texts'];

    r.get(
      '/api/agents/buyer-texts',
      {
        schema: {
          tags,
          summary:
            'Messages from buyers: text replies that were not a yes, no, opt-out or rating (newest first)',
          response: { 200: buyerTextsResponseSchema, ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const rows = await buyerTextRows(db)
          .where(and(eq(smsInboundMessages.agentId, agent.id), eq(smsInboundMessages.action, 'other')))
          .orderBy(desc(smsInboundMessages.receivedAt))
          .limit(100);
        return { success: true as const, data: rows.map(toBuyerText) };
      },
    );

    r.post(
      '/api/agents/buyer-texts/:sid/reply',
      {
        schema: {
          tags,
          summary: 'Answer a buyer’s text by text (sent once, through the SMS provider)',
          params: z.object({ sid: z.string().max(100) }),
          body: buyerTextReplyRequestSchema,
          response: { 200: buyerTextResponseSchema, ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const saved = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(smsInboundMessages)
            .set({ agentReply: req.body.text, agentRepliedAt: now() })
            .where(
              and(
                eq(smsInboundMessages.messageSid, req.params.sid),
                eq(smsInboundMessages.agentId, agent.id),
                eq(smsInboundMessages.action, 'other'),
                sql`${smsInboundMessages.agentReply} is null`,
              ),
            )
            .returning();
          if (!row) return null;
          await queueTextJob(tx, opts.queue, { kind: AGENT_REPLY_KIND, messageSid: row.messageSid }, now());
          return row;
        });
        if (!saved) {
          const [exists] = await db
            .select({ sid: smsInboundMessages.messageSid })
            .from(smsInboundMessages)
            .where(
              and(
                eq(smsInboundMessages.messageSid, req.params.sid),
                eq(smsInboundMessages.agentId, agent.id),
              ),
            );
          if (!exists) throw notFound('Message not found.');
          throw new AppError(409, 'ALREADY_ANSWERED', 'This message was already answered.');
        }
        const [row] = await buyerTextRows(db).where(eq(smsInboundMessages.messageSid, saved.messageSid));
        return { success: true as const, data: toBuyerText(row!) };
      },
    );

    r.get(
      '/api/agents/text-consents.csv',
      {
        schema: {
          tags,
          summary:
            'The consent ledger as CSV: consents given on the booking form, opt-outs and opt-ins by text',
        },
      },
      async (req, reply) => {
        const agent = agentOf(req);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="text-consents.csv"')
          .send(await consentLedgerCsv(db, agent.id));
      },
    );
  });
}

/** Inbound messages with the buyer's name and the showing's start, for "Messages from buyers". */
function buyerTextRows(db: Db) {
  return db
    .select({ message: smsInboundMessages, clientName: bookings.clientName, startsAt: bookings.startsAt })
    .from(smsInboundMessages)
    .leftJoin(bookings, eq(bookings.id, smsInboundMessages.bookingId));
}

function toBuyerText(row: {
  message: typeof smsInboundMessages.$inferSelect;
  clientName: string | null;
  startsAt: Date | null;
}): BuyerText {
  const m = row.message;
  return {
    id: m.messageSid,
    from: m.fromPhone,
    body: m.body,
    received_at: m.receivedAt.toISOString(),
    booking_id: m.bookingId,
    client_name: row.clientName,
    starts_at: row.startsAt?.toISOString() ?? null,
    reply: m.agentReply,
    replied_at: m.agentRepliedAt?.toISOString() ?? null,
  };
}

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed by the auth token, of the full URL followed by every
 * POST parameter name and value, sorted by name.
 */
export function twilioSignature(token: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', token).update(data).digest('base64');
}

function validSignature(token: string, url: string, params: Record<string, string>, given: string): boolean {
  const expected = Buffer.from(twilioSignature(token, url, params));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
