// Spec §7 "Integrations" (issue 14): the agent's calendars, the OAuth connect/exchange of each provider, sync
// settings, Sync now, Disconnect; ICS subscriptions and the agent's private ICS feed. Every query is scoped
// to the caller's agent (another agent's integration → 404). Tokens never leave the server.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  CALENDAR_TEXTS,
  connectResponseSchema,
  icsFeedResponseSchema,
  icsSubscribeSchema,
  integrationResponseSchema,
  integrationsResponseSchema,
  oauthExchangeSchema,
  OAUTH_PROVIDERS,
  syncSettingsBodySchema,
  syncSettingsResponseSchema,
  type OAuthProvider,
} from '@keyturn/domain/schemas/integrations';
import type { Auth } from '../../auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { bookings, calendarIntegrations, calendarOauthStates, calendarSyncSettings } from '../../db/schema';
import { AppError, notFound, validationError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { JobQueue } from '../../jobs/queue';
import { queueSync, queueUpcomingPushes } from './jobs';
import { sha256 } from '../core/crypto';
import { icsHttpUrl, showingsFeed } from './ics';
import { assertOutboundUrl } from '../../http/outbound-url';
import {
  authorizationUrl,
  exchangeCode,
  GrantRevokedError,
  newPkce,
  ProviderUnavailableError,
  revokeToken,
} from '../../adapters/oauth';
import { calendarApiFor } from './providers';
import { oauthAppOf, saveCalendars, showingEventOf, type CalendarDeps } from './sync';
import { requireAgentContext } from '../core/agent-context';
import { readSyncSettings, serializeIntegrations, writeSyncSettings } from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};
const tags = ['integrations'];
const STATE_TTL_MS = 10 * 60_000;
const providerParams = z.object({ provider: z.enum(OAUTH_PROVIDERS) });
const idParams = z.object({ id: z.string().max(64) });

export const redirectUriOf = (publicUrl: string, provider: OAuthProvider) =>
  `${publicUrl}/oauth/${provider}/callback`;

