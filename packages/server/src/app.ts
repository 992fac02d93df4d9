import { join } from 'node:path';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { AppError, ERRORS } from './errors.ts';
import { isDatabaseUnavailable, isTaggedUnavailable } from './db/unavailable.ts';
import { findInputProblem, VALIDATION_MESSAGES, type WorkoutComplianceResponse } from '@vatio/schemas';
import { API_CONTRACTS } from './api-contracts.ts';
import { apiDocsRoutes } from './http/api-docs.routes.ts';
import { collectRoutes, contractKey } from './http/contract.ts';
import { checkResponsesAgainstContracts } from './http/response-check.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerNoStore } from './http/no-store.ts';
import { countReadsInFlight } from './http/reads-in-flight.ts';
import { ReadsInFlight } from './jobs/fair-share.ts';
import { RiderResponseCache } from './http/rider-response-cache.ts';
import { trustProxyOption } from './http/trust-proxy.ts';
import { registerWebApp } from './http/web-app.ts';
import { ApiKeyRepository } from './modules/api-keys/api-key.repository.ts';
import { apiKeyRoutes } from './modules/api-keys/api-key.routes.ts';
import { ApiKeyService } from './modules/api-keys/api-key.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { OtpRepository } from './modules/auth/otp.repository.ts';
import { SessionRepository } from './modules/auth/session.repository.ts';
import { UserRepository } from './modules/auth/user.repository.ts';
import { bikeRoutes } from './modules/bikes/bike.routes.ts';
import { FittingRepository } from './modules/fitting/fitting.repository.ts';
import { fittingRoutes } from './modules/fitting/fitting.routes.ts';
import { FittingService } from './modules/fitting/fitting.service.ts';
import { BikeRepository } from './kernel/bike.repository.ts';
import { GarageRepository } from './modules/bikes/garage.repository.ts';
import { GarageService } from './modules/bikes/garage.service.ts';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.ts';
import { HealthRepository } from './modules/health/health.repository.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { HealthService } from './modules/health/health.service.ts';
import { LogRing, ringStream } from './modules/health/log-ring.ts';
import { migrations } from './db/migrations/index.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { ProfileRepository } from './kernel/profile.repository.ts';
import fastifyMultipart from '@fastify/multipart';
import type { JobQueue } from './jobs/queue.ts';
import { demoRoutes } from './modules/demo/demo.routes.ts';
import { AnalyticsLoadRepository } from './modules/analytics/analytics-load.repository.ts';
import { PredictiveService } from './modules/analytics/predictive.service.ts';
import { predictiveRoutes } from './modules/analytics/predictive.routes.ts';
import { AdvancedRepository } from './modules/advanced/advanced.repository.ts';
import { advancedRoutes } from './modules/advanced/advanced.routes.ts';
import { AdvancedService } from './modules/advanced/advanced.service.ts';
import { TrainingLoadService } from './modules/analytics/training-load.service.ts';
import { trainingLoadRoutes } from './modules/analytics/training-load.routes.ts';
import { AnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { performanceRoutes } from './modules/analytics/performance.routes.ts';
import { PerformanceService } from './modules/analytics/performance.service.ts';
import { ComparativeRepository } from './modules/comparative/comparative.repository.ts';
import { comparativeRoutes, registerComparativeRoutes } from './modules/comparative/comparative.routes.ts';
import { ComparativeService } from './modules/comparative/comparative.service.ts';
import { SegmentRepository } from './modules/segments/segment.repository.ts';
import { segmentRoutes } from './modules/segments/segment.routes.ts';
import { SegmentService } from './modules/segments/segment.service.ts';
import { ExampleRiderRepository } from './modules/example-rider/example-rider.repository.ts';
import { exampleRiderRoutes } from './modules/example-rider/example-rider.routes.ts';
import { ExampleRiderService } from './modules/example-rider/example-rider.service.ts';
import { DashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { OverviewRepository } from './modules/overview/overview.repository.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { OverviewService } from './modules/overview/overview.service.ts';
import { AccountRepository } from './modules/account/account.repository.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { ActivityService } from './modules/activities/activity.service.ts';
import { activityRoutes } from './modules/activities/activity.routes.ts';
import { athleteSettingsRoutes } from './modules/athlete/athlete-settings.routes.ts';
import { importRoutes } from './modules/imports/import.routes.ts';
import { stravaRoutes } from './modules/strava/strava.routes.ts';
import { uploadDecodeLimits } from './modules/imports/upload.ts';
import { PlanRepository } from './modules/plan/plan.repository.ts';
import { planRoutes } from './modules/plan/plan.routes.ts';
import { PlanService } from './modules/plan/plan.service.ts';
import { WorkoutService } from './modules/plan/workout.service.ts';
import { createRideServices, type RideServices } from './services.ts';
import { type BlobStore, FsBlobStore, StorageFullError } from './storage/blob-store.ts';
import { createMailTransport, type MailTransport } from './transports/mail.ts';
import { createSmsTransport, type SmsTransport } from './transports/sms.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Injected clock: tests move time to check expiries. */
  now?: () => Date;
  /** `stdout: false` keeps the records in the operators' log ring only (tests read them through the API). */
  logger?: boolean | { level: string; stdout?: boolean; stream?: { write(chunk: string): unknown } };
  mail?: MailTransport;
  sms?: SmsTransport;
  /** The job queue; the ride pipeline's routes need it. */
  queue: JobQueue;
  blobs?: BlobStore;
  /**
   * Check every JSON answer against its route's response schema before it is sent (tests turn this on
   * whatever the setting; http/response-check.ts); otherwise config.validateResponses says how.
   */
  checkResponses?: boolean;
}

export interface VatioApp {
  app: FastifyInstance;
  services: RideServices;
  /** The public /analytics example rider; main.ts prepares it after listen (config.exampleRiderPrepare). */
  example: ExampleRiderService;
}

/** Builds the HTTP app without listening (tests use `app.inject`; main.ts listens). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  return (await buildVatio(options)).app;
}

/** The app and the services behind it (main.ts starts the workers on the same services). */
export async function buildVatio(options: BuildAppOptions): Promise<VatioApp> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? { level: config.logLevel };
  // What the logger writes also goes to the operators' ring of the last hour (GET /api/health/logs).
  const logRing = new LogRing();
  const app = createFastify(config, logger, logRing);
  // Riders' reads in flight: background imports step back while any is waiting (jobs/fair-share.ts).
  // An import's progress (GET /api/imports, /api/imports/:id) is not counted: the import bench and a
  // rider watching their upload ask it every fraction of a second, and it should not slow the import.
  const reads = new ReadsInFlight();
  countReadsInFlight(app, reads, (url) => url.startsWith('/api/imports'));
  acceptOnlyDeclaredBodies(app);
  registerNoStore(app);
  // Every /api route has a contract (api-contracts.ts); app.test.ts checks these against it.
  collectRoutes(app);
  checkResponsesAgainstContracts(
    app,
    API_CONTRACTS,
    options.checkResponses ? { mode: 'enforce' } : config.validateResponses,
  );
  const outboxDir = join(config.dataDir, 'outbox');
  const mail =
    options.mail ??
    createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir, logger: app.log });
  const sms =
    options.sms ?? createSmsTransport({ providerUrl: config.smsProviderUrl, outboxDir, logger: app.log });
  app.addHook('onClose', async () => mail.close());
  await registerSecurityHeaders(app, { publicUrl: config.publicUrl, mapTiles: config.mapTiles });
  // After the response check: what it checks is what is kept. Only where the write epoch (embedded)
  // or the write versions (PostgreSQL) can vouch.
  if ((database.writes.exclusive || database.writes.versionsInDatabase) && config.responseCacheBytes > 0)
    new RiderResponseCache({ writes: database.writes, now, maxBytes: config.responseCacheBytes }).register(
      app,
    );

  const { db } = database;
  const users = new UserRepository(db);
  const apiKeys = new ApiKeyService({
    keys: new ApiKeyRepository(db),
    now,
    requestsPerWindow: config.apiKeyRequestsPer10Min,
    sharedWindows: database.engine === 'postgres',
    writes: database.writes,
  });
  const auth = new AuthService({
    apiKeys,
    users,
    otps: new OtpRepository(db),
    sessions: new SessionRepository(db),
    mail,
    sms,
    secretKey: config.secretKey,
    publicUrl: config.publicUrl,
    otpRequestsPerIpPerHour: config.otpRequestsPerIpPerHour,
    otpVerifyFailuresPerIpPerHour: config.otpVerifyFailuresPerIpPerHour,
    now,
    writes: database.writes,
  });

  const healthRepository = new HealthRepository(db);
  registerErrorHandler(app, config, healthRepository);

  refuseUnstorableInput(app);

  const blobs = options.blobs ?? new FsBlobStore(join(config.dataDir, 'blobs'));
  const services = createRideServices({
    db,
    blobs,
    queue: options.queue,
    now,
    log: (message, details) => app.log.error(details ?? {}, message),
    strava: { strava: config.strava, secretKey: config.secretKey, publicUrl: config.publicUrl },
    analysisThreads: config.analysisThreads,
    decodeLimits: uploadDecodeLimits(config.upload),
    importStageTimesFile: config.importStageTimesFile,
    reads,
    databaseUrl: database.url,
  });
  app.addHook('onClose', async () => {
    await services.preparer.close();
    await services.close();
  });
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: config.upload.maxFileBytes,
      files: config.upload.maxFilesPerRequest,
      fields: 10,
      parts: config.upload.maxFilesPerRequest + 10,
    },
  });
  const bikes = new BikeRepository(db);

  healthRoutes(app, {
    health: healthRepository,
    engine: database.engine,
    auth,
    service: new HealthService({
      repository: healthRepository,
      queue: options.queue,
      engine: database.engine,
      migrations: Object.keys(migrations),
      config,
      mailKind: mail.kind,
      smsKind: sms.kind,
      rateLimit: services.strava?.rateLimit,
      logs: logRing,
      emailOf: async (userId) => (await users.findById(userId))?.email ?? null,
    }),
  });
  clientConfigRoutes(app, { mapTiles: config.mapTiles });
  authRoutes(app, auth, config.publicUrl);
  apiKeyRoutes(app, { auth, apiKeys });
  const modules: Composition = {
    app,
    db,
    config,
    auth,
    users,
    bikes,
    services,
    blobs,
    now,
    writes: database.writes,
    queue: options.queue,
  };
  // The ride's compliance with its day's planned workout (issue 26): the plan service is made below.
  const rides = composeRides(modules, (userId, activityId) =>
    analysis.plan.complianceOfRide(userId, activityId),
  );
  const analysis = composeAnalysis(modules, rides);
  composeRiderRecords(modules);

  apiDocsRoutes(app, { contracts: API_CONTRACTS });

  await registerWebApp(app, { webDistDir: config.webDistDir, serveSourceMaps: config.serveSourceMaps });

  return { app, services, example: analysis.example };
}

