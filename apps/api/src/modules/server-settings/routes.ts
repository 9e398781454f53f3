// Server settings (issue 30, decision 048): the administrator's page. Every call answers 403 to anyone else;
// no answer carries a secret (only whether it is set).
import { poolOf } from '../../jobs/queue';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  SERVER_SETTINGS_SECTIONS,
  SERVER_SETTINGS_TEXTS,
  serverAdministratorResponseSchema,
  serverSettingsCheckResponseSchema,
  serverSettingsResponseSchema,
  serverSettingsUpdateSchema,
} from '@keyturn/domain/schemas/serverSettings';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { currentUser, requireUser } from '../../http/authenticate';
import { createResolvingMailer } from '../../adapters/mail';
import { count, eq } from 'drizzle-orm';
import { DEMO_EMAIL, DEMO_TEXTS, demoStatusResponseSchema } from '@keyturn/domain/demo';
import { bookings, properties } from '../../db/schema';
import { demoAccount } from '../core/demo-identity';
import { removeDemo } from '../demo/remove';
import type { JobQueue } from '../../jobs/queue';
import type { Outbox } from '../../adapters/outbox';
import type { OutboundPolicy } from '../../http/outbound-url';
import type { BillingConfig } from '../../adapters/billing';
import { setUpPlans } from '../billing/setup';
import type { SecretBox } from '../core/crypto';
import { SMS_INBOUND_PATH } from '../texts/routes';
import { runCheck, smtpProblem } from './checks';
import {
  checkedValues,
  isAdministrator,
  publicView,
  requireAdministrator,
  type AdministratorRule,
} from './service';
import { mailSettingsOf, smtpOf, storeSettings, type SettingsResolver } from '../core/settings-store';
import { socialRedirectUri } from '../auth/social-routes';

/** Where Stripe's events arrive (the billing capability serves it). */
export const STRIPE_WEBHOOK_PATH = '/api/payments/webhook';

export type ServerSettingsDeps = {
  auth: Auth;
  db: Db;
  box: SecretBox;
  resolver: SettingsResolver;
  rule: AdministratorRule;
  publicUrl: string;
  outbox: Outbox;
  /** The outbound guard's policy the checks of the AI provider and the MLS call through. */
  outbound: OutboundPolicy;
  /** Billing in force (the environment winning): saving Stripe's keys sets the plans up in Stripe. */
  billing: () => Promise<BillingConfig>;
  /** The demo's queued messages are cancelled when it is removed. */
  queue: JobQueue;
  /** Told after each save: what this process keeps of the settings (the CSP's tile origin) is read again. */
  onSaved?: () => void;
};

