// Issue 45: the listing agent's own texts of new thread messages. Their consent belongs to them and is for their
// own number (Profile's phone): given or withdrawn in Settings → Notifications and recorded in the consent ledger
// like a buyer's agent's (wording version, IP, browser, the page), a booking-less row of the agent. The current
// answer is the newest such row for the number they have now; a STOP by text stops every send to it (smsOptOuts).
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SMS_CONSENT_VERSION } from '@keyturn/domain/texts/consent';
import { planFor } from '@keyturn/domain/plans';
import {
  AGENT_OWN_TEXTS,
  agentOwnTextsRequestSchema,
  agentOwnTextsResponseSchema,
  ownTextsNotSent,
  type AgentOwnTexts,
} from '@keyturn/domain/listing/threads';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { smsConsentLedger } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { requireAgentContext } from '../core/agent-context';
import type { AgentRow } from '../core/agents';
import { toE164 } from '../core/mail/phone';
import { notificationSettingsOf } from '../core/notifications/settings';
import { consentEvidenceOf } from '../texts/consent';

/** The ledger's page for this consent: what tells it from a booking form's tick. */
export const OWN_TEXTS_PAGE = 'Settings → Notifications: texts of new showing messages';

/**
 * Why a text of a new message would not go out now (null: it would) — the sender's own gates, in the order of who
 * can change them: the server's texts (its administrator), the plan, the agent's "SMS reminders".
 */
async function notSentBecause(
  db: Db,
  agent: Pick<AgentRow, 'id' | 'plan'>,
  textsReady: () => Promise<boolean>,
): Promise<AgentOwnTexts['not_sent']> {
  if (!(await textsReady())) return 'server';
  if (!planFor(agent.plan).features.sms) return 'plan';
  return (await notificationSettingsOf(db, agent.id)).notifications.sms_reminders ? null : 'setting';
}

/** The agent's own number and whether they agreed to texts of new messages at it. */
export async function agentOwnTexts(
  db: Db,
  agent: Pick<AgentRow, 'id' | 'phone' | 'plan'>,
  country: string,
  textsReady?: () => Promise<boolean>,
): Promise<AgentOwnTexts> {
  const phone = agent.phone ? toE164(agent.phone, country) : null;
  const not_sent = textsReady ? await notSentBecause(db, agent, textsReady) : null;
  if (!phone) return { phone: null, consented: false, consented_at: null, not_sent };
  const [last] = await db
    .select({ event: smsConsentLedger.event, at: smsConsentLedger.createdAt })
    .from(smsConsentLedger)
    .where(
      and(
        eq(smsConsentLedger.agentId, agent.id),
        eq(smsConsentLedger.phone, phone),
        isNull(smsConsentLedger.bookingId),
        eq(smsConsentLedger.page, OWN_TEXTS_PAGE),
      ),
    )
    .orderBy(desc(smsConsentLedger.createdAt), desc(smsConsentLedger.id))
    .limit(1);
  const consented = last?.event === 'consent';
  return { phone, consented, consented_at: consented ? last!.at.toISOString() : null, not_sent };
}

export async function ownTextsRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    db: Db;
    now: () => Date;
    smsDefaultCountry: string;
    /** Whether this server's texts are set up (Server settings), as the booking form's offer asks. */
    textsReady: () => Promise<boolean>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, opts.db);
  r.addHook('preValidation', agentOf.hook);
  const schema = {
    tags: ['notifications'],
    response: {
      200: agentOwnTextsResponseSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      409: errorResponseSchema,
    },
  };
  r.get(
    '/api/notifications/own-texts',
    { schema: { ...schema, summary: "Whether new showing messages are texted to the agent's own number" } },
    async (req) => {
      const agent = agentOf(req);
      return {
        success: true as const,
        data: await agentOwnTexts(opts.db, agent, opts.smsDefaultCountry, opts.textsReady),
      };
    },
  );
  r.put(
    '/api/notifications/own-texts',
    {
      schema: {
        ...schema,
        summary:
          "The agent's own consent (or its withdrawal) to texts of new showing messages at their number",
        body: agentOwnTextsRequestSchema,
      },
    },
    async (req) => {
      const agent = agentOf(req);
      const current = await agentOwnTexts(opts.db, agent, opts.smsDefaultCountry, opts.textsReady);
      if (!current.phone) {
        if (!req.body.consent) return { success: true as const, data: current };
        throw new AppError(400, 'VALIDATION_ERROR', AGENT_OWN_TEXTS.noPhone, {
          consent: AGENT_OWN_TEXTS.noPhone,
        });
      }
      // A consent is asked only for texts that would go out (as the booking form's box); withdrawing always works.
      if (req.body.consent && !current.consented && current.not_sent) {
        const message = ownTextsNotSent(current.not_sent);
        throw new AppError(409, 'TEXTS_NOT_SENT', message, { consent: message });
      }
      if (current.consented !== req.body.consent) {
        const evidence = consentEvidenceOf(req);
        await writeTransaction(opts.db, async (tx) => {
          await tx.insert(smsConsentLedger).values({
            phone: current.phone,
            agentId: agent.id,
            bookingId: null,
            // Switching it off here is the agent's own withdrawal, not a STOP: the number stays open to other sends.
            event: req.body.consent ? 'consent' : 'opt_out',
            wordingVersion: req.body.consent ? SMS_CONSENT_VERSION : null,
            ip: evidence.ip,
            userAgent: evidence.userAgent?.slice(0, 500) ?? null,
            page: OWN_TEXTS_PAGE,
            createdAt: opts.now(),
          });
        });
      }
      return {
        success: true as const,
        data: await agentOwnTexts(opts.db, agent, opts.smsDefaultCountry, opts.textsReady),
      };
    },
  );
}
