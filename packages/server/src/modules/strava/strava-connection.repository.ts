import type { Kysely, Selectable } from 'kysely';
import type { Database, StravaConnectionsTable } from '../../db/schema.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

export type StravaConnectionRow = Selectable<StravaConnectionsTable>;

export interface StravaTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

/**
 * A rider's Strava connection. Tokens are sealed with AES-256-GCM (SecretBox) bound to the rider's
 * id; they are opened only to call Strava and never leave this module in a response or a log.
 */
export class StravaConnectionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  find(userId: string): Promise<StravaConnectionRow | undefined> {
    return this.db
      .selectFrom('strava_connections')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The rider a Strava athlete is connected to (webhook events name the athlete). */
  async userForAthlete(athleteId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('strava_connections')
      .select('user_id')
      .where('athlete_id', '=', athleteId)
      .executeTakeFirst();
    return row?.user_id;
  }

  tokensOf(row: StravaConnectionRow): StravaTokens {
    return {
      accessToken: this.box.open(row.access_token_enc, this.context(row.user_id, 'access')),
      refreshToken: this.box.open(row.refresh_token_enc, this.context(row.user_id, 'refresh')),
      expiresAt: row.expires_at,
    };
  }

  /** Creates or replaces the rider's connection; false when the athlete is connected to another rider. */
  async save(
    userId: string,
    values: { athleteId: number; athleteName: string | null; scopes: string; tokens: StravaTokens },
    now: Date,
  ): Promise<boolean> {
    const other = await this.db
      .selectFrom('strava_connections')
      .select('user_id')
      .where('athlete_id', '=', values.athleteId)
      .where('user_id', '!=', userId)
      .executeTakeFirst();
    if (other) return false;
    const row = {
      athlete_id: values.athleteId,
      athlete_name: values.athleteName,
      scopes: values.scopes,
      ...this.sealed(userId, values.tokens),
      token_invalid: false,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      // Another Strava athlete on the same rider: the old athlete's activity list is not this one's.
      const previous = await trx
        .selectFrom('strava_connections')
        .select('athlete_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (previous && previous.athlete_id !== values.athleteId) {
        await trx.deleteFrom('strava_activities').where('user_id', '=', userId).execute();
      }
      await trx
        .insertInto('strava_connections')
        .values({ user_id: userId, ...row, created_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
    });
    return true;
  }

  async updateTokens(userId: string, tokens: StravaTokens, now: Date): Promise<void> {
    await this.db
      .updateTable('strava_connections')
      .set({ ...this.sealed(userId, tokens), token_invalid: false, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
  }

  async markTokenInvalid(userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('strava_connections')
      .set({ token_invalid: true, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
  }

  async markSynced(userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('strava_connections')
      .set({ last_sync_at: now, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
  }

  async delete(userId: string): Promise<void> {
    await this.db.deleteFrom('strava_connections').where('user_id', '=', userId).execute();
  }

  private sealed(userId: string, tokens: StravaTokens) {
    return {
      access_token_enc: this.box.seal(tokens.accessToken, this.context(userId, 'access')),
      refresh_token_enc: this.box.seal(tokens.refreshToken, this.context(userId, 'refresh')),
      expires_at: tokens.expiresAt,
    };
  }

  private context(userId: string, kind: 'access' | 'refresh'): string {
    return `strava:${kind}:${userId}`;
  }
}
