import type { LogEntry, LogLevel } from '@vatio/schemas';

// The server's recent log records for operators (GET /api/health/logs; issue 15): a bounded ring in
// memory, fed by the pino logger's output stream (app.ts), so it holds exactly what the logger wrote
// (at LOG_LEVEL or above) and nothing more. Only a short list of fields is kept, and those are
// scrubbed again here: the request serializer already drops query strings and bodies are never
// logged, but a record must not carry a token, a code or a contact even if a caller logs one.

/** pino's numeric levels (https://getpino.io/#/docs/api?id=levels). */
export const PINO_LEVELS: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

function levelName(value: unknown): LogLevel {
  const n = typeof value === 'number' ? value : 30;
  if (n >= 60) return 'fatal';
  if (n >= 50) return 'error';
  if (n >= 40) return 'warn';
  if (n >= 30) return 'info';
  if (n >= 20) return 'debug';
  return 'trace';
}

/** Records older than this are dropped: operators read the last hour. */
export const LOG_RING_WINDOW_MS = 60 * 60 * 1000;
/** At most this many records (~1 KB each): a busy hour keeps its latest. */
export const LOG_RING_CAPACITY = 2000;
const MAX_STRING = 300;
const MAX_STACK = 2000;

/** Keys whose values are never kept, whatever they hold (tokens, codes, secrets, contacts, bodies). */
const SECRET_KEY =
  /token|code|secret|passw|auth|cookie|key|body|payload|email|phone|otp|to$|recipient|query|headers|remoteaddress|ip$/i;
/** A JWT, a bearer credential, a personal API key or a long hex/base64 run inside a string. */
const SECRET_VALUE =
  /(eyJ[\w-]+\.[\w-]+\.[\w-]*)|(bearer\s+\S+)|(vatio_[\w-]+)|(\b[a-f0-9]{32,}\b)|(\b[\w+=-]{40,})/gi;