/** What each module's composition takes: the app, the database, the configuration and the shared services. */
interface Composition {
  app: FastifyInstance;
  db: DatabaseHandle['db'];
  config: Config;
  auth: AuthService;
  users: UserRepository;
  bikes: BikeRepository;
  services: RideServices;
  blobs: BlobStore;
  now: () => Date;
  writes: DatabaseHandle['writes'];
  queue: JobQueue;
}

/** The rider's rides and what shapes their analysis: profile, bikes, uploads, rides, settings, demo, Strava. */
function composeRides(
  c: Composition,
  planCompliance: (userId: string, activityId: string) => Promise<WorkoutComplianceResponse | null>,
): ActivityService {
  const { app, db, auth, users, bikes, services, blobs, now, writes, queue, config } = c;
  profileRoutes(app, {
    auth,
    users,
    profiles: new ProfileRepository(db),
    reanalysis: services.reanalysis,
    now,
  });
  bikeRoutes(app, {
    auth,
    bikes,
    garage: new GarageService({
      garage: new GarageRepository(db),
      bikes,
      athleteSettings: services.athleteSettings,
      now,
      writes,
    }),
    reanalysis: services.reanalysis,
    now,
  });
  importRoutes(app, {
    auth,
    imports: services.imports,
    service: services.importService,
    blobs,
    limits: config.upload,
  });
  const rides = new ActivityService({
    activities: services.activities,
    athleteSettings: services.athleteSettings,
    bikes,
    blobs,
    queue,
    now,
    writes,
    owedPasses: services.owedPasses,
    log: (message, details) => app.log.error(details ?? {}, message),
  });
  activityRoutes(app, { auth, rides, planCompliance });
  athleteSettingsRoutes(app, {
    auth,
    athleteSettings: services.athleteSettings,
    reanalysis: services.reanalysis,
  });
  demoRoutes(app, { auth, demo: services.demo });
  stravaRoutes(app, { auth, strava: services.strava!, queue, now });
  return rides;
}