const tags = ['server settings'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

export async function serverSettingsRoutes(app: FastifyInstance, opts: ServerSettingsDeps) {
  const { db, box, resolver, rule, publicUrl } = opts;
  const signedIn = requireUser(opts.auth);

  const view = async (request: FastifyRequest) => {
    const settings = await resolver.all();
    return {
      success: true as const,
      settings: publicView(settings, resolver.smtpUrlFromEnvironment !== null),
      urls: {
        googleRedirect: `${publicUrl}/oauth/google/callback`,
        microsoftRedirect: `${publicUrl}/oauth/microsoft/callback`,
        googleSignInRedirect: socialRedirectUri(publicUrl, 'google'),
        microsoftSignInRedirect: socialRedirectUri(publicUrl, 'microsoft'),
        smsInbound: `${publicUrl}${SMS_INBOUND_PATH}`,
        stripeWebhook: `${publicUrl}${STRIPE_WEBHOOK_PATH}`,
      },
      adminEmail: currentUser(request).email,
    };
  };

  // Whether the caller administers the server (the dashboard shows "Server settings" then): any signed-in
  // user may ask; it says nothing about the settings themselves.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/server-administrator',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Whether the caller is the server's administrator",
        response: { 200: serverAdministratorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      administrator: await isAdministrator(db, currentUser(request), rule),
    }),
  );

  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    // Signed in (401), then the administrator (403): before the body is looked at, whatever it holds.
    r.addHook('preValidation', signedIn);
    r.addHook('preValidation', requireAdministrator(db, rule));

    r.get(
      '/api/server-settings',
      {
        schema: {
          tags,
          summary: "The server's settings: where each comes from, values of the non-secret ones only",
          response: { 200: serverSettingsResponseSchema, ...errors },
        },
      },
      view,
    );

    r.put(
      '/api/server-settings',
      {
        schema: {
          tags,
          summary: 'Saves settings (empty or null removes the stored value); the environment still wins',
          body: serverSettingsUpdateSchema,
          response: { 200: serverSettingsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const values = checkedValues(request.body.values, await resolver.all());
        await storeSettings(db, box, values, currentUser(request).id);
        opts.onSaved?.();
        // Stripe's keys saved: the plans are set up in Stripe at once (issue 39), and the page says how it went.
        const billing = Object.keys(values).some((k) => k.startsWith('STRIPE_'))
          ? await opts.billing()
          : null;
        const billingSetup = billing?.configured ? await setUpPlans(billing) : undefined;
        return { ...(await view(request)), ...(billingSetup ? { billingSetup } : {}) };
      },
    );

    r.post(
      '/api/server-settings/:section/check',
      {
        schema: {
          tags,
          summary: "Calls the section's service with the settings in force and says how it went",
          params: z.object({ section: z.enum(SERVER_SETTINGS_SECTIONS) }),
          response: { 200: serverSettingsCheckResponseSchema, ...errors },
        },
      },
      async (request) => {
        const result = await runCheck(request.params.section, {
          settings: await resolver.all(),
          smtpUrl: resolver.smtpUrlFromEnvironment,
          publicUrl,
          outbound: opts.outbound,
          billing: opts.billing,
          databaseUrl: poolOf(db).options.connectionString,
        });
        return { success: true as const, ...result };
      },
    );

    // The demo account (issue 40, decision 064): whether this server has one, and "Remove the demo".
    const demoStatus = async () => {
      const account = await demoAccount(db);
      if (!account) return { success: true as const, demo: null };
      const [props] = account.agentId
        ? await db.select({ n: count() }).from(properties).where(eq(properties.agentId, account.agentId))
        : [];
      const [books] = account.agentId
        ? await db.select({ n: count() }).from(bookings).where(eq(bookings.agentId, account.agentId))
        : [];
      return {
        success: true as const,
        demo: { email: DEMO_EMAIL, properties: props?.n ?? 0, bookings: books?.n ?? 0 },
      };
    };
    r.get(
      '/api/server-settings/demo',
      {
        schema: {
          tags,
          summary: 'Whether this server has the demo account, and how much data it holds',
          response: { 200: demoStatusResponseSchema, ...errors },
        },
      },
      demoStatus,
    );
    r.delete(
      '/api/server-settings/demo',
      {
        schema: {
          tags,
          summary: 'Removes the demo account and its data (nobody else is touched)',
          response: { 200: demoStatusResponseSchema, ...errors, 404: errorResponseSchema },
        },
      },
      async () => {
        if (!(await removeDemo({ db, queue: opts.queue }))) {
          throw new AppError(404, 'NOT_FOUND', DEMO_TEXTS.absent);
        }
        return demoStatus();
      },
    );

    r.post(
      '/api/server-settings/billing/setup',
      {
        schema: {
          tags,
          summary:
            'Sets up the plans (products, prices, the waiting-list coupon) in the Stripe account in force; idempotent',
          response: { 200: serverSettingsCheckResponseSchema, ...errors },
        },
      },
      async () => ({ success: true as const, ...(await setUpPlans(await opts.billing())) }),
    );

    r.post(
      '/api/server-settings/mail/test',
      {
        schema: {
          tags,
          summary: "Sends a test e-mail to the administrator's address through the SMTP server in force",
          response: { 200: serverSettingsCheckResponseSchema, ...errors },
        },
      },
      async (request) => {
        const to = currentUser(request).email;
        const settings = await resolver.all();
        const smtp = smtpOf(settings, resolver.smtpUrlFromEnvironment);
        if (!smtp) {
          return {
            success: true as const,
            ok: false,
            message: 'No SMTP server is set: enter one above, save, then send a test.',
          };
        }
        const mailer = createResolvingMailer({ settings: mailSettingsOf(resolver), outbox: opts.outbox });
        const id = randomUUID();
        try {
          await mailer.send({
            from: settings.get('MAIL_FROM')?.value ?? 'Keyturn <no-reply@keyturn.app>',
            to,
            subject: SERVER_SETTINGS_TEXTS.testSubject,
            text: SERVER_SETTINGS_TEXTS.testBody,
            html: `<p>${SERVER_SETTINGS_TEXTS.testBody}</p>`,
            messageId: `<server-settings-test-${id}@keyturn>`,
            fileStem: `server-settings-test-${id}`,
          });
          return { success: true as const, ok: true, message: SERVER_SETTINGS_TEXTS.testSent(to) };
        } catch (err) {
          const host = typeof smtp === 'string' ? new URL(smtp).hostname : smtp.host;
          return { success: true as const, ok: false, message: smtpProblem(host, err) };
        } finally {
          mailer.close();
        }
      },
    );
  });
}
