import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { avatarMaxBytes } from '../contract/auth';
import { messages } from '../contract/messages';
import { audienceRoutes } from './audience/reachRoutes';
import { backupJob } from './backup/backupJob';
import { backupRoutes } from './backup/backupRoutes';
import { recoveryRoutes } from './auth/recoveryRoutes';
import { isAuthGuard } from './auth/requireUser';
import { sessionRoutes } from './auth/sessionRoutes';
import { signupRoutes } from './auth/signupRoutes';
import { collegeRoutes } from './colleges/collegeRoutes';
import type { AppConfig, AppContext } from './config';
import type { Database } from './db/client';
import { entryRoutes } from './entries/entryRoutes';
import { registry as defaultRegistry } from './features';
import type { FeatureRegistry } from './feature';
import { startJobs } from './jobs';
import { deliveryRoutes } from './delivery/routes';
import { serializeError } from './http/errorLog';
import { HttpError, registerErrorHandling } from './http/errors';
import { registerRobots } from './http/robots';
import { snapshotLocalStore } from './http/rateLimitStore';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerStaticFiles } from './http/staticFiles';
import { zodValidatorCompiler } from './http/validation';
import { readyRoute } from './http/readiness';
import { echoRequestId, requestIdOf, serializeReply, serializeRequest } from './http/requestLog';
import { createMetrics } from './metrics/appMetrics';
import { registerHttpMetrics } from './metrics/httpMetrics';
import { metricsRoute } from './metrics/metricsRoute';
import { watchQueues } from './metrics/queueGauges';
import { countedPushes } from './push/countedSender';
import { createMailer, type Mailer, type MailerOptions } from './mail/mailer';
import { outboxRoutes } from './mail/outboxRoutes';
import { loadSecretKey } from './mail/secretKey';
import { profileRoutes } from './profile/profileRoutes';
import type { PushSender } from './push/sender';
import { pushRoutes } from './push/pushRoutes';
import { loadVapidKeys } from './push/vapidKeys';
import { createWebPushSender } from './push/webPushSender';
import { localStorage } from './storage/localStorage';
import type { Storage } from './storage/storage';
import { uploadRoutes } from './storage/uploadRoutes';
import { syncRoutes } from './sync/syncRoutes';
import { CollegeDirectory } from './tenancy/collegeDirectory';
import { registerTenancy } from './tenancy/resolveCollege';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';

export interface BuildAppOptions {
  db: Database;
  config: AppConfig;
  mailer?: Mailer;
  /** Options of the default mailer (tests: short time-outs, self-signed loopback TLS). */
  mailerOptions?: Omit<MailerOptions, 'secretKey'>;
  storage?: Storage;
  /** Web Push (default: `web-push` with the installation's VAPID keys, server/push). */
  push?: PushSender;
  /** The feature modules (default: server/features.ts). */
  registry?: FeatureRegistry;
  /** Where log lines go when `config.logger` is on; standard output by default. */
  logStream?: { write: (line: string) => void };
}

export const jsonBodyLimit = 1024 * 1024;

