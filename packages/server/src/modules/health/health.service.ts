import { statfs } from 'node:fs/promises';
import type {
  HealthLogsResponse,
  HealthReadyResponse,
  HealthServicesResponse,
  LogLevel,
  ServiceHealth,
} from '@vatio/schemas';
import type { Config } from '../../config.ts';
import type { Engine } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { RateLimitState } from '../strava/rate-limit.ts';
import type { HealthRepository } from './health.repository.ts';
import { type LogRing, LOG_RING_WINDOW_MS, scrubText } from './log-ring.ts';
import { failureText, hostOf, httpProbe, ProbeTimeout, tcpProbe, withTimeout } from './probes.ts';

// System health (spec 001 §2.14; issue 15) and the orchestrator's readiness (issue 16). Every check
// runs at once, each under its own timeout, and the whole answer is kept for CACHE_MS: a health page
// open in many riders' browsers, each refreshing every 30 s, costs one round of checks per CACHE_MS.

/** How long one round of checks is reused, ms. */
export const HEALTH_CACHE_MS = 10_000;
/** Each check's timeout, ms (the page's request stays well under the web client's 10 s). */
export const CHECK_TIMEOUT_MS = 3_000;
/** A database round trip slower than this is a warning, ms. */
export const DATABASE_SLOW_MS = 1_000;
/** File store: below this much free space a warning, bytes (an upload may unpack up to 1 GiB). */
export const STORAGE_WARNING_BYTES = 1024 ** 3;
/** File store: below this an error, bytes (uploads and imports will start failing). */
export const STORAGE_ERROR_BYTES = 100 * 1024 ** 2;
/** A due job waiting longer than this is a backlog warning, s. */
export const QUEUE_BACKLOG_S = 600;
/**
 * GET /api/health: a database that answered within this long is reported reachable without asking
 * again, ms. A load balancer (or a bench) asking many times a second then costs one query a second,
 * not one each: on the embedded database every query runs on the event loop that serves everyone
 * (issue 16). A failure is never kept: the next probe asks again.
 */
export const REACHABLE_CACHE_MS = 1_000;

type Check = Omit<ServiceHealth, 'last_check'>;

export interface HealthServiceDeps {
  repository: HealthRepository;
  queue: JobQueue;
  engine: Engine;
  /** The migrations this code has (db/migrations/index.ts). */
  migrations: readonly string[];
  config: Pick<Config, 'dataDir' | 'smtpUrl' | 'smsProviderUrl' | 'strava' | 'mapTiles' | 'adminEmails'>;
  mailKind: 'smtp' | 'outbox';
  smsKind: 'http' | 'outbox';
  rateLimit: RateLimitState | undefined;
  logs: LogRing;
  /** The rider's e-mail, to tell operators (ADMIN_EMAILS) from everyone else. */
  emailOf: (userId: string) => Promise<string | null>;
}

export class HealthService {
  private cached: { at: number; services: ServiceHealth[] } | undefined;
  private inFlight: Promise<ServiceHealth[]> | undefined;
  private reachableAt = Number.NEGATIVE_INFINITY;
  private reaching: Promise<boolean> | undefined;

  constructor(private readonly deps: HealthServiceDeps) {}

  /** Whether the database answers (GET /api/health); one query at a time, kept REACHABLE_CACHE_MS. */
  async reachable(): Promise<boolean> {
    if (performance.now() - this.reachableAt < REACHABLE_CACHE_MS) return true;
    this.reaching ??= this.deps.repository.reachable().then((ok) => {
      this.reaching = undefined;
      if (ok) this.reachableAt = performance.now();
      return ok;
    });
    return this.reaching;
  }

  async isOperator(userId: string): Promise<boolean> {
    if (this.deps.config.adminEmails.length === 0) return false;
    const email = await this.deps.emailOf(userId);
    return email !== null && this.deps.config.adminEmails.includes(email.toLowerCase());
  }

  /** The services a rider depends on; a round of checks at most every HEALTH_CACHE_MS (real time). */
  async services(userId: string): Promise<HealthServicesResponse> {
    const [services, operator] = await Promise.all([this.currentChecks(), this.isOperator(userId)]);
    const summary = { healthy: 0, warning: 0, error: 0 };
    for (const s of services) summary[s.status]++;
    const checkedAt = services.map((s) => s.last_check).sort()[0] ?? new Date().toISOString();
    return { checked_at: checkedAt, services, summary, operator };
  }