/** The analysis screens over the stored rides: dashboard, overview, analytics, plan, comparative, advanced, segments, the public example. */
function composeAnalysis(
  c: Composition,
  rides: ActivityService,
): { plan: PlanService; example: ExampleRiderService } {
  const { app, db, config, auth, bikes, services, blobs, now, writes } = c;
  const profiles = new ProfileRepository(db);
  const dashboardRepository = new DashboardRepository(db);
  const dashboardService = new DashboardService({
    dashboard: dashboardRepository,
    activities: services.activities,
    athleteSettings: services.athleteSettings,
    profiles,
    now,
    writes,
  });
  dashboardRoutes(app, { auth, profiles, dashboard: dashboardService });
  overviewRoutes(app, {
    auth,
    profiles,
    overview: new OverviewService({
      dashboard: dashboardService,
      repository: dashboardRepository,
      activities: services.activities,
      overview: new OverviewRepository(db),
      now,
      writes,
    }),
  });
  const analyticsLoad = new AnalyticsLoadRepository(db);
  const trainingLoad = new TrainingLoadService({ repository: analyticsLoad, now, writes });
  const predictive = new PredictiveService({
    repository: analyticsLoad,
    activities: services.activities,
    athleteSettings: services.athleteSettings,
    bikes,
    blobs,
    now,
    writes,
  });
  const analytics = new AnalyticsRepository(db);
  const performance = new PerformanceService({
    analytics,
    athleteSettings: services.athleteSettings,
    now,
    writes,
  });
  const planRepository = new PlanRepository(db);
  const plan = new PlanService({
    repo: planRepository,
    athleteSettings: services.athleteSettings,
    predictive,
    blobs,
    now,
    writes,
  });
  planRoutes(app, {
    auth,
    plan,
    workouts: new WorkoutService({ repo: planRepository, athleteSettings: services.athleteSettings, now }),
  });
  trainingLoadRoutes(app, { auth, trainingLoad });
  predictiveRoutes(app, { auth, predictive });
  performanceRoutes(app, { auth, performance });
  const comparative = new ComparativeService({
    repository: new ComparativeRepository(db),
    analytics,
    athleteSettings: services.athleteSettings,
    rides,
    now,
    writes,
  });
  comparativeRoutes(app, { auth, comparative });
  const example = new ExampleRiderService({
    repository: new ExampleRiderRepository(db),
    profiles,
    bikes,
    demo: services.demo,
    now,
    days: config.exampleRiderDays,
  });
  const advanced = new AdvancedService({
    repository: new AdvancedRepository(db),
    load: analyticsLoad,
    athleteSettings: services.athleteSettings,
    blobs,
    now,
    writes,
  });
  advancedRoutes(app, { auth, advanced, example });
  segmentRoutes(app, {
    auth,
    example,
    segments: new SegmentService({
      repository: new SegmentRepository(db),
      blobs,
      writes,
      now,
    }),
  });
  exampleRiderRoutes(app, {
    example,
    performance,
    trainingLoad,
    predictive,
  });
  registerComparativeRoutes(app, '/api/public/analytics', () => example.riderId(), { comparative });
  return { plan, example };
}

