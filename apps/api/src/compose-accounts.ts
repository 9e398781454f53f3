// The accounts' routes, registered by buildApp (app.ts): better-auth's allow-listed endpoints with the account
// mail (verification, e-mail change, password reset — issue 41), sign-in with Google and Microsoft on the
// calendar sync's apps (decision 068), SSO for Enterprise teams (decision 070), leaving (download my data, delete the account), the accessibility
// statement's reports (issue 43), and Server settings —
// what the server's administrators do (decision 048). Like
// compose-listing.ts, a composition file: it wires capabilities, none imports it.
import type { FastifyInstance } from 'fastify';
import type { BillingConfig } from './adapters/billing';
import type { Mailer } from './adapters/mail';
import type { Outbox } from './adapters/outbox';
import type { AccountMail, Auth } from './auth';
import type { Config } from './config';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import { keptAccountLinkLine } from './modules/auth/account-mail';
import { authRoutes } from './modules/auth/routes';
import { socialAuthRoutes } from './modules/auth/social-routes';
import { ssoAuthRoutes } from './modules/auth/sso-routes';
import { leavingRoutes } from './modules/leaving/routes';
import { serverSettingsRoutes } from './modules/server-settings/routes';
import { accessibilityRoutes } from './modules/accessibility/routes';
import { enquiriesRoutes } from './modules/server-settings/enquiries';
import { mailSettingsOf, oauthAppsOf, serverSettingsOf } from './modules/core/settings-store';
import { teamSsoRoutes } from './modules/auth/team-sso-routes';
import { DEMO_AGENT } from './demo/data';

export async function registerAccounts(
  app: FastifyInstance,
  deps: {
    config: Config;
    auth: Auth;
    db: Db;
    now: () => Date;
    queue: JobQueue;
    settings: ReturnType<typeof serverSettingsOf>;
    /** The server's own mailer (the mail settings in force). */
    mailer: Mailer;
    outbox: Outbox;
    billing: () => Promise<BillingConfig>;
    /** Told after each Server settings save (what the process keeps of the settings is read again). */
    onSettingsSaved: () => void;
  },
): Promise<void> {
  const { config, auth, db, now, queue, settings, mailer } = deps;
  const resolver = settings.resolver;
  // Issue 41: better-auth's verification, e-mail change and reset links go out through the same mailer; without
  // a mail server the link is printed in the server's output, where the operator of a new server finds their own.
  const mailSettings = mailSettingsOf(resolver);
  await app.register(authRoutes, {
    auth,
    db,
    publicUrl: config.publicUrl,
    limitPerMinute: config.authLimitPerMinute,
    mail: { mailer, from: config.mail.from },
    mailSends: async () => (await mailSettings()).smtp !== null,
    // Printed like the start-up lines, at the default log level (info) or a more detailed one.
    ...(['info', 'debug', 'trace'].includes(config.logLevel)
      ? {
          onKeptLink: (mail: AccountMail, subject: string) => console.log(keptAccountLinkLine(mail, subject)),
        }
      : {}),
  });
  // Issue 41: sign-in with Google and Microsoft, on the calendar sync's apps (Server settings).
  await app.register(socialAuthRoutes, {
    auth,
    db,
    publicUrl: config.publicUrl,
    limitPerMinute: config.authLimitPerMinute,
    apps: oauthAppsOf(resolver, config.calendar.endpoints),
    outbound: config.outbound,
  });
  // Issue 41 (decision 070): SSO for Enterprise teams — the owner's settings and the sign-in through the team's
  // OpenID Connect provider; the client secrets sealed with Server settings' box.
  const sso = { auth, db, box: settings.box, publicUrl: config.publicUrl, outbound: config.outbound };
  await app.register(teamSsoRoutes, sso);
  await app.register(ssoAuthRoutes, { ...sso, limitPerMinute: config.authLimitPerMinute, now });
  // Issue 41: download my data, delete my account (the buyers of cancelled showings told at once).
  await app.register(leavingRoutes, { auth, db, queue, now, config, resolver, mailer });
  const rule = { adminEmails: config.adminEmails, notAdministrators: [DEMO_AGENT.email] };
  // Issue 43: the accessibility statement's reports reach the administrators (Server settings, and e-mail).
  await app.register(accessibilityRoutes, {
    auth,
    db,
    rule,
    mail: { mailer, from: config.mail.from },
    publicUrl: config.publicUrl,
    writeLimitPerMinute: config.publicWriteLimitPerMinute,
  });
  // The public site's sales enquiries and the waiting list's size, for the administrators (Server settings).
  await app.register(enquiriesRoutes, { auth, db, rule });
  await app.register(serverSettingsRoutes, {
    auth,
    db,
    box: settings.box,
    resolver,
    rule,
    publicUrl: config.publicUrl,
    outbox: deps.outbox,
    outbound: config.outbound,
    billing: deps.billing,
    queue,
    onSaved: deps.onSettingsSaved,
  });
}
