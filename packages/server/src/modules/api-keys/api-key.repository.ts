import { type Kysely, type Selectable, sql } from 'kysely';
import type { ApiKeysTable, Database } from '../../db/schema.ts';

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ApiKeySummary = Omit<
  ApiKeyRow,
  'secret_hash' | 'user_id' | 'revoked_at' | 'rate_window_start' | 'rate_window_count'
>;

const LISTED = ['id', 'name', 'prefix', 'scope', 'created_at', 'last_used_at'] as const;

/** Personal API keys. Every query a rider can reach is scoped by their user id. */
export class ApiKeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  create(
    userId: string,
    values: { name: string; prefix: string; secretHash: string; scope: 'read' | 'write' },
    now: Date,
  ): Promise<ApiKeySummary> {
    return this.db
      .insertInto('api_keys')
      .values({
        user_id: userId,
        name: values.name,
        prefix: values.prefix,
        secret_hash: values.secretHash,
        scope: values.scope,
        created_at: now,
      })
      .returning(LISTED)
      .executeTakeFirstOrThrow();
  }

  /** The rider's live keys, newest first. */
  list(userId: string): Promise<ApiKeySummary[]> {
    return this.db
      .selectFrom('api_keys')
      .select(LISTED)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /** Revokes one of the rider's keys; false when it is not theirs, unknown or already revoked. */
  async revoke(userId: string, id: string, now: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The key whose secret hashes to `secretHash` (an equality lookup on the hash, not on the secret). */
  findByHash(secretHash: string) {
    return this.db
      .selectFrom('api_keys')
      .select(['id', 'user_id', 'scope', 'last_used_at', 'revoked_at'])
      .where('secret_hash', '=', secretHash)
      .executeTakeFirst();
  }

  async touch(id: string, userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * PostgreSQL's key check for a turn's requests, in one statement (api-key-checks.ts): for each
   * secret hash asked, the live (unrevoked) key's row with `n` requests counted in its rate window,
   * and its rider's write version (as a session check reads it). Revoked or unknown keys return no
   * row and count nothing. The row is read on every check, so a revocation by any server or by an
   * operator's UPDATE/DELETE is seen by the next request.
   */
  async checkAndCount(
    asked: readonly { secretHash: string; n: number }[],
    now: Date,
    windowMs: number,
  ): Promise<(KeyCheckRow & { secret_hash: string; write_version: string })[]> {
    const over = new Date(now.getTime() - windowMs);
    const result = await sql<KeyCheckRow & { secret_hash: string; write_version: string }>`
      with asked as (
        select * from unnest(${asked.map((a) => a.secretHash)}::text[], ${asked.map((a) => a.n)}::int[])
          as asked(secret_hash, n)
      ), counted as (
        update api_keys k set
          rate_window_start = case when k.rate_window_start is null or k.rate_window_start <= ${over}
            then ${now}::timestamptz else k.rate_window_start end,
          rate_window_count = case when k.rate_window_start is null or k.rate_window_start <= ${over}
            then asked.n else k.rate_window_count + asked.n end
        from asked
        where k.secret_hash = asked.secret_hash and k.revoked_at is null
        returning k.id, k.user_id, k.scope, k.last_used_at, k.secret_hash, k.rate_window_start,
          k.rate_window_count
      )
      select counted.*,
        coalesce(rider.version, 0) || '/' || coalesce(everyone.version, 0) as write_version
      from counted
      left join write_versions rider on rider.scope = counted.user_id::text
      left join write_versions everyone on everyone.scope = '*'`.execute(this.db);
    return result.rows;
  }
}

/** A live key as its check needs it, with its rate window after the check's requests were counted. */
export type KeyCheckRow = Pick<
  ApiKeyRow,
  'id' | 'user_id' | 'scope' | 'last_used_at' | 'rate_window_start' | 'rate_window_count'
>;
