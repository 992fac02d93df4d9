import { z } from 'zod';

// System health (spec 001 §2.14, §3 "service health entry" and "log entry"; issue 15, issue 16
// "Operators"): the services a rider depends on, the orchestrator's liveness and readiness, and the
// operators' view of the server's recent logs.

const isoTimestamp = z.string().describe('ISO 8601 UTC');

export const HEALTH_SERVICES = ['database', 'jobs', 'storage', 'mail', 'sms', 'strava', 'map_tiles'] as const;

export const HEALTH_STATUSES = ['healthy', 'warning', 'error'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/**
 * Why a service has its status; the web words it in the rider's language from this code and the
 * details, `message` is the English text for API clients.
 */
export const HEALTH_REASONS = [
  'ok',
  'slow',
  'unreachable',
  'timeout',
  'queue_stopped',
  'job_failures',
  'backlog',
  'low_space',
  'very_low_space',
  'outbox',
  'not_configured',
  'http_status',
  'rate_limited',
] as const;

export const serviceHealthSchema = z.object({
  service: z.enum(HEALTH_SERVICES),
  status: z.enum(HEALTH_STATUSES),
  reason: z.enum(HEALTH_REASONS),
  /** English; never a credential, a URL's user or password, or a query string. */
  message: z.string(),
  /** How long the check's own round trip took, ms; null when nothing was contacted (e.g. not configured). */
  response_time_ms: z.number().nonnegative().nullable(),
  last_check: isoTimestamp,
  configured: z.boolean(),
  details: z.object({
    engine: z.enum(['pglite', 'postgres']).optional(),
    /** Jobs waiting to start (created or retrying, due now). */
    waiting_jobs: z.number().int().nonnegative().optional(),
    active_jobs: z.number().int().nonnegative().optional(),
    /** Seconds the oldest due job has waited; null with none waiting. */
    oldest_waiting_s: z.number().nonnegative().nullable().optional(),
    failed_last_hour: z.number().int().nonnegative().optional(),
    free_bytes: z.number().nonnegative().optional(),
    total_bytes: z.number().nonnegative().optional(),
    /** The host (and port) contacted or configured; never a user, password or path. */
    host: z.string().optional(),
    http_status: z.number().int().optional(),
    /** Strava's application quota as its last answer reported it (X-RateLimit-*). */
    rate_limit: z
      .object({
        usage_15min: z.number(),
        limit_15min: z.number(),
        usage_day: z.number(),
        limit_day: z.number(),
        seen_at: isoTimestamp,
        paused_until: isoTimestamp.nullable(),
      })
      .nullable()
      .optional(),
  }),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

export const healthServicesResponseSchema = z.object({
  checked_at: isoTimestamp,
  services: z.array(serviceHealthSchema),
  summary: z.object({
    healthy: z.number().int().nonnegative(),
    warning: z.number().int().nonnegative(),
    error: z.number().int().nonnegative(),
  }),
  /** Whether the rider is an operator (ADMIN_EMAILS) and may read GET /api/health/logs. */
  operator: z.boolean(),
});
export type HealthServicesResponse = z.infer<typeof healthServicesResponseSchema>;

export const healthLiveResponseSchema = z.object({
  status: z.literal('ok'),
  uptime_s: z.number().nonnegative(),
  version: z.string(),
});

/** Readiness: 200 when every check passes, 503 with the same shape and the reason otherwise. */
export const healthReadyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** English, the first failed check's; null when ready. */
  reason: z.string().nullable(),
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    queue: z.boolean(),
  }),
  /** Migrations the code has that the database has not applied. */
  pending_migrations: z.array(z.string()),
});
export type HealthReadyResponse = z.infer<typeof healthReadyResponseSchema>;

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const healthLogsQuerySchema = z.object({
  /** The lowest level shown (default info). */
  level: z.enum(LOG_LEVELS).optional(),
  /** Only records at or after this instant (at most an hour back). */
  since: z.iso.datetime({ offset: true }).optional(),
});

/** A log entry (spec §3): the server's record, kept without bodies, tokens, codes or query strings. */
export const logEntrySchema = z.object({
  id: z.string(),
  level: z.enum(LOG_LEVELS),
  /** http (a request), jobs, or app. */
  category: z.enum(['http', 'jobs', 'app']),
  message: z.string(),
  timestamp: isoTimestamp,
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  stack: z.string().optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const jobFailureSchema = z.object({
  id: z.string(),
  queue: z.string(),
  message: z.string(),
  failed_at: isoTimestamp,
  attempts: z.number().int().nonnegative(),
});

export const healthLogsResponseSchema = z.object({
  since: isoTimestamp,
  level: z.enum(LOG_LEVELS),
  /** Newest first, at most 500. */
  entries: z.array(logEntrySchema),
  /** Records the buffer dropped (full) since the server started. */
  dropped: z.number().int().nonnegative(),
  job_failures: z.array(jobFailureSchema),
});
export type HealthLogsResponse = z.infer<typeof healthLogsResponseSchema>;
