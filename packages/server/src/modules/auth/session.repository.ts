import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/schema.ts';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(userId: string, userAgent: string | null, now: Date): Promise<string> {
    const row = await this.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        user_agent: userAgent?.slice(0, 300) ?? null,
        last_used_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async addRefreshToken(sessionId: string, userId: string, tokenHash: string, now: Date, expiresAt: Date) {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        session_id: sessionId,
        user_id: userId,
        token_hash: tokenHash,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
  }

  findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Spends a refresh token and stores its successor in one transaction: false when it was already
   * spent (a concurrent rotation won), and then nothing is stored. One transaction, so a concurrent
   * rotation that lost finds the winner's successor already there (the reuse interval, auth.service.ts).
   */
  rotateRefreshToken(
    id: string,
    now: Date,
    next: { sessionId: string; userId: string; tokenHash: string; expiresAt: Date },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!spent) return false;
      await trx
        .insertInto('refresh_tokens')
        .values({
          session_id: next.sessionId,
          user_id: next.userId,
          token_hash: next.tokenHash,
          created_at: now,
          expires_at: next.expiresAt,
        })
        .execute();
      return true;
    });
  }

  /** Live session of this rider, or undefined when revoked or unknown. */
  findLive(sessionId: string, userId: string) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'last_used_at'])
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Of the given (session, rider) pairs, the live ones, each with its rider's write version: "their
   * version/everyone's version" from write_versions (db/write-epoch.ts). One query for many requests'
   * checks (live-session-checks.ts); each pair matches only a session of that rider.
   */
  async findLiveWithWriteVersions(
    pairs: readonly { sessionId: string; userId: string }[],
  ): Promise<{ id: string; user_id: string; write_version: string }[]> {
    const result = await sql<{ id: string; user_id: string; write_version: string }>`
      select s.id, s.user_id,
        coalesce(rider.version, 0) || '/' || coalesce(everyone.version, 0) as write_version
      from unnest(${pairs.map((p) => p.sessionId)}::uuid[], ${pairs.map((p) => p.userId)}::uuid[])
        as asked(session_id, user_id)
      join sessions s on s.id = asked.session_id and s.user_id = asked.user_id and s.revoked_at is null
      left join write_versions rider on rider.scope = s.user_id::text
      left join write_versions everyone on everyone.scope = '*'`.execute(this.db);
    return result.rows;
  }

  async touch(sessionId: string, now: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
  }

  async revoke(sessionId: string, userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every live session of the rider ("sign out everywhere"); the number revoked. */
  async revokeAllOfUser(userId: string, now: Date): Promise<number> {
    const rows = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length;
  }
}
