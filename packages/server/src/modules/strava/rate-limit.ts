/**
 * Strava's rate limits (https://developers.strava.com/docs/rate-limits/): an overall and a "read"
 * (non-upload) limit per application, each a 15-minute and a daily count. Every response reports
 * them in `X-RateLimit-Limit` / `X-RateLimit-Usage` and `X-ReadRateLimit-Limit` /
 * `X-ReadRateLimit-Usage` ("15-minute value,daily value"). The 15-minute windows reset at 0, 15, 30
 * and 45 minutes past the hour, the daily one at midnight UTC; a request over the limit gets a 429
 * with no Retry-After, so the reset time is computed from those rules.
 */

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RateLimitReading {
  /** [15-minute, daily] */
  limit: [number, number];
  usage: [number, number];
}

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

export function nextQuarterHour(at: Date): Date {
  return new Date((Math.floor(at.getTime() / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS);
}

export function nextUtcMidnight(at: Date): Date {
  return new Date((Math.floor(at.getTime() / DAY_MS) + 1) * DAY_MS);
}

/**
 * What this process last heard about the application's quota. Shared by every rider's jobs in the
 * process (the limit is per application); each response refreshes it.
 */
export class RateLimitState {
  private pausedUntilMs = 0;

  constructor(private readonly now: () => Date) {}

  /** When requests may go out again, or undefined if they may now. */
  pausedUntil(): Date | undefined {
    return this.pausedUntilMs > this.now().getTime() ? new Date(this.pausedUntilMs) : undefined;
  }

  /** After each response: when usage has reached a limit, the next request would be refused, so wait. */
  record(headers: Headers): void {
    const { overall, read } = readRateLimitHeaders(headers);
    const now = this.now();
    for (const reading of [overall, read]) {
      if (!reading) continue;
      if (reading.usage[1] >= reading.limit[1]) this.pauseUntil(nextUtcMidnight(now));
      else if (reading.usage[0] >= reading.limit[0]) this.pauseUntil(nextQuarterHour(now));
    }
  }

  /** After a 429: the short window if the daily count is not exhausted, otherwise midnight UTC. */
  refused(headers: Headers): Date {
    const { overall, read } = readRateLimitHeaders(headers);
    const now = this.now();
    const daily = [overall, read].some((r) => r && r.usage[1] >= r.limit[1]);
    this.pauseUntil(daily ? nextUtcMidnight(now) : nextQuarterHour(now));
    return new Date(this.pausedUntilMs);
  }

  private pauseUntil(at: Date): void {
    this.pausedUntilMs = Math.max(this.pausedUntilMs, at.getTime());
  }
}