/** The rider's other records: bike fittings, and the account's export and deletion. */
function composeRiderRecords(c: Composition): void {
  const { app, db, auth, services, blobs, now } = c;
  fittingRoutes(app, {
    auth,
    fitting: new FittingService({
      repo: new FittingRepository(db),
      blobs,
      blobInUse: (key) => services.activities.blobInUse(key),
      now,
    }),
  });
  accountRoutes(app, {
    auth,
    account: new AccountRepository(db),
    activities: services.activities,
    blobs,
    now,
  });
}

/** The Fastify instance: its logger (written to the operators' log ring too), proxy trust, body limit
 * and the router's own refusals. */
function createFastify(config: Config, logger: NonNullable<BuildAppOptions['logger']>, logRing: LogRing) {
  const out =
    typeof logger === 'object' && logger.stream
      ? logger.stream
      : logger === true || (logger !== false && logger.stdout !== false)
        ? process.stdout
        : undefined;
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: logger === true ? 'info' : logger.level,
            stream: ringStream(logRing, out),
            // Never log query strings: the e-mail sign-in link carries a one-time code in its query.
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: req.url.split('?')[0],
                remoteAddress: req.ip,
              }),
            },
          },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // The router's own refusals, in the API's error shape (issue 16): a path segment over 100
    // characters cannot be an id (a 404, as any id that is not a UUID is), and a path whose
    // %-escapes do not decode is a 400.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
        return reply.code(404).send({ error: { code: 'NOT_FOUND', message: ERRORS.NOT_FOUND.message } });
      return reply.code(400).send({
        error: { code: 'VALIDATION', message: VALIDATION_MESSAGES.invalid, fields: { path: 'invalid' } },
      });
    },
  });
  return app;
}

