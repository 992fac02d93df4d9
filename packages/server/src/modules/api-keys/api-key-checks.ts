import { runAsBookkeeping } from '../../db/write-scope.ts';
import type { ApiKeyRepository, KeyCheckRow } from './api-key.repository.ts';

/** One request's key check: its key's row, its place in the rate window, its rider's write version. */
export interface KeyCheck {
  row: KeyCheckRow;
  /** This request's number in the key's rate window, and when the window started. */
  window: { startMs: number; count: number };
  writeVersion: string;
}

interface Waiting {
  secretHash: string;
  resolve: (check: KeyCheck | undefined) => void;
  reject: (error: unknown) => void;
}

/** At most this many distinct keys in one statement; more asked in the same turn go in further ones. */
const MAX_KEYS_PER_QUERY = 200;

/**
 * The personal API key check of every request on PostgreSQL, gathered as the session checks are
 * (auth/live-session-checks.ts): the checks asked during one turn of the event loop (or while the
 * previous statement is on its way) go to the database in one statement that reads each key's row, counts the turn's requests in its shared
 * rate window and reads its rider's write version (so its answers can be kept like a session's).
 * Issue 28: a key's request was a read of its row, an UPDATE of its window and, with no write version,
 * a whole answer computed again; 1 statement per turn now, as for sessions. The key's row is read on
 * every check (nothing is remembered between turns), so a revocation made by another server, or by
 * an operator's UPDATE or DELETE in the database, refuses the next request.
 */
export class ApiKeyChecks {
  private waiting: Waiting[] = [];
  private scheduled = false;
  /**
   * Whether a statement is on its way: the checks asked meanwhile wait for it and go together in the
   * next one. Each statement updates the keys' rows, so two of this process's at once would only
   * queue on the same row locks (seen under load as a whole round of key requests 5× slower).
   */
  private inFlight = false;

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly now: () => Date,
    private readonly windowMs: number,
  ) {}

  /** The live key's check, or undefined for an unknown or revoked key. */
  check(secretHash: string): Promise<KeyCheck | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ secretHash, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.inFlight = true;
      this.flush().finally(() => {
        this.inFlight = false;
        this.schedule();
      });
    });
  }

  private async flush(): Promise<void> {
    const byKey = new Map<string, Waiting[]>();
    for (const w of this.waiting) {
      const list = byKey.get(w.secretHash);
      if (list) list.push(w);
      else byKey.set(w.secretHash, [w]);
    }
    this.waiting = [];
    const keys = [...byKey.entries()];
    const statements: Promise<void>[] = [];
    for (let from = 0; from < keys.length; from += MAX_KEYS_PER_QUERY) {
      const batch = keys.slice(from, from + MAX_KEYS_PER_QUERY);
      // Bookkeeping: a rate window is read by this check alone, never by a rider's kept answer.
      const statement = runAsBookkeeping(() =>
        this.keys.checkAndCount(
          batch.map(([secretHash, list]) => ({ secretHash, n: list.length })),
          this.now(),
          this.windowMs,
        ),
      ).then(
        (rows) => {
          const found = new Map(rows.map((row) => [row.secret_hash, row]));
          for (const [secretHash, list] of batch) {
            const row = found.get(secretHash);
            if (!row) {
              for (const w of list) w.resolve(undefined);
              continue;
            }
            const { secret_hash: _hash, write_version, ...key } = row;
            const startMs = (row.rate_window_start ?? this.now()).getTime();
            // The turn's requests of one key are its window's last `list.length`, in arrival order.
            const before = row.rate_window_count - list.length;
            for (const [i, w] of list.entries())
              w.resolve({
                row: { ...key },
                window: { startMs, count: before + i + 1 },
                writeVersion: write_version,
              });
          }
        },
        (error: unknown) => {
          for (const [, list] of batch) for (const w of list) w.reject(error);
        },
      );
      statements.push(statement);
    }
    await Promise.all(statements);
  }
}
