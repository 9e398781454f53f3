// buildApp(deps) → the Fastify instance: API under /api, OpenAPI at /api/docs, the built SPA for every other path.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAppPath } from '@keyturn/domain/appPaths';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createResolvingMailer } from './adapters/mail';
import { databaseOutbox } from './adapters/outbox';
import type { Auth } from './auth';
import type { Config, TrustProxy } from './config';
import type { Db, DbTransaction } from './db/client';
import { AppError, registerErrorHandling, type ErrorBody } from './http/errors';
import { registerDatabaseGate } from './http/database-gate';
import { registerInputBoundary } from './http/input-boundary';
import { securityHeaders } from './http/security-headers';
import { pageLocale, withPageLocale } from './http/page-locale';
import { sendPage } from './http/page-encoding';
import {
  composeKeptPagesOnListen,
  firstScreenHtml,
  isKeptPage,
  rendererFileOf,
  rendererLoader,
  type FirstScreenRenderer,
} from './http/first-screen';
import { pgRateLimitStore, RateLimitCounters } from './http/rate-limit';
import { serializeRequest } from './http/log-redaction';
import { DatabaseStatus } from './db/supervisor';
import type { WorkersState } from './jobs/workers';
import { agentRoutes } from './modules/agents/routes';
import { healthRoutes } from './modules/health/routes';
import { registerMetrics } from './http/metrics';
import { paymentRoutes } from './modules/payments/routes';
import { billingRoutes } from './modules/billing/routes';
import { publicBookingRoutes } from './modules/booking-public/routes';
import { textsReadyOf } from './modules/booking-public/texts-offer';
import { mcpRoutes } from './modules/mcp/routes';
import { suggestOnBookingPage } from './modules/assistant/preferences';
import { agentWorkspaceRoutes } from './modules/agents/workspace-routes';
import { availabilityRoutes } from './modules/availability/routes';
import { bookingLinkRoutes } from './modules/booking-links/routes';
import { bookingRoutes } from './modules/bookings/routes';
import { propertyRoutes } from './modules/properties/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { imageBackendFor } from './modules/uploads/backend';
import { importImageFolder } from './modules/uploads/storage';
import { waitlistRoutes } from './modules/waitlist/routes';
import { launchRoutes } from './modules/launch/routes';
import { launchedOf } from './modules/launch/service';
import { feedbackRoutes } from './modules/feedback/routes';
import { leadRoutes } from './modules/leads/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { textRoutes } from './modules/texts/routes';
import { routeRoutes } from './modules/routes/routes';
import { publicTourRoutes } from './modules/booking-public/tour-routes';
import { publicProposalRoutes } from './modules/booking-public/proposal-routes';
import { locateProperty } from './modules/routes/places';
import { reportRoutes } from './modules/reports/routes';
import { figureRoutes } from './modules/figures/routes';
import { crmRoutes } from './modules/crm/routes';
import { assistantAgentRoutes, assistantPublicRoutes } from './modules/assistant/routes';
import { resolvingAssistantProvider } from './modules/assistant/openai-provider';
import { teamRoutes } from './modules/teams/routes';
import { teamLinkRoutes, teamOfLink } from './modules/teams/links';
import { teamPublicRoutes } from './modules/teams/public-routes';
import { DateAnswers } from './modules/booking-public/date-answers';
import type { DateAnswer } from './modules/booking-public/context';
import { jobOptionsOf, openJobQueue, poolOf, type JobQueue } from './jobs/queue';
import { noticeIfWanted } from './modules/sellers/notices';
import { registerListingImport, registerListingSide } from './compose-listing';
import { registerAccounts } from './compose-accounts';
import { calendarDepsOf } from './modules/integrations/setup';
import { integrationRoutes } from './modules/integrations/routes';
import { feedbackReceived } from './modules/crm/booking-events';
import { composeNotifier, registerBookingMechanics } from './compose-booking-side';
import { registerAuditContext } from './modules/audit/context-hook';
import { registerPhase4Capabilities } from './compose-phase4';
import { webhookEmitter } from './modules/crm/emit';
import {
  aiConfigOf,
  billingOf,
  mailSettingsOf,
  mapsConfigOf,
  oauthAppsOf,
  resoSettingsOf,
  serverSettingsOf,
  smsSettingsOf,
} from './modules/core/settings-store';

