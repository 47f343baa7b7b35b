import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import type { WhatsAppSender } from './adapters/whatsapp/whatsapp-sender.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import { createMemoryCounter } from './features/account/attempt-counter.ts';
import { createAuth, type Auth } from './features/account/auth.ts';
import { createLimitsRedis, createRedisCounter } from './features/account/redis-counter.ts';
import { accountRoutes } from './features/account/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { declinePendingOfArchivedSpace } from './features/bookings/archive-declines.ts';
import { bookingAdminRoutes } from './features/bookings/admin-routes.ts';
import { hostBookingRoutes } from './features/bookings/host-routes.ts';
import { adminPayoutRoutes } from './features/ledger/admin-payout-routes.ts';
import { hostMoneyRoutes } from './features/ledger/host-money-routes.ts';
import { paymentRoutes } from './features/bookings/payments/routes.ts';
import { paymentLedger } from './features/ledger/ledger.ts';
import { bookingRoutes } from './features/bookings/routes.ts';
import { configRoutes } from './features/config/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { pageRoutes } from './features/pages/routes.ts';
import { dataExportRoutes, sessionRoutes } from './features/account/session-routes.ts';
import { accountChangeRoutes } from './features/account/account-change-routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { createPaymentDocuments } from './features/invoices/payment-documents.ts';
import { invoicingDetailsRoutes } from './features/invoices/invoicing-details-routes.ts';
import { invoiceAdminRoutes, invoiceRoutes } from './features/invoices/routes.ts';
import { createInvoiceSigners, type InvoiceSigners } from './features/invoices/signers.ts';
import { whatsAppConsentRoutes } from './features/account/whatsapp-routes.ts';
import { uploadRoutes } from './features/images/image-routes.ts';
import { translationRoutes } from './features/translation/translation-routes.ts';
import { mediaRoutes } from './features/media/routes.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { createMemoryHub, createRedisHub, type LiveHub } from './features/messages/live-hub.ts';
import { noteBookingRequest } from './features/messages/conversations.ts';
import { conversationKey, messageRoutes } from './features/messages/routes.ts';
import { spaceAdminRoutes } from './features/spaces/admin-routes.ts';
import { spaceBlockRoutes } from './features/spaces/block-routes.ts';
import { calendarRoutes } from './features/spaces/calendar-routes.ts';
import { spaceRoutes } from './features/spaces/routes.ts';
import { AppError } from './http/app-error.ts';
import { refuseCrossSite } from './http/cross-site.ts';
import { noStoreForPersonalAnswers } from './http/guards.ts';
import { trustedOrigins } from './http/trusted-origins.ts';
import { refuseUnstorableText } from './http/unstorable-text.ts';
import { apiDocsPlugin } from './plugins/api-docs/api-docs.ts';
import { errorHandlerPlugin, sendApiError } from './plugins/error-handler.ts';
import { logRequest } from './plugins/request-log.ts';
import { registerSpa } from './plugins/spa.ts';
import { createPageHead } from './features/seo/page-head.ts';
import { seoRoutes } from './features/seo/routes.ts';

export interface AppDeps {
  config: Config;
  /** AUTH_SECRET, or the one server.ts keeps in DATA_DIR. */
  authSecret: string;
  database: Database;
  mailer: Mailer;
  sms: SmsSender;
  whatsapp: WhatsAppSender;
  storage: Storage;
  /** Called after a request's transaction queued a job, so the in-process worker looks now. */
  wakeWorker?: () => void;
}

export interface BuildAppOptions {
  /** Fastify's logger option; ignored when `loggerInstance` is given. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyBaseLogger;
  /** The built web app; defaults to dist/web. */
  webRoot?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    auth: Auth;
    /** Live message delivery (features/messages/live-hub.ts): Redis pub/sub or in-process. */
    liveHub: LiveHub;
  }
}

const defaultWebRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Trust the nearest `hops` addresses (the socket's first): the client is the one before them. */
export const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The socket the app listens on, once it does (its real port: PORT=0 picks one). */
const listeningAddress = (app: FastifyInstance) => {
  const address = app.server.address();
  return typeof address === 'object' ? address : null;
};

/**
 * Builds the whole app without listening: server.ts listens, tests call `inject`.
 * Registration order (fastify/demo): external plugins → our plugins → feature routes → the web app.
 */
export async function buildApp(
  deps: AppDeps,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  const serverOptions: FastifyServerOptions = {
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? { level: config.logLevel } }),
    // A number means "trust that many hops" (README). Fastify 5.12 turned a bare number into
    // "trust nobody", so every client behind the proxy shared the proxy's address (and its rate
    // limit); the hop count is given as the function proxy-addr calls for each hop instead.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // One line per request (plugins/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    // A caller's request id is kept only when it is a plain token (no log injection).
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    // A path Fastify cannot decode (`/api/spaces/%zz`): our error format, not Fastify's, which
    // echoes the whole URL back.
    frameworkErrors: (_error, request, reply) => {
      // A calendar feed's name that cannot even be read is an unknown feed: the same 404, so no
      // answer tells one malformed token from another (docs/decisions/026-calendar-feed.md).
      if (request.url.startsWith('/api/calendar/'))
        return void sendApiError(request, reply, 'NOT_FOUND');
      void sendApiError(request, reply, 'INVALID_URL');
    },
    forceCloseConnections: 'idle',
  };
  const app = Fastify(serverOptions) as unknown as FastifyInstance;
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // PostgreSQL text cannot hold U+0000: refused as an invalid field before any schema or query.
  app.addHook('preValidation', refuseUnstorableText);
  // Another site's state-changing request: refused before any guard (http/cross-site.ts).
  const origins = () => trustedOrigins(config, listeningAddress(app));
  app.addHook('onRequest', refuseCrossSite(origins));
  app.addHook('onSend', noStoreForPersonalAnswers);
  app.addHook('onResponse', logRequest);

  // JSON only (and multipart where a route says so): an empty body is "no body", not an error.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    parseJson(request, body as string, (error, value) => {
      if (error) return done(new AppError('INVALID_JSON'), undefined);
      done(null, value);
    });
  });

  // ── external plugins ──
  const imageOrigins =
    config.storage.kind === 's3' && config.storage.publicUrl
      ? [new URL(config.storage.publicUrl).origin]
      : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.google.com', 'https://maps.google.com'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 is for build-time; on the fly it costs more CPU than it saves bytes.
    brotliOptions: { params: { [(await import('node:zlib')).constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // With REDIS_URL every limit (the global one, contact, uploads, listing, translation) is counted
  // in Redis, so several instances share it; else in this process's memory.
  const limitsRedis = config.redisUrl ? createLimitsRedis(config.redisUrl) : null;
  if (limitsRedis) app.addHook('onClose', async () => void (await limitsRedis.quit()));
  await app.register(rateLimit, {
    ...(limitsRedis ? { redis: limitsRedis, nameSpace: `${config.redisKeyPrefix}limits:` } : {}),
    global: true,
    max: config.apiRateLimitPerMinute,
    timeWindow: 60_000,
    // Only the API is limited here; the web app's files are static and cacheable.
    allowList: (request) =>
      !request.url.startsWith('/api/') || request.url.startsWith('/api/health'),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });

  // ── our plugins ──
  await app.register(errorHandlerPlugin);
  // Before the features: it sees each route as registered (OpenAPI at /api/docs/json).
  await app.register(apiDocsPlugin);

  // ── features ──
  const apiRoutes: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(`^${route.url.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}/?$`);
    for (const method of methods) apiRoutes.push({ method, pattern });
  });
  const auth = createAuth({
    db: deps.database.db,
    sms: deps.sms,
    publicUrl: config.publicUrl,
    trustedOrigins: origins,
    secureCookies: config.isProduction || config.publicUrl.startsWith('https://'),
    secret: deps.authSecret,
    google: config.auth.google,
    wakeWorker: deps.wakeWorker,
    logger: app.log,
  });
  app.decorate('auth', auth);
  const redisCounter = config.redisUrl
    ? createRedisCounter(config.redisUrl, config.redisKeyPrefix)
    : null;
  if (redisCounter) app.addHook('onClose', async () => redisCounter.close());
  const counter = redisCounter ?? createMemoryCounter();
  // Conversations (issue 34): across instances through Redis when REDIS_URL is set.
  const liveHub = config.redisUrl
    ? createRedisHub(config.redisUrl, config.redisKeyPrefix, (error) =>
        app.log.warn({ err: error }, 'live messages: redis'),
      )
    : createMemoryHub();
  app.decorate('liveHub', liveHub);
  app.addHook('onClose', async () => liveHub.close());
  await accountRoutes(app, { auth, counter });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(whatsAppConsentRoutes, { prefix: '/api' });
  await app.register(sessionRoutes, { prefix: '/api' });
  await app.register(dataExportRoutes, { prefix: '/api' });
  await app.register(accountChangeRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(pageRoutes, { prefix: '/api' });
  await app.register(mediaRoutes);
  await app.register(uploadRoutes, { prefix: '/api' });
  await app.register(translationRoutes, { prefix: '/api' });
  await app.register(spaceRoutes, { prefix: '/api', whenArchived: declinePendingOfArchivedSpace });
  await app.register(spaceAdminRoutes, { prefix: '/api' });
  await app.register(spaceBlockRoutes, { prefix: '/api' });
  await app.register(calendarRoutes, { prefix: '/api' });
  await app.register(bookingRoutes, {
    prefix: '/api',
    noteRequest: async (tx, booking, now) => {
      const line = await noteBookingRequest(tx, booking, now);
      return line
        ? () =>
            liveHub.publish([...line.audience, conversationKey(line.conversationId)], line.event)
        : null;
    },
  });
  await app.register(bookingAdminRoutes, { prefix: '/api' });
  let signers: Promise<InvoiceSigners> | undefined;
  const documents = createPaymentDocuments({
    signers: () => (signers ??= createInvoiceSigners(config.zatca)),
    logger: app.log,
  });
  await app.register(paymentRoutes, { ledger: paymentLedger(config), documents });
  await app.register(hostBookingRoutes, { prefix: '/api' });
  await app.register(hostMoneyRoutes, { prefix: '/api' });
  await app.register(adminPayoutRoutes, { prefix: '/api' });
  await app.register(invoiceRoutes, { prefix: '/api' });
  await app.register(invoiceAdminRoutes, { prefix: '/api' });
  await app.register(invoicingDetailsRoutes, { prefix: '/api' });
  await app.register(reviewRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api', hub: liveHub });
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(seoRoutes);

  // ── unknown paths: 405 where another method would do, else 404; pages go to the web app ──
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = [
      ...new Set(apiRoutes.filter((r) => r.pattern.test(path)).map((r) => r.method)),
    ];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      return sendApiError(request, reply, 'METHOD_NOT_ALLOWED');
    }
    return sendApiError(request, reply, 'NOT_FOUND');
  };
  app.setNotFoundHandler(notFound);

  // ── the web app ──
  await registerSpa(app, options.webRoot ?? defaultWebRoot, notFound, createPageHead(app));

  return app;
}