export async function integrationRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; config: Config; deps: CalendarDeps; jobs: JobQueue },
) {
  const { db, config, deps, jobs } = opts;
  const { box } = deps;

  const configured = async (provider: OAuthProvider) => {
    const oauthApp = await oauthAppOf(deps, provider);
    if (!oauthApp) {
      throw new AppError(409, 'PROVIDER_NOT_CONFIGURED', CALENDAR_TEXTS.notConfigured);
    }
    return oauthApp;
  };

  const ownIntegration = async (agentId: string, id: string) => {
    if (!isUuid(id)) throw notFound('Integration not found');
    const [row] = await db
      .select()
      .from(calendarIntegrations)
      .where(and(eq(calendarIntegrations.id, id), eq(calendarIntegrations.agentId, agentId)));
    if (!row) throw notFound('Integration not found');
    return row;
  };

  const one = async (agentId: string, id: string) => {
    const list = await serializeIntegrations(db, agentId);
    const found = list.find((i) => i.id === id);
    if (!found) throw notFound('Integration not found');
    return found;
  };

  const feedUrl = (token: string) => `${config.publicUrl}/api/calendar/feed/${token}.ics`;

  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const agentOf = requireAgentContext(opts.auth, db);
    r.addHook('preValidation', agentOf.hook);

    r.get(
      '/api/integrations/calendar',
      {
        schema: {
          tags,
          summary:
            'Your connected calendars: provider, account, status, last sync, calendars and their roles',
          response: { 200: integrationsResponseSchema, ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const data = await serializeIntegrations(db, agent.id);
        const availability = async (p: OAuthProvider) => ({
          configured: (await oauthAppOf(deps, p)) !== null,
        });
        return {
          success: true as const,
          data,
          providers: { google: await availability('google'), microsoft: await availability('microsoft') },
          redirect_uris: {
            google: redirectUriOf(config.publicUrl, 'google'),
            microsoft: redirectUriOf(config.publicUrl, 'microsoft'),
          },
          needs_reconnect_count: data.filter((i) => i.status === 'needs_reconnect').length,
        };
      },
    );

    r.get(
      '/api/integrations/:provider/connect',
      {
        schema: {
          tags,
          summary:
            'Start connecting a calendar: the provider’s consent URL (authorization code + PKCE, state valid 10 minutes)',
          params: providerParams,
          response: { 200: connectResponseSchema, ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const { provider } = req.params;
        const oauthApp = await configured(provider);
        const { verifier, state } = newPkce();
        const now = deps.now();
        await db.delete(calendarOauthStates).where(sql`${calendarOauthStates.expiresAt} < ${now}`);
        await db.insert(calendarOauthStates).values({
          stateHash: sha256(state),
          agentId: agent.id,
          provider,
          codeVerifierEnc: box.seal(verifier),
          expiresAt: new Date(now.getTime() + STATE_TTL_MS),
        });
        const url = await authorizationUrl(provider, oauthApp, {
          redirectUri: redirectUriOf(config.publicUrl, provider),
          state,
          verifier,
        });
        return { success: true as const, url };
      },
    );

    r.post(
      '/api/integrations/:provider/exchange',
      {
        schema: {
          tags,
          summary:
            'Finish connecting: exchange the callback’s code (with its state) for tokens, kept encrypted',
          params: providerParams,
          body: oauthExchangeSchema,
          response: { 200: integrationResponseSchema, ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const { provider } = req.params;
        const oauthApp = await configured(provider);
        const { code, redirectUri, state } = req.body;
        const expected = redirectUriOf(config.publicUrl, provider);
        if (redirectUri !== expected) {
          throw validationError({ redirectUri: `redirectUri must be ${expected}` });
        }
        const now = deps.now();
        // Single use, this agent's, this provider's, not expired — claimed atomically.
        const [claimed] = await db
          .update(calendarOauthStates)
          .set({ usedAt: now })
          .where(
            and(
              eq(calendarOauthStates.stateHash, sha256(state)),
              eq(calendarOauthStates.agentId, agent.id),
              eq(calendarOauthStates.provider, provider),
              isNull(calendarOauthStates.usedAt),
              gt(calendarOauthStates.expiresAt, now),
            ),
          )
          .returning();
        if (!claimed) {
          throw new AppError(
            400,
            'OAUTH_STATE_INVALID',
            'This sign-in link has expired or was already used. Start connecting again from Settings.',
          );
        }
        let tokens;
        try {
          tokens = await exchangeCode(oauthApp, {
            code,
            redirectUri,
            verifier: box.open(claimed.codeVerifierEnc),
          });
        } catch (err) {
          throw providerError(err);
        }
        const api = calendarApiFor(provider, oauthApp.apiUrl, {
          current: () => Promise.resolve(tokens.accessToken),
          refreshed: () => Promise.resolve(tokens.accessToken),
        });
        let email: string | null;
        let remote;
        try {
          remote = await api.calendars();
          email =
            provider === 'google'
              ? (remote.find((c) => c.primary)?.externalId ?? null)
              : await api.accountEmail();
        } catch (err) {
          throw providerError(err);
        }
        const values = {
          accountEmail: email,
          status: 'syncing' as const,
          accessTokenEnc: box.seal(tokens.accessToken),
          refreshTokenEnc: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
          accessTokenExpiresAt: tokens.expiresAt,
          lastError: null,
          failures: 0,
          nextSyncAt: null,
          reconnectNotifiedAt: null,
        };
        // Connecting the same account again (e.g. after "needs reconnecting") resumes that integration.
        const [existing] = await db
          .select()
          .from(calendarIntegrations)
          .where(
            and(
              eq(calendarIntegrations.agentId, agent.id),
              eq(calendarIntegrations.provider, provider),
              email
                ? eq(calendarIntegrations.accountEmail, email)
                : isNull(calendarIntegrations.accountEmail),
            ),
          );
        const [row] = existing
          ? await db
              .update(calendarIntegrations)
              .set({ ...values, refreshTokenEnc: values.refreshTokenEnc ?? existing.refreshTokenEnc })
              .where(eq(calendarIntegrations.id, existing.id))
              .returning()
          : await db
              .insert(calendarIntegrations)
              .values({ agentId: agent.id, provider, ...values })
              .returning();
        if (!row) throw new Error('The integration was not saved');
        await saveCalendars(db, row, remote);
        await queueSync(db, jobs, row.id, now);
        await queueUpcomingPushes(db, jobs, agent.id, now);
        return { success: true as const, data: await one(agent.id, row.id) };
      },
    );

    r.get(
      '/api/integrations/sync-settings',
      {
        schema: {
          tags,
          summary: 'Which calendars block availability, which one receives new showings, push on/off',
          response: { 200: syncSettingsResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, syncSettings: await readSyncSettings(db, agentOf(req).id) }),
    );

    r.put(
      '/api/integrations/sync-settings',
      {
        schema: {
          tags,
          summary: 'Save the calendar sync settings (sent under syncSettings)',
          body: syncSettingsBodySchema,
          response: { 200: syncSettingsResponseSchema, ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const changed = await writeSyncSettings(db, agent.id, req.body.syncSettings);
        for (const id of changed) await queueSync(db, jobs, id, deps.now());
        return { success: true as const, syncSettings: await readSyncSettings(db, agent.id) };
      },
    );

    r.delete(
      '/api/integrations/:id/disconnect',
      {
        schema: {
          tags,
          summary: 'Disconnect: revoke the grant where the provider can, delete its tokens and busy times',
          params: idParams,
          response: { 200: z.object({ success: z.literal(true), revoked: z.boolean() }), ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const row = await ownIntegration(agent.id, req.params.id);
        let revoked = false;
        if (row.provider !== 'ics') {
          const oauthApp = await oauthAppOf(deps, row.provider);
          const token = row.refreshTokenEnc ?? row.accessTokenEnc;
          if (oauthApp && token) revoked = await revokeToken(oauthApp, box.open(token));
        }
        // Cascades: calendars, busy times and booking↔event mappings go with it.
        await db.delete(calendarIntegrations).where(eq(calendarIntegrations.id, row.id));
        return { success: true as const, revoked };
      },
    );

    r.post(
      '/api/integrations/:id/sync',
      {
        schema: {
          tags,
          summary: 'Sync now: pull this calendar’s busy times at once (a job on the queue)',
          params: idParams,
          response: { 200: integrationResponseSchema, ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const row = await ownIntegration(agent.id, req.params.id);
        if (row.status === 'needs_reconnect') {
          throw new AppError(409, 'NEEDS_RECONNECT', 'Connect this calendar again before syncing it.');
        }
        await queueSync(db, jobs, row.id, deps.now());
        return { success: true as const, data: await one(agent.id, row.id) };
      },
    );

    r.post(
      '/api/integrations/ics',
      {
        schema: {
          tags,
          summary: 'Subscribe to a calendar by its ICS address: its events block availability',
          body: icsSubscribeSchema,
          response: { 200: integrationResponseSchema, ...errors },
        },
      },
      async (req) => {
        const agent = agentOf(req);
        const url = req.body.url;
        await assertOutboundUrl(icsHttpUrl(url), deps.outbound);
        const [row] = await db
          .insert(calendarIntegrations)
          .values({
            agentId: agent.id,
            provider: 'ics',
            label: new URL(url.replace(/^webcal:/i, 'https:')).host,
            status: 'syncing',
            icsUrlEnc: box.seal(url),
          })
          .returning();
        if (!row) throw new Error('The subscription was not saved');
        await queueSync(db, jobs, row.id, deps.now());
        return { success: true as const, data: await one(agent.id, row.id) };
      },
    );

    const feedToken = async (agentId: string, regenerate: boolean) => {
      const [existing] = await db
        .select()
        .from(calendarSyncSettings)
        .where(eq(calendarSyncSettings.agentId, agentId));
      if (existing?.feedTokenEnc && !regenerate) return box.open(existing.feedTokenEnc);
      const token = randomBytes(24).toString('base64url');
      const set = { feedTokenHash: sha256(token), feedTokenEnc: box.seal(token) };
      await db
        .insert(calendarSyncSettings)
        .values({ agentId, ...set })
        .onConflictDoUpdate({ target: calendarSyncSettings.agentId, set });
      return token;
    };

    r.get(
      '/api/integrations/feed',
      {
        schema: {
          tags,
          summary: 'Your private ICS feed of upcoming showings (subscribe to it in any calendar app)',
          response: { 200: icsFeedResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, url: feedUrl(await feedToken(agentOf(req).id, false)) }),
    );

    r.post(
      '/api/integrations/feed/regenerate',
      {
        schema: {
          tags,
          summary: 'A new secret for the ICS feed: the old address stops working',
          response: { 200: icsFeedResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, url: feedUrl(await feedToken(agentOf(req).id, true)) }),
    );
  });

  // The feed itself: public, the secret in the path is the only key.
  app.get(
    '/api/calendar/feed/:file',
    { schema: { tags, summary: 'An agent’s private ICS feed', hide: true } },
    async (req, reply) => {
      const file = String((req.params as { file?: string }).file ?? '');
      const token = file.replace(/\.ics$/, '');
      if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw notFound('Feed not found');
      const [settings] = await db
        .select()
        .from(calendarSyncSettings)
        .where(eq(calendarSyncSettings.feedTokenHash, sha256(token)));
      if (!settings) throw notFound('Feed not found');
      const now = deps.now();
      const upcoming = await db
        .select({ id: bookings.id, status: bookings.status })
        .from(bookings)
        .where(
          and(
            eq(bookings.agentId, settings.agentId),
            inArray(bookings.status, ['pending', 'confirmed']),
            gt(bookings.endsAt, new Date(now.getTime() - 86_400_000)),
          ),
        )
        .orderBy(bookings.startsAt)
        .limit(1000);
      const showings = [];
      for (const b of upcoming) {
        const s = await showingEventOf(db, config.publicUrl, b.id);
        if (!s) continue;
        showings.push({
          id: b.id,
          start: s.event.start,
          end: s.event.end,
          title: b.status === 'pending' ? `${s.event.title} (pending)` : s.event.title,
          location: s.event.location,
          description: s.event.description,
          url: s.manageUrl,
          status: b.status as 'pending' | 'confirmed',
        });
      }
      reply.header('content-type', 'text/calendar; charset=utf-8');
      reply.header('cache-control', 'private, max-age=300');
      return showingsFeed({ name: 'Keyturn showings', showings });
    },
  );
}

function providerError(err: unknown): AppError {
  if (err instanceof GrantRevokedError) {
    return new AppError(
      400,
      'OAUTH_CODE_REJECTED',
      'The provider refused the sign-in (the code was already used or has expired). Try connecting again.',
    );
  }
  if (err instanceof ProviderUnavailableError) {
    return new AppError(
      502,
      'PROVIDER_UNAVAILABLE',
      `The calendar provider could not be reached (${err.message}). Try again in a minute.`,
    );
  }
  return new AppError(400, 'PROVIDER_REFUSED', (err as Error).message);
}
