import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

/** Everything the server reads from its environment (README lists each variable). */
export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite database in `dataDir/pglite` is used. */
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsProviderUrl: string | undefined;
  /** 32 bytes; signs access tokens and hashes one-time codes. */
  secretKey: Buffer;
  logLevel: string;
  /** Codes one client address may request per hour (spec: configurable, default 30). */
  otpRequestsPerIpPerHour: number;
  /** Failed code verifications one client address may make per hour (issue 16; default 20). */
  otpVerifyFailuresPerIpPerHour: number;
  /** Requests one personal API key may make per 10 minutes (issue 12; default 600). */
  apiKeyRequestsPer10Min: number;
  /**
   * Which peers' `X-Forwarded-For` is believed (TRUST_PROXY): false (none, the default), a number of
   * proxy hops in front of the server (`true` is 1: the proxy that connects to us), or a list of proxy
   * addresses/CIDRs. Never "every hop": a client could then name any address it likes in its own
   * X-Forwarded-For and escape the per-address sign-in limits.
   */
  trustProxy: false | number | string;
  upload: {
    maxFileBytes: number;
    maxZipEntries: number;
    maxUnpackedBytes: number;
    maxFilesPerRequest: number;
    /** Archives one rider may have being unpacked at once (UPLOAD_ZIPS_PER_RIDER, default 1). */
    maxZipsPerRider: number;
    /**
     * Bytes one rider may store (STORAGE_QUOTA_MB, default 5120; 0: no quota). Issue 28: without it one
     * account could fill the disk. What counts: imports/storage-quota.ts.
     */
    storageQuotaBytes: number | null;
  };
  /** Run the background workers in the server process (default); `vatio worker` runs more. */
  inProcessWorkers: boolean;
  /**
   * Days of demo rides the public /analytics example rider gets (EXAMPLE_RIDER_DAYS, default the full
   * demo plan, 182); tests and the end-to-end run use a short plan so it is ready in seconds.
   */
  exampleRiderDays: number;
  /**
   * Prepare the example rider in the background right after start-up, so the first visitor of the
   * public /analytics does not wait (EXAMPLE_RIDER_PREPARE; default on, off when NODE_ENV=test so
   * tests and benches that start servers do not generate it unless they ask).
   */
  exampleRiderPrepare: boolean;
  /** Worker threads for decoding and analysing imports (0: in the job's own thread). */
  analysisThreads: number;
  /**
   * IMPORT_STAGE_TIMES_FILE: where the import writes its time per stage (import-stage-times.ts), for
   * `npm run bench -- import`; unset, nothing is measured.
   */
  importStageTimesFile: string | undefined;
  /** Folder with the built web app; not served when absent. */
  webDistDir: string | undefined;
  /** Serve the web build's source maps (SERVE_SOURCE_MAPS=true); off by default. */
  serveSourceMaps: boolean;
  strava: StravaConfig;
  /** Map tiles under the ride's route; null (the default) draws the track on a plain background. */
  mapTiles: MapTilesConfig | null;
  /**
   * Operators (ADMIN_EMAILS, comma-separated, compared lower-case): riders signed in with one of these
   * e-mails may read the server's recent logs and job failures (GET /api/health/logs). Empty: nobody.
   */
  adminEmails: string[];
  /**
   * Memory for whole answers of the rider's screens kept until their data changes
   * (RESPONSE_CACHE_MB, default 64: 200 riders' screens took 35 MB in `npm run bench -- load`; 0 turns
   * it off). On PostgreSQL keyed by the rider's write version in the database
   * (http/rider-response-cache.ts).
   */
  responseCacheBytes: number;
  /**
   * Answers checked against their route's contract (VALIDATE_RESPONSES, http/response-check.ts):
   * `all` (the default when NODE_ENV=test) checks each before it is sent and answers a 500 instead of
   * one outside its schema; a share such as `0.01` (the default otherwise) checks that share after it
   * is sent and logs a mismatch; `off` checks none.
   */
  validateResponses: ResponseValidation;
}