/** Every route the app registered (method, URL, body schema): the fuzz test walks it instead of a hand list. */
export type RouteEntry = { method: string; url: string; body: unknown };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export type AppDeps = {
  config: Config;
  db: Db;
  auth: Auth;
  logger?: boolean | object;
  /** The clock the booking rules read; tests pass their own. */
  now?: () => Date;
  /** Where booking changes schedule their messages; opened on `db` when not given. */
  jobs?: JobQueue;
  /** The supervisor's view of the database (db/supervisor.ts); always "up" when not given (tests). */
  dbStatus?: DatabaseStatus;
  /** What /api/health reports about the notification workers of this process. */
  workers?: () => WorkersState;
  /**
   * The booking page's server renderer (decision 034); when not given, the web build's
   * dist-server/entry-server.js next to WEB_DIST, if there is one. Tests pass their own.
   */
  firstScreen?: FirstScreenRenderer | null;
};

/**
 * One log line per request instead of Fastify's two (issue 18: writing them was ~8 % of the API's busy time
 * under the public reads): the completed line carries what the incoming one said — method and URL, secrets
 * redacted by serializeRequest — next to the status and time taken. Error lines are Fastify's own.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/** How long the CSP's tile origin is used before Server settings is read again (other servers' saves). */
const TILE_ORIGIN_CACHE_MS = 5_000;
/** The embed loader's file in the web build (vite.embed.config.ts), or its .gz/.br copy, and its caching (decision 057). */
const EMBED_LOADER_FILE = /^embed\.js(\.gz|\.br)?$/;
const EMBED_LOADER_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