  private currentChecks(): Promise<ServiceHealth[]> {
    const cached = this.cached;
    if (cached && Date.now() - cached.at < HEALTH_CACHE_MS) return Promise.resolve(cached.services);
    this.inFlight ??= this.runChecks()
      .then((services) => {
        this.cached = { at: Date.now(), services };
        return services;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  /** Every check at once; each answers within CHECK_TIMEOUT_MS (a hung one becomes an error). */
  async runChecks(): Promise<ServiceHealth[]> {
    const checks: [ServiceHealth['service'], () => Promise<Check>][] = [
      ['database', () => this.database()],
      ['jobs', () => this.jobs()],
      ['storage', () => this.storage()],
      ['mail', () => this.mail()],
      ['sms', () => this.sms()],
      ['strava', () => this.strava()],
      ['map_tiles', () => this.mapTiles()],
    ];
    return Promise.all(
      checks.map(async ([service, run]) => {
        const started = performance.now();
        let result: Check;
        try {
          result = await withTimeout(run(), CHECK_TIMEOUT_MS);
        } catch (error) {
          result = {
            service,
            status: 'error',
            reason: error instanceof ProbeTimeout ? 'timeout' : 'unreachable',
            message: `The check failed: ${failureText(error)}`,
            response_time_ms: round(performance.now() - started),
            configured: true,
            details: {},
          };
        }
        return { ...result, last_check: new Date().toISOString() };
      }),
    );
  }

  private async database(): Promise<Check> {
    const started = performance.now();
    const base = { service: 'database' as const, configured: true, details: { engine: this.deps.engine } };
    try {
      await this.deps.repository.ping();
    } catch (error) {
      return {
        ...base,
        status: 'error',
        reason: 'unreachable',
        message: `The database does not answer: ${failureText(error)}`,
        response_time_ms: round(performance.now() - started),
      };
    }
    const ms = round(performance.now() - started);
    const engine = this.deps.engine === 'postgres' ? 'PostgreSQL' : 'embedded PGlite';
    return ms > DATABASE_SLOW_MS
      ? {
          ...base,
          status: 'warning',
          reason: 'slow',
          message: `${engine} answers slowly (${ms} ms)`,
          response_time_ms: ms,
        }
      : { ...base, status: 'healthy', reason: 'ok', message: `${engine} answers`, response_time_ms: ms };
  }

  private async jobs(): Promise<Check> {
    const started = performance.now();
    const stats = await this.deps.repository.queueStats();
    const ms = round(performance.now() - started);
    const details = {
      waiting_jobs: stats.waiting,
      active_jobs: stats.active,
      oldest_waiting_s: stats.oldestWaitingS === null ? null : Math.round(stats.oldestWaitingS),
      failed_last_hour: stats.failedLastHour,
    };
    const base = { service: 'jobs' as const, configured: true, details, response_time_ms: ms };
    const counts = `${stats.waiting} waiting, ${stats.active} running, ${stats.failedLastHour} failed in the last hour`;
    if (!this.deps.queue.running())
      return {
        ...base,
        status: 'error',
        reason: 'queue_stopped',
        message: `The job queue is stopped (${counts})`,
      };
    if (stats.oldestWaitingS !== null && stats.oldestWaitingS > QUEUE_BACKLOG_S)
      return {
        ...base,
        status: 'warning',
        reason: 'backlog',
        message: `A job has waited ${Math.round(stats.oldestWaitingS)} s (${counts})`,
      };
    if (stats.failedLastHour > 0)
      return {
        ...base,
        status: 'warning',
        reason: 'job_failures',
        message: `Jobs failed recently (${counts})`,
      };
    return { ...base, status: 'healthy', reason: 'ok', message: `The job queue runs (${counts})` };
  }

  private async storage(): Promise<Check> {
    const started = performance.now();
    const stats = await statfs(this.deps.config.dataDir);
    const ms = round(performance.now() - started);
    const free = Number(stats.bavail) * Number(stats.bsize);
    const total = Number(stats.blocks) * Number(stats.bsize);
    const details = { free_bytes: free, total_bytes: total };
    const base = { service: 'storage' as const, configured: true, details, response_time_ms: ms };
    const words = `${gib(free)} GiB free of ${gib(total)} GiB`;
    if (free < STORAGE_ERROR_BYTES)
      return {
        ...base,
        status: 'error',
        reason: 'very_low_space',
        message: `Almost no space left: ${words}`,
      };
    if (free < STORAGE_WARNING_BYTES)
      return { ...base, status: 'warning', reason: 'low_space', message: `Space is running low: ${words}` };
    return { ...base, status: 'healthy', reason: 'ok', message: words };
  }

  private mail(): Promise<Check> {
    return this.provider(
      'mail',
      this.deps.mailKind === 'smtp' ? this.deps.config.smtpUrl : undefined,
      { 'smtp:': 587, 'smtps:': 465 },
      'E-mails are written to the outbox folder, not sent: set SMTP_URL',
      'SMTP server',
    );
  }

  private sms(): Promise<Check> {
    return this.provider(
      'sms',
      this.deps.smsKind === 'http' ? this.deps.config.smsProviderUrl : undefined,
      {},
      'Text messages are written to the outbox folder, not sent: set SMS_PROVIDER_URL',
      'Text message provider',
    );
  }

  /** Mail or text delivery: the outbox is a warning; a configured server must accept a connection. */
  private async provider(
    service: 'mail' | 'sms',
    url: string | undefined,
    defaultPorts: Record<string, number>,
    outboxMessage: string,
    label: string,
  ): Promise<Check> {
    if (!url)
      return {
        service,
        status: 'warning',
        reason: 'outbox',
        message: outboxMessage,
        response_time_ms: null,
        configured: false,
        details: {},
      };
    const target = hostOf(url, defaultPorts);
    if (!target)
      return {
        service,
        status: 'error',
        reason: 'unreachable',
        message: `${label}: the configured address cannot be read`,
        response_time_ms: null,
        configured: true,
        details: {},
      };
    const host = `${target.host}:${target.port}`;
    const started = performance.now();
    try {
      await tcpProbe(target.host, target.port, CHECK_TIMEOUT_MS - 200);
    } catch (error) {
      return {
        service,
        status: 'error',
        reason: error instanceof ProbeTimeout ? 'timeout' : 'unreachable',
        message: `${label} ${host} cannot be reached: ${failureText(error)}`,
        response_time_ms: round(performance.now() - started),
        configured: true,
        details: { host },
      };
    }
    return {
      service,
      status: 'healthy',
      reason: 'ok',
      message: `${label} ${host} accepts connections`,
      response_time_ms: round(performance.now() - started),
      configured: true,
      details: { host },
    };
  }

  private async strava(): Promise<Check> {
    const { strava } = this.deps.config;
    const base = { service: 'strava' as const };
    const rateLimit = this.rateLimitDetails();
    if (!strava.clientId || !strava.clientSecret)
      return {
        ...base,
        status: 'warning',
        reason: 'not_configured',
        message: 'Strava is not configured: set STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET',
        response_time_ms: null,
        configured: false,
        details: { rate_limit: rateLimit },
      };
    const target = hostOf(strava.apiUrl);
    const host = target ? `${target.host}:${target.port}` : undefined;
    const started = performance.now();
    let status: number;
    try {
      // Without a token: any answer (401 included) proves Strava's API answers; nothing is counted
      // against a rider, and the answer's quota headers are not the application's.
      status = await httpProbe(`${strava.apiUrl}/athlete`, CHECK_TIMEOUT_MS - 200);
    } catch (error) {
      return {
        ...base,
        status: 'error',
        reason: error instanceof ProbeTimeout ? 'timeout' : 'unreachable',
        message: `Strava's API cannot be reached: ${failureText(error)}`,
        response_time_ms: round(performance.now() - started),
        configured: true,
        details: { ...(host ? { host } : {}), rate_limit: rateLimit },
      };
    }
    const ms = round(performance.now() - started);
    const details = { ...(host ? { host } : {}), http_status: status, rate_limit: rateLimit };
    if (status >= 500)
      return {
        ...base,
        status: 'warning',
        reason: 'http_status',
        message: `Strava's API answers HTTP ${status}`,
        response_time_ms: ms,
        configured: true,
        details,
      };
    if (rateLimit?.paused_until)
      return {
        ...base,
        status: 'warning',
        reason: 'rate_limited',
        message: `Strava's rate limit is reached: imports wait until ${rateLimit.paused_until}`,
        response_time_ms: ms,
        configured: true,
        details,
      };
    return {
      ...base,
      status: 'healthy',
      reason: 'ok',
      message: "Strava's API answers",
      response_time_ms: ms,
      configured: true,
      details,
    };
  }

  private rateLimitDetails(): NonNullable<ServiceHealth['details']['rate_limit']> | null {
    const state = this.deps.rateLimit;
    const last = state?.lastReading();
    const paused = state?.pausedUntil();
    // The overall quota (reads count in it too); the read quota when only that was reported.
    const reading = last?.overall ?? last?.read;
    if (!last || !reading) return null;
    return {
      usage_15min: reading.usage[0],
      limit_15min: reading.limit[0],
      usage_day: reading.usage[1],
      limit_day: reading.limit[1],
      seen_at: last.at.toISOString(),
      paused_until: paused ? paused.resumeAt.toISOString() : null,
    };
  }

  private async mapTiles(): Promise<Check> {
    const tiles = this.deps.config.mapTiles;
    if (!tiles)
      return {
        service: 'map_tiles',
        status: 'warning',
        reason: 'not_configured',
        message: 'No map tile server is set (MAP_TILE_URL): routes are drawn on a plain background',
        response_time_ms: null,
        configured: false,
        details: {},
      };
    // The riders' browsers fetch the tiles; the server never contacts the tile server.
    const target = hostOf(tiles.url.replace(/\{[^}]*\}/g, '0'));
    return {
      service: 'map_tiles',
      status: 'healthy',
      reason: 'ok',
      message: `Map tiles come from ${target?.host ?? 'the configured server'}, fetched by the browser`,
      response_time_ms: null,
      configured: true,
      details: target ? { host: target.host } : {},
    };
  }

  /** Readiness for an orchestrator: database reachable, every migration applied, job queue running. */
  async ready(): Promise<HealthReadyResponse> {
    let database = false;
    let pending: string[] = [];
    let migrationsOk = false;
    try {
      await withTimeout(this.deps.repository.ping(), CHECK_TIMEOUT_MS);
      database = true;
      const applied = new Set(await withTimeout(this.deps.repository.appliedMigrations(), CHECK_TIMEOUT_MS));
      pending = this.deps.migrations.filter((name) => !applied.has(name));
      migrationsOk = pending.length === 0;
    } catch {
      // Reported below: the database (or its migration table) did not answer.
    }
    const queue = this.deps.queue.running();
    const reason = !database
      ? 'The database does not answer'
      : !migrationsOk
        ? pending.length > 0
          ? `Migrations not applied: ${pending.join(', ')}`
          : 'The migration table cannot be read'
        : !queue
          ? 'The job queue is not running'
          : null;
    return {
      status: reason === null ? 'ready' : 'not_ready',
      reason,
      checks: { database, migrations: migrationsOk, queue },
      pending_migrations: pending,
    };
  }

  /** Operators' view: the server's log records and the jobs that failed, since `since` (≤ 1 hour). */
  async logs(query: { level?: LogLevel; since?: string }): Promise<HealthLogsResponse> {
    const hourAgo = Date.now() - LOG_RING_WINDOW_MS;
    const asked = query.since ? Date.parse(query.since) : hourAgo;
    const sinceMs = Math.max(hourAgo, Number.isNaN(asked) ? hourAgo : asked);
    const level = query.level ?? 'info';
    const failures = await this.deps.repository.jobFailures(new Date(sinceMs), 100);
    return {
      since: new Date(sinceMs).toISOString(),
      level,
      entries: this.deps.logs.read({ level, sinceMs, limit: 500 }),
      dropped: this.deps.logs.dropped,
      job_failures: failures.map((f) => ({
        id: f.id,
        queue: f.name,
        message: scrubText(f.message ?? 'failed', 1000),
        failed_at: f.completed_on.toISOString(),
        attempts: f.retry_count + 1,
      })),
    };
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const gib = (bytes: number) => (bytes / 1024 ** 3).toFixed(1);