/**
 * How answers are checked against their contract (VALIDATE_RESPONSES, checked by http/response-check.ts; the reasons and the
 * measured cost: docs/ARCHITECTURE.md, "Responses checked against their contract").
 * - `enforce` (the default when NODE_ENV=test: the test harness and the browser suite): every JSON success answer is
 *   parsed before it is sent; one outside its schema becomes a 500 RESPONSE_SCHEMA_MISMATCH naming
 *   the route and the first issues, so any route test that reaches it fails and a developer sees it.
 * - `sample` (the default otherwise, `npm start` included; rate 0.01): that share of answers is checked after it has been
 *   sent, off the rider's wait; a mismatch is logged (route, status, issues) and the rider has the
 *   whole answer, as the handler made it. Never a 500 that comes and goes with the draw, and never a
 *   cut answer.
 * - `off`: nothing is checked.
 */
export type ResponseValidation = { mode: 'enforce' } | { mode: 'sample'; rate: number } | { mode: 'off' };

/** An XYZ tile server the rider's browser fetches from (never contacted unless the operator sets one). */
export interface MapTilesConfig {
  /** Template with `{z}`, `{x}` and `{y}`, e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. */
  url: string;
  /** Credit the tile provider requires, shown on the map; empty when not set. */
  attribution: string;
  maxZoom: number;
}

/** Strava API application (https://www.strava.com/settings/api); connecting is off without credentials. */
export interface StravaConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** OAuth base: `/authorize`, `/token` and `/deauthorize` live under it. */
  oauthUrl: string;
  apiUrl: string;
  /** Token Strava echoes in the push-subscription handshake; push is refused without one. */
  webhookVerifyToken: string | undefined;
  /** Id of the push subscription (`vatio strava subscribe` prints it); events of another are dropped. */
  webhookSubscriptionId: number | undefined;
  /** A request to Strava that has not answered by then is given up (and retried later), ms. */
  timeoutMs: number;
  /**
   * The first wait after Strava did not answer or answered 5xx (doubling with each failure in a
   * row, at most 5 minutes), and how often a run waiting for Strava looks again, ms.
   */
  retryDelayMs: number;
}

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export class ConfigError extends Error {}

/** VALIDATE_RESPONSES: `all`, `off`, or the share of answers (0 < share ≤ 1) checked after they are sent. */
function readResponseValidation(value: string | undefined, nodeEnv: string): ResponseValidation {
  const raw = (value ?? '').trim().toLowerCase();
  // `npm start` runs with NODE_ENV unset (development, outbox for codes): a self-hoster's install, so
  // it samples as production does; tests and the browser suite (NODE_ENV=test) check every answer.
  if (raw === '') return nodeEnv === 'test' ? { mode: 'enforce' } : { mode: 'sample', rate: 0.01 };
  if (raw === 'all') return { mode: 'enforce' };
  if (raw === 'off') return { mode: 'off' };
  const rate = Number(raw);
  if (/^\d*\.?\d+$/.test(raw) && rate > 0 && rate <= 1) return { mode: 'sample', rate };
  throw new ConfigError(
    `VALIDATE_RESPONSES must be all, off or a share between 0 and 1 (0.01: one answer in a hundred), got "${value}".`,
  );
}

/** DATA_DIR, resolved, without reading (or generating) anything else (`vatio restore` must change nothing first). */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.DATA_DIR ?? join(REPO_ROOT, 'data'));
}

