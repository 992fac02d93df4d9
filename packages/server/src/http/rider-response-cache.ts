import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WriteEpoch } from '../db/write-epoch.ts';
import type { Authenticated } from '../kernel/authenticated.ts';

/**
 * The rider's screens that are answered from memory while nothing of theirs changed: GET routes whose
 * answer is a function of the rider's own rows, the URL (path and query), the language asked for and
 * the day (their "today", "this week", "the last 90 days"), and of nothing else: no clock finer than
 * the day, no other rider's data, no state outside the database. A route joins this list only when
 * that is true of it; imports, Strava status, health, exports and the photos' images are not on it.
 */
export const RIDER_CACHED_ROUTES: ReadonlySet<string> = new Set([
  '/api/me',
  '/api/dashboard',
  '/api/dashboard/power-curve',
  '/api/dashboard/overview',
  '/api/activities',
  '/api/activities/:id',
  '/api/activities/:id/analysis',
  '/api/analytics/performance',
  '/api/analytics/training-load',
  '/api/analytics/predictive',
  '/api/analytics/advanced',
  '/api/bikes',
  '/api/bikes/:id/performance',
  '/api/maintenance/due',
  // Issue 28: the parts' wear sums the bike's rides (a query per part), the service log its rows; the
  // fitting lists are the rider's rows. Each was a query or more on every visit of the garage.
  '/api/bikes/:id/components',
  '/api/bikes/:id/maintenance',
  '/api/fitting/measurements',
  '/api/fitting/positions',
  '/api/fitting/sessions',
  '/api/fitting/photos',
  // Issue 26: the plan is computed from the rider's rows and their day in the plan's zone.
  '/api/plan',
  '/api/goals',
  '/api/workouts',
  '/api/workouts/library',
  // Polled while an import runs: the import's job writes as the rider, so each step shows at once.
  '/api/imports/:id',
]);

/**
 * Local midnight, anywhere, falls on a whole quarter of an hour of UTC (every zone's offset is a whole
 * number of quarter hours: IANA tz database), so an answer kept no longer than the quarter hour it was
 * made in never outlives the rider's day, whatever their zone.
 */
const PERIOD_MS = 15 * 60 * 1000;

interface Entry {
  /** The rider's write epoch (PostgreSQL: write version) before the answer was computed (db/write-epoch.ts). */
  stamp: number | string;
  /** The quarter hour it was computed in. */
  period: number;
  contentType: string;
  body: string | Buffer;
  bytes: number;
}

interface Ticket {
  key: string;
  stamp: number | string;
  period: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request's answer may be kept (rider-response-cache.ts). */
    riderCacheTicket?: Ticket;
  }
  interface FastifyInstance {
    riderResponses?: RiderResponseCache;
  }
}

export interface RiderResponseCacheOptions {
  writes: WriteEpoch;
  now: () => Date;
  /** All answers kept, bytes (RESPONSE_CACHE_MB); the oldest go first. */
  maxBytes: number;
  /**
   * Larger answers are not kept (a ride's streams have a cache of their own). Default 1 MB: a bike's
   * performance over 2,000 rides is ~309 KB, and the 256 KB this was left it recomputed on every visit
   * (issue 28, bench/garage.ts); at 1 MB the default 64 MB still holds 64 of the largest.
   */
  maxEntryBytes?: number;
}

/**
 * Whole answers of the routes above, kept per rider (and credential, URL and language) until a write of
 * that rider's, or an unattributed write, moves their epoch. On the embedded database the in-process
 * epoch proves nothing changed; on PostgreSQL, where other processes write too, the rider's write
 * version read with the session or API key check does (db/write-epoch.ts). The check costs a map lookup where the answer would cost queries: under load most
 * requests of riders who are only reading are answered this way (bench/load.ts).
 */
export class RiderResponseCache {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  private hits = 0;
  private misses = 0;
  private readonly maxEntryBytes: number;

  constructor(private readonly options: RiderResponseCacheOptions) {
    this.maxEntryBytes = options.maxEntryBytes ?? 1024 * 1024;
  }

  /** Keeps the answers of tagged requests (an onSend hook: after serialization, before writing). */
  register(app: FastifyInstance): void {
    app.decorate('riderResponses', this as RiderResponseCache);
    app.addHook('onSend', async (request, reply, payload) => {
      const ticket = request.riderCacheTicket;
      if (ticket && reply.statusCode === 200) this.keep(ticket, reply, payload);
      return payload;
    });
  }

  /**
   * Answers `request` from memory when its answer is kept and still right (true: the reply is sent);
   * otherwise tags it so that its answer is kept. Call after authentication, before the handler.
   */
  answer(request: FastifyRequest, reply: FastifyReply, auth: Authenticated): boolean {
    if (request.method !== 'GET') return false;
    const route = request.routeOptions.url;
    if (route === undefined || !RIDER_CACHED_ROUTES.has(route)) return false;
    // Before anything is read: a write that commits while the answer is computed moves the epoch past it.
    const stamp = this.options.writes.versionsInDatabase
      ? auth.writeVersion
      : this.options.writes.stamp(auth.userId);
    if (stamp === undefined) return false;
    const period = Math.floor(this.options.now().getTime() / PERIOD_MS);
    const key = [
      auth.userId,
      auth.sessionId ?? auth.apiKeyId ?? '',
      request.url,
      request.headers['accept-language'] ?? '',
    ].join('\u0000');
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp && hit.period === period) {
      this.hits++;
      reply.type(hit.contentType).send(hit.body);
      return true;
    }
    this.misses++;
    request.riderCacheTicket = { key, stamp, period };
    return false;
  }

  private keep(ticket: Ticket, reply: FastifyReply, payload: unknown): void {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return;
    const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (bytes > this.maxEntryBytes) return;
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    this.forget(ticket.key);
    this.entries.set(ticket.key, {
      stamp: ticket.stamp,
      period: ticket.period,
      contentType,
      // Kept encoded: a hit then writes the bytes as they are, with no UTF-8 encoding of a ~300 KB
      // string on every visit.
      body: typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload,
      bytes,
    });
    this.totalBytes += bytes;
    for (const [key] of this.entries) {
      if (this.totalBytes <= this.options.maxBytes) break;
      this.forget(key);
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  /** What is kept, and how often a request was answered from it, for tests and benchmarks. */
  stats(): { entries: number; bytes: number; hits: number; misses: number } {
    return { entries: this.entries.size, bytes: this.totalBytes, hits: this.hits, misses: this.misses };
  }
}
