import type { WriteEpoch } from '../../db/write-epoch.ts';
import { runAsRider } from '../../db/write-scope.ts';
import type { ApiKeyCreateInput } from '@vatio/schemas';
import { AppError } from '../../errors.ts';
import { setBounded } from '../../lib/bounded-map.ts';
import { generateOpaqueToken, sha256Hex } from '../../lib/crypto.ts';
import type { Authenticated } from '../../kernel/authenticated.ts';
import { ApiKeyChecks } from './api-key-checks.ts';
import type { ApiKeyRepository, ApiKeyRow, ApiKeySummary } from './api-key.repository.ts';

/** Every key starts with this, so the auth hook tells keys from access tokens (JWTs never do). */
export const API_KEY_PREFIX = 'vatio_';
/** Characters of the key kept in clear for the list: the marker and six random characters. */
const SHOWN_PREFIX_CHARS = API_KEY_PREFIX.length + 6;
/** `last_used_at` is written at most this often per key, not once per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;
export const RATE_WINDOW_MS = 10 * 60_000;
/** Keys whose rate windows are remembered; more are forgotten oldest first. */
const MAX_RATE_WINDOWS = 10_000;
/** Keys whose rows are remembered between requests (embedded database); more are forgotten oldest first. */
const MAX_KNOWN_KEYS = 10_000;
/** Methods a read-scope key may use. */
const READ_METHODS = new Set(['GET', 'HEAD']);

export interface ApiKeyDeps {
  keys: ApiKeyRepository;
  now: () => Date;
  /** Requests one key may make per 10-minute window. */
  requestsPerWindow: number;
  /**
   * Count the windows in the database (PostgreSQL, where several server processes may serve one
   * key: docs/DEPLOYMENT.md) instead of in this process's memory (the embedded database's one).
   */
  sharedWindows?: boolean;
  /**
   * The write epoch (db/write-epoch.ts). Where it can vouch (the embedded database), a key's row is
   * remembered by its hash while nothing of its rider's (and nothing unattributed) has been written
   * since it was read: a revocation is such a write, so a revoked key is refused at once.
   */
  writes?: WriteEpoch;
}

type KeyRow = Pick<ApiKeyRow, 'id' | 'user_id' | 'last_used_at' | 'scope' | 'revoked_at'>;

export class ApiKeyService {
  /** Key id → start of its current rate window and the requests counted in it. */
  private readonly windows = new Map<string, { startMs: number; count: number }>();
  /**
   * Secret hash → the key's row and the write sequence taken before it was read. Issue 28: the
   * lookup was a query on every request, 5.4× a session token's cost, where a session's check is a
   * map lookup while its rider's epoch stands still. Only the hash is kept, as in the database.
   */
  private readonly known = new Map<string, { row: KeyRow; checkedAt: number }>();

  /** PostgreSQL: each turn's key checks in one statement, the row read every time (api-key-checks.ts). */
  private readonly checks: ApiKeyChecks | undefined;

  constructor(private readonly deps: ApiKeyDeps) {
    this.checks = deps.sharedWindows ? new ApiKeyChecks(deps.keys, deps.now, RATE_WINDOW_MS) : undefined;
  }

  /** Creates a key; the secret is in this answer only (the database keeps its SHA-256). */
  async create(userId: string, input: { name: string; scope: ApiKeyCreateInput['scope'] }) {
    const secret = `${API_KEY_PREFIX}${generateOpaqueToken()}`;
    const key = await this.deps.keys.create(
      userId,
      {
        name: input.name,
        prefix: secret.slice(0, SHOWN_PREFIX_CHARS),
        secretHash: sha256Hex(secret),
        scope: input.scope ?? 'read',
      },
      this.deps.now(),
    );
    return { key, secret };
  }

  list(userId: string): Promise<ApiKeySummary[]> {
    return this.deps.keys.list(userId);
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.deps.keys.revoke(userId, id, this.deps.now()))) throw new AppError('NOT_FOUND');
  }

  /**
   * Checks a key used as a bearer token: known, not revoked, within its rate limit and allowed
   * the method. The lookup is by the secret's hash, so no comparison ever touches the secret.
   */
  async authenticate(secret: string, method: string): Promise<Authenticated> {
    if (this.checks) {
      const check = await this.checks.check(sha256Hex(secret));
      if (!check) throw new AppError('UNAUTHORIZED');
      const auth = await runAsRider(check.row.user_id, () => this.admit(check.row, method, check.window));
      // The rider's write version read with the key, as a session check reads it: kept answers serve it.
      return { ...auth, writeVersion: check.writeVersion };
    }
    const row = await this.findByHash(sha256Hex(secret));
    if (!row || row.revoked_at !== null) throw new AppError('UNAUTHORIZED');
    // The key's rate window and last use are its rider's rows (db/write-scope.ts).
    return runAsRider(row.user_id, () => this.admit(row, method));
  }

  /**
   * The key's row, from memory while the write epoch proves it unchanged. The rider is known only
   * once the row is read, so the sequence of all writes is taken before the read: any write of the
   * rider's (or unattributed) that commits later moves their stamp past it, and the row is read anew.
   */
  private async findByHash(secretHash: string): Promise<KeyRow | undefined> {
    const writes = this.deps.writes;
    const hit = this.known.get(secretHash);
    if (hit) {
      const stamp = writes?.stamp(hit.row.user_id);
      if (stamp !== undefined && stamp <= hit.checkedAt) return hit.row;
      this.known.delete(secretHash);
    }
    const checkedAt = writes?.stamp();
    const row = await this.deps.keys.findByHash(secretHash);
    if (row && checkedAt !== undefined)
      setBounded(this.known, secretHash, { row, checkedAt }, MAX_KNOWN_KEYS);
    return row;
  }

  private async admit(
    row: Pick<ApiKeyRow, 'id' | 'user_id' | 'last_used_at' | 'scope'>,
    method: string,
    counted?: { startMs: number; count: number },
  ): Promise<Authenticated> {
    const now = this.deps.now();
    // Counted with the key's check on PostgreSQL (api-key-checks.ts), in this process's memory on the
    // embedded database.
    const window = counted ?? this.countInMemory(row.id, now.getTime());
    if (window.count > this.deps.requestsPerWindow) {
      throw new AppError('RATE_LIMITED', 'Too many requests with this API key. Try again later.', {
        retry_after_s: Math.max(1, Math.ceil((window.startMs + RATE_WINDOW_MS - now.getTime()) / 1000)),
      });
    }
    if (row.scope === 'read' && !READ_METHODS.has(method.toUpperCase())) {
      throw new AppError('API_KEY_READ_ONLY');
    }
    const lastUsedMs = row.last_used_at?.getTime() ?? Number.NEGATIVE_INFINITY;
    if (now.getTime() - lastUsedMs >= LAST_USED_RESOLUTION_MS) {
      await this.deps.keys.touch(row.id, row.user_id, now);
      // The remembered row, if any, says so too (the touch is a write of the rider's: it is read anew).
      row.last_used_at = now;
    }
    return { userId: row.user_id, sessionId: null, apiKeyId: row.id };
  }

  /** A fixed window per key: `requestsPerWindow` requests, then 429 until the window ends. */
  private countInMemory(keyId: string, nowMs: number): { startMs: number; count: number } {
    let window = this.windows.get(keyId);
    if (!window || nowMs - window.startMs >= RATE_WINDOW_MS) {
      window = { startMs: nowMs, count: 0 };
      setBounded(this.windows, keyId, window, MAX_RATE_WINDOWS);
    }
    window.count += 1;
    return window;
  }
}
