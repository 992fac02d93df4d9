/**
 * Strava's rate limits (https://developers.strava.com/docs/rate-limits/): an overall and a "read"
 * (non-upload) limit per application, each a 15-minute and a daily count. Every response reports
 * them in `X-RateLimit-Limit` / `X-RateLimit-Usage` and `X-ReadRateLimit-Limit` /
 * `X-ReadRateLimit-Usage` ("15-minute value,daily value"). The 15-minute windows reset at 0, 15, 30
 * and 45 minutes past the hour, the daily one at midnight UTC.
 *
 * After a 429 the wait is, in this order: the answer's `Retry-After` when it has one (RFC 9110
 * §10.2.3: seconds or an HTTP date); midnight UTC when a daily usage has reached its limit; the next
 * quarter hour when a 15-minute usage has; otherwise (a refusal the counts do not explain) a short
 * backoff that grows with each refusal in a row: 2, 4, 8… s, at most a minute.
 */

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The short backoff: first wait and ceiling, s. */
export const BACKOFF_FIRST_S = 2;
export const BACKOFF_MAX_S = 60;

export interface RateLimitReading {
  /** [15-minute, daily] */
  limit: [number, number];
  usage: [number, number];
}

/** Why requests wait: the reason a 429 (or a response at the limit) gave. */
export type PauseReason = 'retry_after' | 'daily' | 'quarter' | 'backoff';

function pair(value: string | null): [number, number] | undefined {
  if (!value) return undefined;
  const [a, b] = value.split(',').map((v) => Number(v.trim()));
  return Number.isFinite(a) && Number.isFinite(b) ? [a!, b!] : undefined;
}

/** The overall and read readings of one response's headers (absent headers give undefined). */
export function readRateLimitHeaders(headers: Headers): {
  overall?: RateLimitReading;
  read?: RateLimitReading;
} {
  const reading = (limit: string, usage: string): RateLimitReading | undefined => {
    const l = pair(headers.get(limit));
    const u = pair(headers.get(usage));
    return l && u ? { limit: l, usage: u } : undefined;
  };
  const overall = reading('x-ratelimit-limit', 'x-ratelimit-usage');
  const read = reading('x-readratelimit-limit', 'x-readratelimit-usage');
  return { ...(overall ? { overall } : {}), ...(read ? { read } : {}) };
}

/** `Retry-After` as an instant: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined if absent or unreadable. */
export function retryAfter(headers: Headers, now: Date): Date | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return new Date(now.getTime() + Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : new Date(Math.max(at, now.getTime()));
}

export function nextQuarterHour(at: Date): Date {
  return new Date((Math.floor(at.getTime() / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS);
}

export function nextUtcMidnight(at: Date): Date {
  return new Date((Math.floor(at.getTime() / DAY_MS) + 1) * DAY_MS);
}

/** Which window a response's usage has filled: the daily one first (it lasts longer). */
function exhausted(headers: Headers): 'daily' | 'quarter' | undefined {
  const readings = Object.values(readRateLimitHeaders(headers));
  if (readings.some((r) => r.usage[1] >= r.limit[1])) return 'daily';
  if (readings.some((r) => r.usage[0] >= r.limit[0])) return 'quarter';
  return undefined;
}

/** The n-th refusal in a row (1, 2, …) waits this long, s: 2, 4, 8, 16, 32, 60, 60… */
export function backoffS(refusalsInRow: number): number {
  return Math.min(BACKOFF_MAX_S, BACKOFF_FIRST_S * 2 ** Math.max(0, refusalsInRow - 1));
}

/**
 * What this process last heard about the application's quota. Shared by every rider's jobs in the
 * process (the limit is per application); each response refreshes it.
 */
export class RateLimitState {
  private pausedUntilMs = 0;
  private reason: PauseReason = 'quarter';
  private refusalsInRow = 0;
  private last: { overall?: RateLimitReading; read?: RateLimitReading; at: Date } | undefined;

  constructor(private readonly now: () => Date) {}

  /** The quota the last answer that reported one stated, and when (the health page shows it). */
  lastReading(): { overall?: RateLimitReading; read?: RateLimitReading; at: Date } | undefined {
    return this.last;
  }

  private remember(headers: Headers): void {
    const reading = readRateLimitHeaders(headers);
    if (reading.overall || reading.read) this.last = { ...reading, at: this.now() };
  }

  /** When requests may go out again and why, or undefined if they may now. */
  pausedUntil(): { resumeAt: Date; reason: PauseReason } | undefined {
    return this.pausedUntilMs > this.now().getTime()
      ? { resumeAt: new Date(this.pausedUntilMs), reason: this.reason }
      : undefined;
  }

  /** After each accepted response: when usage has reached a limit, the next request would be refused, so wait. */
  record(headers: Headers): void {
    this.remember(headers);
    this.refusalsInRow = 0;
    const now = this.now();
    const window = exhausted(headers);
    if (window === 'daily') this.pauseUntil(nextUtcMidnight(now), 'daily');
    else if (window === 'quarter') this.pauseUntil(nextQuarterHour(now), 'quarter');
  }

  /** After a 429: when to try again, and why (see the module comment for the order). */
  refused(headers: Headers): { resumeAt: Date; reason: PauseReason } {
    this.remember(headers);
    this.refusalsInRow++;
    const now = this.now();
    const told = retryAfter(headers, now);
    const window = exhausted(headers);
    const [resumeAt, reason]: [Date, PauseReason] = told
      ? [told, 'retry_after']
      : window === 'daily'
        ? [nextUtcMidnight(now), 'daily']
        : window === 'quarter'
          ? [nextQuarterHour(now), 'quarter']
          : [new Date(now.getTime() + backoffS(this.refusalsInRow) * 1000), 'backoff'];
    // A refusal states the wait afresh: it replaces, not extends, what earlier answers implied.
    this.pausedUntilMs = resumeAt.getTime();
    this.reason = reason;
    return { resumeAt, reason };
  }

  private pauseUntil(at: Date, reason: PauseReason): void {
    if (at.getTime() <= this.pausedUntilMs) return;
    this.pausedUntilMs = at.getTime();
    this.reason = reason;
  }
}
