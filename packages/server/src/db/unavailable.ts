/**
 * Whether an error means "the database cannot be reached right now" rather than "this query is
 * wrong" (issue 16, Faults: the database away for a while). Such a request is answered 503
 * DATABASE_UNAVAILABLE, never 500; the next request after the database is back succeeds, since the
 * pool opens new connections on demand.
 *
 * What counts: the socket errors of `pg` when PostgreSQL is down or the network to it is cut
 * (refused, reset, timed out, host unreachable), the pool's own "connection terminated" and
 * "timeout exceeded when trying to connect", and PostgreSQL's SQLSTATE class 08 (connection
 * exception) and 57P01–57P03 (the server shutting down, crashed, or starting up).
 * https://www.postgresql.org/docs/15/errcodes-appendix.html
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|connect ECONNREFUSED|the database system is (starting up|shutting down)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Walk the cause chain (AppError wraps, AggregateError from a dual-stack connect): bounded.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string') {
      if (SOCKET_CODES.has(code) || SHUTDOWN_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const UNAVAILABLE = Symbol.for('vatio.databaseUnavailable');

/**
 * Marks an error the database driver threw as "database unavailable" when it is one, keeping the
 * error itself (callers that inspect a SQLSTATE still see theirs). Applied at the Kysely driver
 * (write-epoch.ts), so the HTTP error handler knows without guessing where a socket error came from.
 */
export function tagIfUnavailable(error: unknown): unknown {
  if (error && typeof error === 'object' && isDatabaseUnavailable(error)) {
    try {
      Object.defineProperty(error, UNAVAILABLE, { value: true });
    } catch {
      // A frozen error stays untagged: the error handler's ping still tells.
    }
  }
  return error;
}

/** Whether the driver tagged this error (or one of its causes) as "database unavailable". */
export function isTaggedUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as Record<symbol, unknown>)[UNAVAILABLE] === true) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
