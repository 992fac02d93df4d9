import type { FastifyInstance } from 'fastify';

/** How often the server tests look again at what they wait for (jobs run on the queue's own poll). */
export const POLL_MS = 200;

/**
 * Asks `read` again every `pollMs` until `done` holds for its answer, and returns that answer; throws
 * `what` (with the last answer) after `timeoutMs`. The one poll loop of the server tests (issue 27:
 * each file wrote its own), for anything done by the job queue in the background.
 */
export async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 60_000, pollMs = POLL_MS }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} (last: ${JSON.stringify(value)?.slice(0, 500)})`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Waits until the rider's re-analysis (GET /api/reanalysis) is idle: every ride analysed again. */
export async function waitForReanalysis(
  app: FastifyInstance,
  headers: Record<string, string>,
  timeoutMs = 120_000,
): Promise<void> {
  await waitUntil(
    're-analysis did not finish',
    async () => {
      const response = await app.inject({ url: '/api/reanalysis', headers });
      if (response.statusCode !== 200)
        throw new Error(`/api/reanalysis answered ${response.statusCode}: ${response.body}`);
      return response.json() as { status: string };
    },
    (answer) => answer.status === 'idle',
    { timeoutMs },
  );
}

/** What GET /api/sync/status answers while a Strava sync runs (null before the first). */
interface SyncStatusLike {
  status: string;
}

/**
 * Waits until a Strava sync has ended, completed or in error, and returns its status; `read` asks
 * GET /api/sync/status (through the test's own call, which may refresh a token the test's clock
 * expired); `onPoll` sees every status before that (a test may move clocks meanwhile).
 */
export async function waitForSync<S extends SyncStatusLike>(
  read: () => Promise<S | null>,
  { timeoutMs = 60_000, onPoll }: { timeoutMs?: number; onPoll?: (status: S) => void } = {},
): Promise<S> {
  const ended = await waitUntil(
    'sync did not finish',
    read,
    (s) => {
      if (s && (s.status === 'completed' || s.status === 'error')) return true;
      if (s && onPoll) onPoll(s);
      return false;
    },
    { timeoutMs },
  );
  return ended!;
}