function readSecretKey(env: NodeJS.ProcessEnv, dataDir: string): Buffer {
  if (env.SECRET_KEY) {
    const key = Buffer.from(env.SECRET_KEY, env.SECRET_KEY.length === 64 ? 'hex' : 'utf8');
    if (key.length < 32)
      throw new ConfigError('SECRET_KEY must be at least 32 bytes (or 64 hex characters).');
    return key;
  }
  // First start without SECRET_KEY: generate one and keep it beside the data it protects.
  const file = join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // Several processes sharing DATA_DIR may start at once (docs/DEPLOYMENT.md): the key is written
    // whole under a name of its own, then linked into place, which fails if another got there first;
    // every process then reads the one key that won (a plain write let each keep its own).
    const mine = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(mine, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(mine, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(mine);
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new ConfigError(`${name} must be a positive whole number, got "${value}".`);
  return n;
}

/**
 * STORAGE_QUOTA_MB: 5 GB by default, 0 turns it off. A 3-hour FIT at 1 s is about 0.5 MB, so 300 rides a
 * year are ~150 MB: decades of FIT, or years of the bulkier GPX/TCX, yet one account cannot fill a disk.
 */
function readStorageQuota(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return 5120 * 1024 * 1024;
  const mb = nonNegativeInt(value.trim(), 'STORAGE_QUOTA_MB');
  return mb === 0 ? null : mb * 1024 * 1024;
}

function nonNegativeInt(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new ConfigError(`${name} must be a whole number (0 or more), got "${value}".`);
  return n;
}

function readMapTiles(env: NodeJS.ProcessEnv): MapTilesConfig | null {
  const url = env.MAP_TILE_URL?.trim();
  if (!url) return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // Reported below with the rule.
  }
  const missing = ['{z}', '{x}', '{y}'].filter((part) => !url.includes(part));
  // The browser fills in z/x/y only: a `{s}` subdomain placeholder in the host would be fetched literally.
  const hostOk = parsed && !/[{}]/.test(parsed.hostname);
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !hostOk || missing.length > 0) {
    throw new ConfigError(
      `MAP_TILE_URL must be an http(s) URL on one host with {z}, {x} and {y} in it, for example https://tile.openstreetmap.org/{z}/{x}/{y}.png; got "${url}"${missing.length ? ` (missing ${missing.join(', ')})` : ''}.`,
    );
  }
  const rawZoom = env.MAP_TILE_MAX_ZOOM?.trim();
  const maxZoom = rawZoom ? Number(rawZoom) : 18;
  if (!Number.isInteger(maxZoom) || maxZoom < 0 || maxZoom > 24)
    throw new ConfigError(`MAP_TILE_MAX_ZOOM must be a whole number from 0 to 24, got "${rawZoom}".`);
  return { url, attribution: env.MAP_TILE_ATTRIBUTION?.trim() ?? '', maxZoom };
}

/** A yes/no setting: true/1/yes or false/0/no (any case); empty or absent is the default. */
function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  const raw = (value ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (raw === 'true' || raw === '1' || raw === 'yes') return true;
  if (raw === 'false' || raw === '0' || raw === 'no') return false;
  throw new ConfigError(`${name} must be true or false, got "${value}".`);
}

/**
 * TRUST_PROXY: `false`/empty (the socket's address is the client's), `true` or a whole number N
 * (N proxies in front, the nearest on a private network: the client is the Nth address counting
 * from the right of X-Forwarded-For; http/trust-proxy.ts), or a comma-separated list of the
 * proxies' addresses or CIDRs (`127.0.0.1,10.0.0.0/8`: addresses in it are skipped from the right).
 * Fastify's own `true` trusts every hop, which would take the left-most, client-written address:
 * `true` here means 1.
 */