/** Which bodies the routes read: JSON, and multipart only where the route's contract says so. */
function acceptOnlyDeclaredBodies(app: FastifyInstance): void {
  // JSON is the one body the API reads (besides the multipart uploads): without Fastify's built-in
  // text/plain parser, a text body is a 415 everywhere instead of a string reaching a route.
  app.removeContentTypeParser('text/plain');
  // Issue 28: the multipart parser (for the uploads) accepted a multipart body on every route, which
  // then saw no body and answered 200. Only the routes whose contract reads multipart take it.
  const multipartRoutes = new Set(
    API_CONTRACTS.filter((c) => c.body === 'multipart').map((c) => contractKey(c.method, c.path)),
  );
  app.addHook('preValidation', async (request) => {
    if (!/^multipart\//i.test(request.headers['content-type'] ?? '')) return;
    if (multipartRoutes.has(contractKey(request.method, request.routeOptions.url ?? ''))) return;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', undefined, {
      fields: { 'content-type': 'content_type_unsupported' },
    });
  });
}

/** Every failure in the API's error shape: { error: { code, message, fields? } } with its status. */
function registerErrorHandler(
  app: FastifyInstance,
  config: Config,
  healthRepository: HealthRepository,
): void {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    // The file store's disk filled while a route wrote to it (issue 16, "Faults"): the route stored
    // nothing (it cleaned up); the rider is told in words, the operator in the log.
    if (error instanceof StorageFullError) {
      request.log.error({ err: error.cause ?? error }, 'the file store is full');
      return reply
        .code(ERRORS.STORAGE_FULL.status)
        .send({ error: { code: 'STORAGE_FULL', message: ERRORS.STORAGE_FULL.message } });
    }
    // Issue 16 (Faults): the database away is a 503 with its own code, never a 500 (db/unavailable.ts).
    if (!(error instanceof AppError) && (await databaseUnavailable(error, healthRepository))) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          error: {
            code: 'DATABASE_UNAVAILABLE',
            message: ERRORS.DATABASE_UNAVAILABLE.message,
            retry_after_s: 5,
          },
        });
    }
    if (error instanceof AppError) {
      if (error.details.retry_after_s) reply.header('retry-after', String(error.details.retry_after_s));
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply
        .code(error.status)
        .send({ error: { code: error.code, message: error.message, ...error.details } });
    }
    const status = error.statusCode ?? 500;
    // The upload's count limits (issue 28): name the limit that was hit, not the body size.
    if (
      error.code === 'FST_FILES_LIMIT' ||
      error.code === 'FST_PARTS_LIMIT' ||
      error.code === 'FST_FIELDS_LIMIT'
    ) {
      return reply.code(413).send({
        error: {
          code: 'UPLOAD_TOO_MANY_FILES',
          message: `An upload may hold at most ${config.upload.maxFilesPerRequest} files (UPLOAD_MAX_FILES); send the rest in another upload.`,
          max_files: config.upload.maxFilesPerRequest,
        },
      });
    }
    if (status === 413) {
      return reply
        .code(413)
        .send({ error: { code: 'PAYLOAD_TOO_LARGE', message: ERRORS.PAYLOAD_TOO_LARGE.message } });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({
        error: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: ERRORS.UNSUPPORTED_MEDIA_TYPE.message,
          fields: { 'content-type': 'content_type_unsupported' },
        },
      });
    }
    if (status >= 400 && status < 500) {
      // The body parser's refusals (not JSON, empty, `__proto__` keys, a wrong length) name the body.
      const key = error.code?.startsWith('FST_ERR_CTP_') ? 'json_invalid' : 'invalid';
      return reply.code(400).send({
        error: {
          code: 'VALIDATION',
          message: key === 'json_invalid' ? VALIDATION_MESSAGES.json_invalid : error.message,
          fields: { [key === 'json_invalid' ? 'body' : '_']: key },
        },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'INTERNAL', message: ERRORS.INTERNAL.message } });
  });
}