export async function buildApp({
  config,
  db,
  auth,
  logger,
  now = () => new Date(),
  jobs,
  dbStatus = new DatabaseStatus(),
  workers = () => (config.jobs.workersInProcess ? 'starting' : 'external'),
  firstScreen,
}: AppDeps): Promise<FastifyInstance> {
  const queue = jobs ?? (await openJobQueue(db, jobOptionsOf(config)));
  const webhooks = webhookEmitter(queue, now);
  const notify = composeNotifier(queue, webhooks, now);
  const app = Fastify({
    // Request lines are logged with their URL's secrets redacted (feed secret, manage token, OAuth code).
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof logger === 'object' ? logger : {}),
            serializers: { req: serializeRequest },
          },
    logController: new OneLinePerRequest(),
    // Off by default: the socket's address is the client, and a forged X-Forwarded-For changes nothing.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A path that cannot be decoded (a broken percent-escape) is refused in the one error shape too.
    frameworkErrors: (_error, _request, reply) => {
      const message = 'This address is not valid.';
      const body: ErrorBody = { error: message, code: 'BAD_URL', fields: { url: message } };
      void (reply as FastifyReply).status(400).send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, body: route.schema?.body });
    }
  });
  app.decorateRequest('user', null);
  app.decorateRequest('agent', null);
  registerErrorHandling(app);
  registerDatabaseGate(app, dbStatus);
  registerInputBoundary(app);
  registerAuditContext(app); // Issue 46: who acts in each request, for the audit log (decision 092).
  registerMetrics(app, { db, pool: poolOf(db), token: config.metricsToken });

  // Server settings (decision 048): the adapters read what the administrator saved at each use.
  const settings = serverSettingsOf(config, db);
  // The maps configuration in force (Server settings' overrides of config.maps), resolved once per request.
  const mapsOf = mapsConfigOf(settings.resolver, config.maps, config.publicUrl);
  // Helmet's headers; the CSP's img-src admits the tile server in force, read at most every few seconds.
  const headers = securityHeaders({
    tagManagerOrigin: config.tagManagerOrigin,
    publicUrl: config.publicUrl,
    tileUrl: async () => (await mapsOf()).tileUrl,
    fallbackTileUrl: config.maps.tileUrl,
    cacheMs: TILE_ORIGIN_CACHE_MS,
  });
  app.addHook('onRequest', headers.hook);
  // API answers are personal or live (a buyer's contact details on the manage call, an agent's bookings):
  // no browser or proxy keeps a copy, unless a route set its own caching.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  // Only `npm run dev` needs this: Vite serves the pages on :5173 and the app calls the API on :5001 (spec §7).
  await app.register(cors, {
    origin: config.trustedOrigins,
    credentials: true,
    exposedHeaders: ['set-auth-token'],
  });
  // Counters in PostgreSQL (rate_limits), shared by every server on the database; a failing store lets the
  // request through rather than failing it (the database being down is answered elsewhere).
  // Far below a limit, hits are counted in memory and written in batches (decision 019).
  const counters = new RateLimitCounters(db);
  app.addHook('onClose', async () => counters.close());
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(counters), skipOnError: true });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Keyturn API',
        version: '0.1.0',
        description: 'Showing scheduler for real-estate agents',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const outbox = databaseOutbox(db);
  const mailSettings = mailSettingsOf(settings.resolver);
  const accountMailer = createResolvingMailer({ settings: mailSettings, outbox });
  app.addHook('onClose', async () => accountMailer.close());
  await app.register(healthRoutes, { db, dbStatus, workers, mailSettings });
  await app.register(agentRoutes, { auth, db });
  const billing = billingOf(settings.resolver, config);
  await app.register(paymentRoutes, { auth, db, billing });
  // Issue 30: Checkout, the Customer Portal and Stripe's webhook (decision 047).
  await app.register(billingRoutes, { auth, db, config, now, billing });
  await app.register(agentWorkspaceRoutes, { auth, db, publicUrl: config.publicUrl, now, notify });
  await app.register(propertyRoutes, {
    auth,
    db,
    locate: async (agent, id) =>
      locateProperty({ db, maps: await mapsOf(), outbound: config.outbound }, agent, id),
  });
  await app.register(bookingRoutes, { auth, db, now, notify });
  // Issue 32: the listing side — showing rules, sellers and their approvals, access, the seller report.
  await registerListingSide(app, { config, auth, db, now, notify, queue });
  await app.register(availabilityRoutes, { auth, db, now });
  await app.register(bookingLinkRoutes, { auth, db, publicUrl: config.publicUrl });
  // Images live in the database (every server serves every image); files an older version wrote to
  // DATA_DIR/uploads are imported, so their URLs keep working.
  const legacyUploads = path.join(config.dataDir, 'uploads');
  const images = imageBackendFor(config, db);
  await importImageFolder(images, legacyUploads);
  await app.register(uploadRoutes, { auth, db, store: images, legacyFolder: legacyUploads });
  const launched = launchedOf(settings.resolver, billing);
  await app.register(launchRoutes, { launched });
  await app.register(waitlistRoutes, { db, launched, writeLimitPerMinute: config.publicWriteLimitPerMinute });
  const publicLimits = {
    writeLimitPerMinute: config.publicWriteLimitPerMinute,
    readLimitPerMinute: config.publicReadLimitPerMinute,
  };
  const dateAnswers =
    config.publicDateAnswersKept > 0 ? new DateAnswers<DateAnswer>(config.publicDateAnswersKept) : undefined;
  // Issue 39: the one reader of the texts settings for both directions (outbound, the inbound webhook, the offer).
  const smsAccount = smsSettingsOf(settings.resolver, config.sms.providerUrl);
  const publicCtx = {
    db,
    publicUrl: config.publicUrl,
    now,
    notify,
    smsDefaultCountry: config.sms.defaultCountry,
    dateAnswers,
    textsReady: textsReadyOf(smsAccount),
    suggest: suggestOnBookingPage,
  };
  await app.register(publicBookingRoutes, { ctx: publicCtx, ...publicLimits, teamOfLink });
  await registerBookingMechanics(app, { auth, ctx: publicCtx, queue, limits: publicLimits });
  // Issues 45–47: the showing network, buyers' own data, the audit log, push (compose-phase4.ts).
  const network = { auth, ctx: publicCtx, queue, config, images, limits: publicLimits, maps: mapsOf };
  await registerPhase4Capabilities(app, network);
  // Issue 34 §3: the MCP server for AI assistants at /mcp, over the same public booking flow (decision 059).
  await app.register(mcpRoutes, { ctx: publicCtx, ...publicLimits });
  // Issue 16: a buyer tour's invitation page and its all-or-nothing booking; issue 29: Optimise's proposals.
  for (const routes of [publicTourRoutes, publicProposalRoutes]) {
    await app.register(routes, {
      ctx: { db, publicUrl: config.publicUrl, now, notify },
      ...publicLimits,
    });
  }
  // Issue 39 §2: the property's contacts ticked for "Feedback" hear of a buyer's rating, by the form or by text.
  const ratingNotice = (tx: DbTransaction, bookingId: string, at: Date) =>
    noticeIfWanted(tx, queue, { event: 'feedback', bookingId }, at);
  await app.register(feedbackRoutes, {
    auth,
    db,
    now,
    writeLimitPerMinute: config.publicWriteLimitPerMinute,
    onFeedbackSaved: (agentId, bookingId) =>
      db.transaction(async (tx) => {
        await feedbackReceived(webhooks, tx, agentId, bookingId);
        await ratingNotice(tx, bookingId, now());
      }),
  });
  await app.register(notificationRoutes, { auth, db, config, notify });
  // Issue 33: the provider's inbound texts, Messages from buyers, the consent ledger.
  await app.register(textRoutes, { auth, db, config, notify, queue, now, smsAccount, onRated: ratingNotice });
  await app.register(leadRoutes, { auth, db, now });
  await app.register(integrationRoutes, {
    auth,
    db,
    config,
    deps: calendarDepsOf(
      config,
      db,
      now,
      undefined,
      oauthAppsOf(settings.resolver, config.calendar.endpoints),
    ),
    jobs: queue,
  });
  // Issue 34: listings imported from the MLS (Server settings' RESO Web API) or a CSV file.
  await registerListingImport(app, { auth, db, now, notify, queue, reso: resoSettingsOf(settings.resolver) });
  await registerAccounts(app, {
    ...{ config, auth, db, now, queue, settings, mailer: accountMailer, outbox, billing },
    onSettingsSaved: headers.forget,
  });
  await app.register(reportRoutes, { auth, db });
  await app.register(figureRoutes, { auth, db, now });
  await app.register(routeRoutes, {
    auth,
    db,
    maps: mapsOf,
    outbound: config.outbound,
    now,
    notify,
    publicUrl: config.publicUrl,
    queue,
  });
  await app.register(crmRoutes, { auth, db, now, webhooks: queue, outbound: config.outbound });
  await app.register(teamRoutes, {
    auth,
    db,
    jobs: queue,
    notify,
    now,
    readLimitPerMinute: config.publicReadLimitPerMinute,
  });
  // The public team page and the team's links and pool (issue 15, decision 025).
  await app.register(teamLinkRoutes, { auth, db, publicUrl: config.publicUrl });
  await app.register(teamPublicRoutes, {
    ctx: { db, publicUrl: config.publicUrl, now, notify },
    writeLimitPerMinute: config.publicWriteLimitPerMinute,
    readLimitPerMinute: config.publicReadLimitPerMinute,
  });

  // The booking assistant (issue 17): offline unless an OpenAI-compatible provider is configured.
  await app.register(assistantPublicRoutes, {
    deps: {
      ctx: { db, publicUrl: config.publicUrl, now, notify },
      provider: resolvingAssistantProvider(aiConfigOf(settings.resolver, config.ai?.timeoutSeconds ?? 15)),
    },
    writeLimitPerMinute: config.publicWriteLimitPerMinute,
    readLimitPerMinute: config.publicReadLimitPerMinute,
  });
  await app.register(assistantAgentRoutes, { auth, db, now });

  await serveWebApp(app, config.webDist, firstScreen);
  return app;
}