function readTrustProxy(value: string | undefined): false | number | string {
  const raw = (value ?? '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return 1;
  if (/^\d+$/.test(raw)) return Number(raw);
  const parts = raw.split(',').map((part) => part.trim());
  const address = /^(?:[0-9a-f.:]+)(?:\/\d{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/i;
  if (parts.some((part) => !address.test(part)))
    throw new ConfigError(
      `TRUST_PROXY must be false, true (one proxy in front), a number of proxies, or a comma-separated list of proxy addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8); got "${raw}".`,
    );
  return parts.join(',');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const port = positiveInt(env.PORT, 3000, 'PORT');
  const dataDir = dataDirFromEnv(env);
  const smtpUrl = env.SMTP_URL || undefined;
  if (nodeEnv === 'production' && !smtpUrl) {
    throw new ConfigError(
      'SMTP_URL is not set. In production Vatio must send sign-in codes by e-mail: set SMTP_URL (for example smtp://user:pass@mail.example.org:587), or run with NODE_ENV=development to write messages to DATA_DIR/outbox instead.',
    );
  }
  const webDist = env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : join(REPO_ROOT, 'packages/web/dist');
  return {
    nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl,
    mailFrom: env.MAIL_FROM ?? 'Vatio <no-reply@localhost>',
    smsProviderUrl: env.SMS_PROVIDER_URL || undefined,
    secretKey: readSecretKey(env, dataDir),
    logLevel: env.LOG_LEVEL ?? 'info',
    otpRequestsPerIpPerHour: positiveInt(
      env.OTP_REQUESTS_PER_IP_PER_HOUR,
      30,
      'OTP_REQUESTS_PER_IP_PER_HOUR',
    ),
    otpVerifyFailuresPerIpPerHour: positiveInt(
      env.OTP_VERIFY_FAILURES_PER_IP_PER_HOUR,
      20,
      'OTP_VERIFY_FAILURES_PER_IP_PER_HOUR',
    ),
    apiKeyRequestsPer10Min: positiveInt(env.API_KEY_REQUESTS_PER_10_MIN, 600, 'API_KEY_REQUESTS_PER_10_MIN'),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    upload: {
      maxFileBytes: positiveInt(env.UPLOAD_MAX_FILE_MB, 50, 'UPLOAD_MAX_FILE_MB') * 1024 * 1024,
      maxZipEntries: positiveInt(env.UPLOAD_MAX_ZIP_ENTRIES, 2000, 'UPLOAD_MAX_ZIP_ENTRIES'),
      maxUnpackedBytes: positiveInt(env.UPLOAD_MAX_UNPACKED_MB, 1024, 'UPLOAD_MAX_UNPACKED_MB') * 1024 * 1024,
      maxFilesPerRequest: positiveInt(env.UPLOAD_MAX_FILES, 200, 'UPLOAD_MAX_FILES'),
      maxZipsPerRider: positiveInt(env.UPLOAD_ZIPS_PER_RIDER, 1, 'UPLOAD_ZIPS_PER_RIDER'),
      storageQuotaBytes: readStorageQuota(env.STORAGE_QUOTA_MB),
    },
    inProcessWorkers: env.WORKERS_IN_PROCESS !== 'false',
    responseCacheBytes:
      env.RESPONSE_CACHE_MB === undefined || env.RESPONSE_CACHE_MB === ''
        ? 64 * 1024 * 1024
        : nonNegativeInt(env.RESPONSE_CACHE_MB, 'RESPONSE_CACHE_MB') * 1024 * 1024,
    validateResponses: readResponseValidation(env.VALIDATE_RESPONSES, nodeEnv),
    exampleRiderDays: positiveInt(env.EXAMPLE_RIDER_DAYS, 182, 'EXAMPLE_RIDER_DAYS'),
    exampleRiderPrepare: flag(env.EXAMPLE_RIDER_PREPARE, nodeEnv !== 'test', 'EXAMPLE_RIDER_PREPARE'),
    // One core stays with the main thread (HTTP, and PGlite, which runs in it); the others analyse.
    analysisThreads:
      env.ANALYSIS_THREADS === undefined || env.ANALYSIS_THREADS === ''
        ? Math.min(4, Math.max(0, availableParallelism() - 1))
        : nonNegativeInt(env.ANALYSIS_THREADS, 'ANALYSIS_THREADS'),
    importStageTimesFile: env.IMPORT_STAGE_TIMES_FILE || undefined,
    webDistDir: existsSync(join(webDist, 'index.html')) ? webDist : undefined,
    serveSourceMaps: env.SERVE_SOURCE_MAPS === 'true' || env.SERVE_SOURCE_MAPS === '1',
    strava: {
      clientId: env.STRAVA_CLIENT_ID || undefined,
      clientSecret: env.STRAVA_CLIENT_SECRET || undefined,
      oauthUrl: (env.STRAVA_OAUTH_URL || 'https://www.strava.com/oauth').replace(/\/$/, ''),
      apiUrl: (env.STRAVA_API_URL || 'https://www.strava.com/api/v3').replace(/\/$/, ''),
      webhookVerifyToken: env.STRAVA_WEBHOOK_VERIFY_TOKEN || undefined,
      webhookSubscriptionId: env.STRAVA_WEBHOOK_SUBSCRIPTION_ID
        ? Number(env.STRAVA_WEBHOOK_SUBSCRIPTION_ID)
        : undefined,
      timeoutMs: positiveInt(env.STRAVA_TIMEOUT_MS, 30_000, 'STRAVA_TIMEOUT_MS'),
      retryDelayMs: positiveInt(env.STRAVA_RETRY_DELAY_MS, 5_000, 'STRAVA_RETRY_DELAY_MS'),
    },
    mapTiles: readMapTiles(env),
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
  };
}