/** Drops a URL's query and fragment, and redacts what looks like a credential. */
export function scrubText(text: string, max = MAX_STRING): string {
  // Most records' texts are short words ("request completed", "/api/bikes"): nothing to look for.
  if (text.length < 24 && !/[?#\s]/.test(text)) return text;
  const withoutQueries = text.replace(/(\/[^\s?#"']*)[?#][^\s"']*/g, '$1');
  const redacted = withoutQueries.replace(SECRET_VALUE, '[redacted]');
  return redacted.length > max ? `${redacted.slice(0, max)}…` : redacted;
}

type Scalar = string | number | boolean | null;

/** An entry as kept: its ISO time is written only when read. */
interface StoredRecord extends Omit<LogEntry, 'timestamp'> {
  levelValue: number;
  timeMs: number;
}

/** Turns one pino record into a log entry with only safe fields; undefined for records not kept. */
export function toLogEntry(
  record: Record<string, unknown>,
  id: string,
  request?: { method: string; path: string },
): StoredRecord | undefined {
  const msg = typeof record.msg === 'string' ? record.msg : '';
  const timeMs = typeof record.time === 'number' ? record.time : Date.now();
  const data: Record<string, Scalar> = {};
  const req = (record.req ?? (request ? { method: request.method, url: request.path } : undefined)) as
    | { method?: unknown; url?: unknown }
    | undefined;
  const res = record.res as { statusCode?: unknown } | undefined;
  if (req && typeof req.method === 'string') data.method = req.method;
  if (req && typeof req.url === 'string') data.path = scrubText(req.url.split('?')[0] ?? '');
  if (res && typeof res.statusCode === 'number') data.status = res.statusCode;
  if (typeof record.responseTime === 'number') data.duration_ms = Math.round(record.responseTime * 10) / 10;
  if (typeof record.reqId === 'string' || typeof record.reqId === 'number')
    data.request_id = String(record.reqId);
  for (const [key, value] of Object.entries(record)) {
    if (
      ['level', 'time', 'pid', 'hostname', 'msg', 'req', 'res', 'err', 'responseTime', 'reqId'].includes(key)
    )
      continue;
    if (SECRET_KEY.test(key)) continue;
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) data[key] = value;
    else if (typeof value === 'string') data[key] = scrubText(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      data[key] = scrubText(value.join(', '));
  }
  const err = record.err as { type?: unknown; message?: unknown; stack?: unknown } | undefined;
  if (err && typeof err.type === 'string') data.error_type = err.type;
  if (err && typeof err.message === 'string') data.error = scrubText(err.message);
  const category =
    record.category === 'jobs' || typeof record.queue === 'string' ? 'jobs' : req || res ? 'http' : 'app';
  const levelValue = typeof record.level === 'number' ? record.level : 30;
  return {
    id,
    level: levelName(levelValue),
    levelValue,
    category,
    message: scrubText(msg || (typeof err?.message === 'string' ? err.message : '')),
    timeMs,
    ...(Object.keys(data).length > 0 ? { data } : {}),
    ...(err && typeof err.stack === 'string' ? { stack: scrubText(err.stack, MAX_STACK) } : {}),
  };
}

export class LogRing {
  private readonly records: StoredRecord[] = [];
  private next = 0;
  private droppedCount = 0;
  /** Method and path of requests still running, by request id: their completion record lacks them. */
  private readonly running = new Map<string, { method: string; path: string }>();

  constructor(
    private readonly capacity = LOG_RING_CAPACITY,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A pino destination: every line the logger writes, parsed and kept. */
  push(line: string): void {
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    const reqId =
      typeof record.reqId === 'string' || typeof record.reqId === 'number' ? String(record.reqId) : '';
    const req = record.req as { method?: unknown; url?: unknown } | undefined;
    // Fastify logs each request twice: "incoming request" (method, URL) and "request completed"
    // (status, time). One entry is kept per request, the completion with the method and path.
    if (record.msg === 'incoming request' && reqId && typeof req?.method === 'string') {
      if (this.running.size >= 1000) this.running.clear();
      this.running.set(reqId, { method: req.method, path: String(req.url ?? '').split('?')[0] ?? '' });
      return;
    }
    const request = reqId ? this.running.get(reqId) : undefined;
    if (record.res !== undefined && reqId) this.running.delete(reqId);
    const entry = toLogEntry(record, String(++this.next), request);
    if (!entry) return;
    this.records.push(entry);
    this.evictOld();
    // Full: drop the oldest fifth at once (one splice per capacity/5 records, not one per record).
    if (this.records.length > this.capacity) {
      const over = this.records.length - Math.floor(this.capacity * 0.8);
      this.records.splice(0, over);
      this.droppedCount += over;
    }
  }

  /** Records at or above `level`, at or after `sinceMs`, newest first, at most `limit`. */
  read(options: { level: LogLevel; sinceMs: number; limit: number }): LogEntry[] {
    this.evictOld();
    const min = PINO_LEVELS[options.level];
    const out: LogEntry[] = [];
    for (let i = this.records.length - 1; i >= 0 && out.length < options.limit; i--) {
      const { levelValue, timeMs, ...entry } = this.records[i]!;
      if (timeMs < options.sinceMs) break;
      if (levelValue >= min) out.push({ ...entry, timestamp: new Date(timeMs).toISOString() });
    }
    return out;
  }

  /** Records dropped because the ring was full (not those that aged out). */
  get dropped(): number {
    return this.droppedCount;
  }

  get size(): number {
    return this.records.length;
  }

  private evictOld(): void {
    const oldest = this.clock() - LOG_RING_WINDOW_MS;
    let n = 0;
    while (n < this.records.length && this.records[n]!.timeMs < oldest) n++;
    if (n > 0) this.records.splice(0, n);
  }
}

/** A stream for pino: writes each line to `out` (stdout in production) when given, and to the ring. */
export function ringStream(ring: LogRing, out: { write(chunk: string): unknown } | undefined) {
  return {
    write(chunk: string) {
      out?.write(chunk);
      for (const line of chunk.split('\n')) if (line.length > 0) ring.push(line);
    },
  };
}
