import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, OtpCodesTable } from '../../db/schema.ts';
import { runAsBookkeeping } from '../../db/write-scope.ts';

export type OtpRow = Selectable<OtpCodesTable>;

/**
 * Sign-in codes and failed verifications. No rider's answer reads these tables, so their writes are
 * bookkeeping (db/write-scope.ts): a stranger asking for codes does not send every rider's kept
 * screens to be computed again.
 */
export class OtpRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: {
    contact_type: 'email' | 'sms';
    contact: string;
    purpose: 'sign_in' | 'link';
    user_id: string | null;
    code_hash: string;
    request_ip: string;
    created_at: Date;
    expires_at: Date;
  }): Promise<OtpRow> {
    return runAsBookkeeping(() =>
      this.db.insertInto('otp_codes').values(row).returningAll().executeTakeFirstOrThrow(),
    );
  }

  /**
   * How many codes a contact, an address, and the contact from that address asked for since
   * `since`, when the contact last asked, and when the first of each counted window was asked.
   */
  async recentActivity(
    contact: string,
    ip: string,
    since: Date,
  ): Promise<{
    byContact: number;
    byIp: number;
    byContactAndIp: number;
    lastForContactAt: Date | null;
    lastForContactAndIpAt: Date | null;
    firstForContactAt: Date | null;
    firstForContactAndIpAt: Date | null;
  }> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('otp_codes')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('contact', '=', contact)
          .where('created_at', '>', since)
          .as('by_contact'),
        eb
          .selectFrom('otp_codes')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('request_ip', '=', ip)
          .where('created_at', '>', since)
          .as('by_ip'),
        eb
          .selectFrom('otp_codes')
          .select((e) => e.fn.max('created_at').as('m'))
          .where('contact', '=', contact)
          .as('last_at'),
        eb
          .selectFrom('otp_codes')
          .select((e) => e.fn.max('created_at').as('m'))
          .where('contact', '=', contact)
          .where('request_ip', '=', ip)
          .as('last_contact_ip_at'),
        eb
          .selectFrom('otp_codes')
          .select((e) => e.fn.min('created_at').as('m'))
          .where('contact', '=', contact)
          .where('created_at', '>', since)
          .as('first_at'),
        eb
          .selectFrom('otp_codes')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('contact', '=', contact)
          .where('request_ip', '=', ip)
          .where('created_at', '>', since)
          .as('by_contact_ip'),
        eb
          .selectFrom('otp_codes')
          .select((e) => e.fn.min('created_at').as('m'))
          .where('contact', '=', contact)
          .where('request_ip', '=', ip)
          .where('created_at', '>', since)
          .as('first_contact_ip_at'),
      ])
      .executeTakeFirstOrThrow();
    return {
      byContact: Number(row.by_contact ?? 0),
      byIp: Number(row.by_ip ?? 0),
      byContactAndIp: Number(row.by_contact_ip ?? 0),
      lastForContactAt: row.last_at ? new Date(row.last_at as unknown as string) : null,
      lastForContactAndIpAt: row.last_contact_ip_at
        ? new Date(row.last_contact_ip_at as unknown as string)
        : null,
      firstForContactAt: row.first_at ? new Date(row.first_at as unknown as string) : null,
      firstForContactAndIpAt: row.first_contact_ip_at
        ? new Date(row.first_contact_ip_at as unknown as string)
        : null,
    };
  }

  /**
   * The live codes of a contact for a purpose, newest first: unexpired, unconsumed, with a code
   * issued. Several may be live at once, one per address that asked (issue 28): a stranger's
   * request no longer retires the code the rider asked for. Bounded by the per-contact limits.
   */
  liveCodes(
    contactType: 'email' | 'sms',
    contact: string,
    purpose: { purpose: 'sign_in' } | { purpose: 'link'; userId: string },
    now: Date,
  ): Promise<OtpRow[]> {
    let query = this.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('contact_type', '=', contactType)
      .where('contact', '=', contact)
      .where('purpose', '=', purpose.purpose);
    if (purpose.purpose === 'link') query = query.where('user_id', '=', purpose.userId);
    return query
      .where('consumed_at', 'is', null)
      .where('code_hash', '!=', '')
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
  }

  /**
   * Takes one of the code's tries before comparing, atomically: however many guesses arrive at
   * once, at most `maxAttempts` are ever compared. Undefined when the tries are used up.
   */
  async takeAttempt(
    id: string,
    maxAttempts: number,
    budget: 'attempts' | 'stranger_attempts',
  ): Promise<number | undefined> {
    const row = await runAsBookkeeping(() =>
      this.db
        .updateTable('otp_codes')
        .set((eb) => ({ [budget]: eb(budget, '+', 1) }))
        .where('id', '=', id)
        .where(budget, '<', maxAttempts)
        .returning(budget)
        .executeTakeFirst(),
    );
    return row === undefined ? undefined : Number((row as Record<string, unknown>)[budget]);
  }

  /** Marks the code used; false when another request consumed it first (a code works once). */
  async consume(id: string, now: Date): Promise<boolean> {
    const row = await runAsBookkeeping(() =>
      this.db
        .updateTable('otp_codes')
        .set({ consumed_at: now })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .returning('id')
        .executeTakeFirst(),
    );
    return row !== undefined;
  }

  /**
   * A new code replaces older live ones of the same contact and purpose asked from the same address;
   * codes other addresses asked for stay (issue 28: a stranger asking must not kill the rider's code).
   */
  async retireOthers(
    contact: string,
    purpose: 'sign_in' | 'link',
    ip: string,
    keepId: string,
    now: Date,
  ): Promise<void> {
    await runAsBookkeeping(() =>
      this.db
        .updateTable('otp_codes')
        .set({ consumed_at: now })
        .where('contact', '=', contact)
        .where('purpose', '=', purpose)
        .where('request_ip', '=', ip)
        .where('id', '!=', keepId)
        .where('consumed_at', 'is', null)
        .execute(),
    );
  }

  /** Rows older than a day serve no rate limit any more. */
  async deleteOlderThan(cutoff: Date): Promise<void> {
    await runAsBookkeeping(() => this.db.deleteFrom('otp_codes').where('created_at', '<', cutoff).execute());
  }

  /** Failed code verifications from an address since `since`, and when the first of them happened. */
  async verifyFailures(ip: string, since: Date): Promise<{ count: number; firstAt: Date | null }> {
    const row = await this.db
      .selectFrom('otp_verify_failures')
      .select((e) => [sql<number>`count(*)::int`.as('n'), e.fn.min('created_at').as('first_at')])
      .where('request_ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return {
      count: Number(row.n ?? 0),
      firstAt: row.first_at ? new Date(row.first_at as unknown as string) : null,
    };
  }

  /** Records a failed verification; rows older than `forgetBefore` count for nothing and go. */
  async recordVerifyFailure(ip: string, now: Date, forgetBefore: Date): Promise<void> {
    await runAsBookkeeping(async () => {
      await this.db.insertInto('otp_verify_failures').values({ request_ip: ip, created_at: now }).execute();
      await this.db.deleteFrom('otp_verify_failures').where('created_at', '<', forgetBefore).execute();
    });
  }

  /** Remembers that the contact signed in from this address; rows older than `forgetBefore` go. */
  async rememberAddress(contact: string, ip: string, now: Date, forgetBefore: Date): Promise<void> {
    await runAsBookkeeping(async () => {
      await this.db
        .insertInto('otp_known_addresses')
        .values({ contact, request_ip: ip, verified_at: now })
        .onConflict((oc) => oc.columns(['contact', 'request_ip']).doUpdateSet({ verified_at: now }))
        .execute();
      await this.db.deleteFrom('otp_known_addresses').where('verified_at', '<', forgetBefore).execute();
    });
  }

  /** Whether the contact signed in from this address since `since`. */
  async isKnownAddress(contact: string, ip: string, since: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('otp_known_addresses')
      .select('contact')
      .where('contact', '=', contact)
      .where('request_ip', '=', ip)
      .where('verified_at', '>', since)
      .executeTakeFirst();
    return row !== undefined;
  }
}
