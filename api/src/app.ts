import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { corsOrigins, isProduction } from './config';
import { API_ROOT, type Db } from './db';
import { installErrorHandler } from './http/error-handler';
import { installMessageLocale } from './http/locale';
import { registerSecurityHeaders } from './http/security-headers';
import { registerRequestLimit, trustProxySetting } from './http/request-limit';
import { createBroker, type PushBroker } from './push/broker';
import { registerSessionCache } from './auth/session-cache';
import { createPushService } from './push/service';
import { PlayerBalanceCache } from './ledger/balance-cache';
import { pushLimits, type PushLimits } from './push/streams';
import pushRoutes from './push/routes';
import contentRoutes from './content/routes';
import identityRoutes from './identity';
import casinoRoutes from './casino/routes';
import { walletRoutes } from './wallet';
import { FeedAvailability } from './exchange/feed/availability';
import { exchangeConfig } from './exchange/config';
import { MarketPush } from './exchange/market-push';
import exchangeRoutes from './exchange/routes';
import chatRoutes from './chat/routes';
import transferRoutes from './transfer/routes';
import { staffRoutes } from './staff';
import playerStaffRoutes from './identity/staff/routes';
import paymentStaffRoutes from './wallet/staff/routes';
import deskStaffRoutes from './chat/staff/routes';
import contentStaffRoutes from './content/staff/routes';
import marketStaffRoutes from './exchange/staff/routes';
import catalogueStaffRoutes from './casino/staff/routes';
import protectionStaffRoutes from './protection/staff/routes';
import protectionRoutes from './protection/routes';
import kycRoutes from './kyc/routes';
import { ProtectionRefusal, recordRefusal } from './protection/service';
import { ProtectionHooks } from './protection/hooks';
import { alertLinkedAttempt } from './core/linked';
import { registerOps } from './ops/plugin';
import { requestIdOptions } from './ops/request-id';
import { PlayClosedHooks } from './core/play-closed';

export type DomainPlugin = (app: FastifyInstance) => Promise<void>;

/** One line per domain: routes, SQL and tests live in src/<domain>/. */
const DOMAINS: DomainPlugin[] = [
  contentRoutes,
  pushRoutes,
  identityRoutes,
  walletRoutes,
  staffRoutes,
  casinoRoutes,
  exchangeRoutes,
  chatRoutes,
  protectionRoutes,
  transferRoutes,
  // identity checks (issue 32): the player's upload and state, and the staff queue (kyc/staff)
  kycRoutes,
  // the back office's endpoints of each domain (auth 'staff', roles per endpoint)
  playerStaffRoutes,
  paymentStaffRoutes,
  deskStaffRoutes,
  contentStaffRoutes,
  marketStaffRoutes,
  catalogueStaffRoutes,
  protectionStaffRoutes,
];

