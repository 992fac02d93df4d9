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
   * Counts one request in the key's fixed rate window, starting a new window when the last began
   * `windowMs` or more ago; one UPDATE (the row lock orders concurrent ones), so every server process
   * sharing the database counts into the same window. Returns the window after this request.
   */
  async countRequest(
    id: string,
    userId: string,
    now: Date,
    windowMs: number,
  ): Promise<{ startMs: number; count: number }> {
    const over = new Date(now.getTime() - windowMs);
    const fresh = sql<boolean>`rate_window_start is null or rate_window_start <= ${over}`;
    const row = await this.db
      .updateTable('api_keys')
      .set({
        rate_window_start: sql<Date>`case when ${fresh} then ${now} else rate_window_start end`,
        rate_window_count: sql<number>`case when ${fresh} then 1 else rate_window_count + 1 end`,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(['rate_window_start', 'rate_window_count'])
      .executeTakeFirstOrThrow();
    return { startMs: (row.rate_window_start ?? now).getTime(), count: row.rate_window_count };
  }
}