function refuseUnstorableInput(app: FastifyInstance): void {
  // Issue 16: U+0000 anywhere in a query or JSON body is a 400 naming the field, for every route at
  // once; PostgreSQL text cannot hold it, so it used to come back from the database as a 500. So is
  // a body nested deeper than any schema reads (50,000 levels overflowed the stack: a 500).
  app.addHook('preValidation', async (request) => {
    const found = findInputProblem(request.query) ?? findInputProblem(request.body);
    if (found?.problem === 'text_nul') {
      throw new AppError('VALIDATION', VALIDATION_MESSAGES.text_nul, {
        fields: { [found.path]: 'text_nul' },
      });
    }
    if (found) {
      throw new AppError('VALIDATION', 'The request nests values too deeply.', {
        fields: { [found.path || '_']: 'invalid' },
      });
    }
  });
}

/**
 * Whether a failed request failed because the database is away: the driver tagged the error, or it
 * looks like a connection failure (from a pool other than Kysely's, pg-boss's) and a ping within
 * two seconds confirms the database does not answer.
 */
async function databaseUnavailable(error: unknown, health: HealthRepository): Promise<boolean> {
  if (isTaggedUnavailable(error)) return true;
  if (!isDatabaseUnavailable(error)) return false;
  try {
    await Promise.race([
      health.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('ping timed out')), 2_000).unref()),
    ]);
    return false;
  } catch {
    return true;
  }
}