export interface AppOptions {
  db: Db;
  /** A pino logger, pino options, or false (tests). Default: info level JSON. */
  logger?: Logger | FastifyServerOptions['logger'];
  /** Images served at /storage/*. Default STORAGE_DIR, else api/storage. */
  storageDir?: string;
  /** Defaults to LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
  broker?: PushBroker;
  /** Push stream limits; default from PUSH_STREAMS_PER_SESSION / PUSH_HEARTBEAT_MS (push/streams.ts). */
  push?: Partial<PushLimits>;
  /** Allowed CORS origins (default CORS_ORIGINS); in development any localhost/127.0.0.1 port too. */
  corsOrigins?: string[];
  /** Production mode (default NODE_ENV=production): only the configured CORS origins, no /docs or /openapi.json. */
  production?: boolean;
}

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const logger = opts.logger ?? { level: process.env.LOG_LEVEL ?? 'info' };
  const isInstance = typeof logger === 'object' && logger !== null && 'child' in logger;
  const app = Fastify({
    ...(isInstance ? { loggerInstance: logger as Logger } : { logger: logger as FastifyServerOptions['logger'] }),
    bodyLimit: 1_048_576,
    trustProxy: trustProxySetting(),
    ...requestIdOptions,
  }).withTypeProvider<ZodTypeProvider>() as unknown as FastifyInstance;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // players' messages in their Accept-Language (http/locale.ts, the contracts' API_MESSAGES)
  installMessageLocale(app);
  // request ids, metrics hooks, /ready and /metrics (ops/plugin.ts), before any route
  await registerOps(app, { db: opts.db, production: opts.production ?? isProduction() });
  await registerSecurityHeaders(app);

  const broker = opts.broker ?? (await createBroker(opts.db));
  app.decorate('db', opts.db);
  app.decorate('oddsFeed', new FeedAvailability());
  const balances = new PlayerBalanceCache();
  app.decorate('balances', balances);
  // "a player's play just closed" (core/play-closed.ts): protection and staff announce it, transfer wallets recall
  app.decorate('playClosed', new PlayClosedHooks(app.log));
  // protection as a hook (protection/hooks.ts): the domains that hold a player's open play (casino, exchange) register
  app.decorate('protectionHooks', new ProtectionHooks());
  app.decorate('push', createPushService(opts.db, broker, app.log, pushLimits(process.env, opts.push), balances));
  // the odds push with prices: the feed consumer, the bet routes and staff decisions all say a market changed here
  const marketPush = new MarketPush({ db: opts.db, push: app.push, cfg: exchangeConfig(), log: app.log });
  app.decorate('exchangeMarketPush', marketPush);
  app.addHook('onClose', async () => marketPush.close());
  app.decorateRequest('player', null);
  app.decorateRequest('staff', null);
  app.addHook('onClose', async () => broker.close());
  // live sessions kept in memory for a moment, dropped on every process by NOTIFY when one ends (auth/session-cache.ts)
  await registerSessionCache(app, opts.db);
  await registerRequestLimit(app);

  const production = opts.production ?? isProduction();
  const allowed = new Set(opts.corsOrigins ?? corsOrigins());
  await app.register(cors, {
    // any local port only in development: in production a local page is no more trusted than any other
    origin: (origin, cb) => cb(null, !origin || allowed.has(origin) || (!production && LOCAL_ORIGIN.test(origin))),
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    // a page on another origin asks OPTIONS before each call with a token; without this the browser keeps the answer
    // 5 s, so every poll of the balance cost one more round trip (150 ms on a slow phone link). 2 h is Chromium's cap.
    maxAge: 7200,
  });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5 } });

  // The API description is a map for attackers: development only.
  if (!production) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Khela API', version: '0.1.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }

  // uploads of the back office (content/staff) are written here too
  const storageDir = opts.storageDir ?? process.env.STORAGE_DIR ?? path.join(API_ROOT, 'storage');
  app.decorate('storageDir', storageDir);
  await app.register(fastifyStatic, {
    root: storageDir,
    prefix: '/storage/',
    maxAge: '1h',
  });

  app.get('/health', { schema: { tags: ['health'] } }, async (_req, reply) => {
    try {
      await opts.db.query('SELECT 1');
      return { status: 'ok', db: opts.db.kind };
    } catch (err) {
      app.log.error({ err }, 'health: database unreachable');
      return reply.code(503).send({ status: 'down', message: 'Database unavailable' });
    }
  });

  // A protection refusal at the moment the session limit is reached rolled its transaction back: record the block
  // after it (every domain's routes; the seamless wallet answers its refusals itself and records them too).
  app.addHook('onError', async (req, _reply, err) => {
    await recordRefusal(opts.db, err).catch((e: unknown) => app.log.error({ err: e }, 'recording a reached session limit failed'));
    // a deposit or stake refused because a linked account is self-excluded: staff are alerted (core/linked.ts)
    if (err instanceof ProtectionRefusal && req.player && err.code === 'rg_self_excluded') {
      const alert = await alertLinkedAttempt(opts.db, req.player.id, `${req.method} ${req.routeOptions.url ?? req.url}`).catch(
        (e: unknown) => (app.log.error({ err: e }, 'alerting staff of a linked account failed'), null),
      );
      if (alert) await app.push.publishStaff('alert', alert);
    }
  });

  for (const domain of DOMAINS) await app.register(domain);
  return app;
}