/** The whole server as a Fastify instance: `listen` it, or `inject` requests in tests. */
export async function buildApp({
  db,
  config,
  mailer,
  mailerOptions,
  storage,
  push,
  logStream,
  registry = defaultRegistry,
}: BuildAppOptions): Promise<FastifyInstance> {
  const metrics = createMetrics({ serveDefaults: config.metricsToken !== null });
  const app = Fastify({
    logger: config.logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          // What a line says of a request, an answer and an error: never users' text (server/http/requestLog.ts, errorLog.ts).
          serializers: { err: serializeError, req: serializeRequest, res: serializeReply },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: jsonBodyLimit,
    // A `__proto__`/`constructor.prototype` key is dropped rather than refusing the whole
    // body: a push refused whole would hold back every change queued behind it.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });
  echoRequestId(app);
  registerHttpMetrics(app, metrics.http);
  app.addHook('onClose', () => metrics.registry.clear());
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app);

  const vapid = await loadVapidKeys(db);
  const ctx: AppContext = {
    db,
    config,
    directory: new CollegeDirectory(db),
    mailer: mailer ?? createMailer(db, app.log, { ...mailerOptions, secretKey: loadSecretKey(config.dataDir), metrics: metrics.mail }),
    storage: storage ?? localStorage(join(config.dataDir, 'uploads')),
    push: countedPushes(push ?? createWebPushSender(db, vapid, app.log), metrics.push),
    vapidPublicKey: vapid.publicKey,
    attachmentOwners: registry.attachmentOwners,
  };
  app.addHook('onClose', () => ctx.mailer.idle());
  await ctx.mailer.sealLegacyPasswords();

  // API answers compressed as the client asks (Accept-Encoding): a pull page of posts is
  // JSON that shrinks to a tenth, and on a weak campus link the bytes are the sync's time
  // (bench/RESULTS.md, "Weak network"). Brotli at quality 4, gzip at 6: fast enough for a
  // busy server (bench:server-load). Only `/api/` routes: static files and the page are
  // precompressed at build (server/http/staticFiles.ts); the poke stream is not compressed.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: avatarMaxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  });
  // Who is asking is known before the body is read or validated: a stranger gets 401 and a
  // member without the permission 403, never the form's 422, and a limit of an
  // authenticated route (hooked after the guards) counts only the requests they let through.
  // Each route gets its own arrays of hooks: @fastify/rate-limit appends its hook to the
  // route's array, which routes sharing one array of guards would all receive.
  app.addHook('onRoute', (route) => {
    const hooksOf = route as unknown as Record<string, unknown>;
    for (const stage of ['onRequest', 'preParsing', 'preValidation', 'preHandler']) {
      const hooks = hooksOf[stage];
      if (Array.isArray(hooks)) hooksOf[stage] = [...(hooks as unknown[])];
    }
    for (const stage of ['preParsing', 'preValidation', 'preHandler'] as const) {
      if ([route[stage]].flat().some(isAuthGuard)) throw new Error(`${String(route.method)} ${route.url}: ask who is asking in onRequest, not in ${stage}`);
    }
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // Bounded memory per process, each request counted at its own turn
    // (server/http/rateLimitStore.ts); the login throttle (shared, in the database) is separate.
    store: snapshotLocalStore(10_000),
    errorResponseBuilder: () => new HttpError(429, messages.tooManyRequests),
  });
  registerTenancy(app, ctx.directory);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, () => Promise.resolve({ status: 'ok' as const }));
  readyRoute(app, db);
  metricsRoute(app, metrics.registry, config.metricsToken);
  watchQueues(metrics.registry, db, registry.pushQueues);
  collegeRoutes(app, ctx);
  sessionRoutes(app, ctx, registry.passwordSignInGates);
  recoveryRoutes(app, ctx);
  signupRoutes(app, ctx);
  profileRoutes(app, ctx);
  pushRoutes(app, ctx);
  entryRoutes(app, db);
  outboxRoutes(app, db);
  audienceRoutes(app, db);
  uploadRoutes(app, ctx.storage);
  syncRoutes(app, db, registry, config.quietPolls, metrics);
  deliveryRoutes(app, db, ctx.mailer.secrets, registry.deliverables);
  backupRoutes(app, ctx);
  for (const feature of registry.modules) feature.routes?.(app, ctx);
  if (config.jobs) {
    const jobs = startJobs(
      db,
      [...registry.jobs, ...(config.backup ? [backupJob(config.backup)] : [])],
      { mailer: ctx.mailer, push: ctx.push, log: app.log, dataDir: config.dataDir, storage: ctx.storage },
      metrics.jobs,
    );
    app.addHook('onClose', () => jobs.stop());
  }
  registerRobots(app);
  await registerStaticFiles(app, config.staticDir, (row) => ctx.directory.record(row));
  return app;
}