/**
 * TRUST_PROXY as Fastify wants it. A hop count is a function trusting the first n hops (this Fastify fails a
 * bare number closed): use it only when the server is reachable through the proxies alone; a list of the
 * proxies' addresses also checks who is talking.
 */
function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/**
 * Same origin: `/api/*` is the API, every other path is the single-page app (its router decides). The booking
 * page's addresses come with their first screen rendered in (decision 034, http/first-screen.ts).
 */
async function serveWebApp(
  app: FastifyInstance,
  webDist: string,
  firstScreen: FirstScreenRenderer | null | undefined,
): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  const renderer =
    firstScreen === undefined
      ? rendererLoader(rendererFileOf(webDist), (error) =>
          app.log.warn({ err: error }, "the web build's server renderer did not load; pages are index.html"),
        )
      : () => Promise.resolve(firstScreen);
  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    const screen = await renderer();
    let html = await firstScreenHtml(app, request, webDist, screen);
    if (html === null) {
      // A page the server does not render: index.html as it is in English; in Spanish with its <html lang> (issue 43).
      const language = pageLocale(request);
      if (language.locale === 'en') return reply.sendFile('index.html', { cacheControl: false });
      html = withPageLocale(await readFile(indexHtml, 'utf8'), language);
    }
    return sendPage(request, reply, html, isKeptPage(screen, html));
  };
  composeKeptPagesOnListen(app, renderer);
  if (hasWeb) {
    // The web app's files come in encodings (preCompressed below): caches must key them by Accept-Encoding.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'GET' && !request.url.startsWith('/api')) {
        const vary = String(reply.getHeader('vary') ?? '');
        if (!/accept-encoding/i.test(vary))
          reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
      return payload;
    });
    await app.register(fastifyStatic, {
      root: webDist,
      // Looked up per request (not listed at start), so a rebuild while the server runs is served at once.
      wildcard: true,
      index: false,
      cacheControl: false,
      // The web build writes .br and .gz copies next to each text asset: the one the browser accepts is sent
      // (Content-Encoding, Vary: Accept-Encoding), else the file itself.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/: those files never change; the rest is checked each time.
        const fingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The embed loader (decision 057): other sites load it, under an address that never changes — cached
        // for a day, then revalidated in the background for a week, so a fix reaches every site within a day.
        if (EMBED_LOADER_FILE.test(path.basename(filePath))) {
          res.setHeader('cache-control', EMBED_LOADER_CACHE);
          res.setHeader('cross-origin-resource-policy', 'cross-origin');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // `/API/…`, `//api/…`, `/./api/…` are API addresses too: a 404 in the error shape, never the web app.
    const apiPath = new URL(url.replace(/\/{2,}/g, '/'), 'http://keyturn.invalid').pathname.toLowerCase();
    if (apiPath === '/api' || apiPath.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send(new AppError(404, 'NOT_FOUND', 'Not found.').toBody());
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built yet: run `npm run build` (npm start does this for you).');
    }
    // A missing file (script, image, upload) is a 404, not the app: routes of the app have no extension.
    if (path.extname(url)) {
      return reply.status(404).send(new AppError(404, 'NOT_FOUND', 'Not found.').toBody());
    }
    // An address the app has no page for (issue 29): 404, and the app, whose router shows its not-found page.
    if (!isAppPath(url)) {
      reply.header('cache-control', 'no-cache');
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(await readFile(indexHtml));
    }
    return sendApp(request, reply);
  });
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendApp);
}
