import type { Kysely, Selectable } from 'kysely';
import type { AthleteSettingsHistoryTable, Database } from '../../db/schema.ts';
import type { RiderBaseline } from './ride-settings.ts';

export type AthleteSettingsRow = Selectable<AthleteSettingsHistoryTable>;

/** The values that were true on a given day, each from the newest entry on or before it that sets it. */
export interface SettingsAtDate {
  ftpW: number | undefined;
  weightKg: number | undefined;
  maxHrBpm: number | undefined;
  lthrBpm: number | undefined;
}

export function settingsAt(history: readonly AthleteSettingsRow[], date: string): SettingsAtDate {
  const applicable = history
    .filter((h) => h.effective_from <= date)
    .sort((a, b) => (a.effective_from < b.effective_from ? 1 : -1));
  const pick = <K extends 'ftp_w' | 'weight_kg' | 'max_hr_bpm' | 'lthr_bpm'>(key: K) =>
    applicable.find((h) => h[key] !== null)?.[key] ?? undefined;
  return {
    ftpW: pick('ftp_w'),
    weightKg: pick('weight_kg'),
    maxHrBpm: pick('max_hr_bpm'),
    lthrBpm: pick('lthr_bpm'),
  };
}

/** FTP, weight, max HR and LTHR by date; every query scoped by the rider. */
export class AthleteSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(userId: string): Promise<AthleteSettingsRow[]> {
    return this.db
      .selectFrom('athlete_settings_history')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('effective_from', 'desc')
      .execute();
  }

  /** The dated settings and the profile's weight: what every ride analysis starts from. */
  async baseline(userId: string): Promise<RiderBaseline> {
    const [history, profile] = await Promise.all([
      this.list(userId),
      this.db
        .selectFrom('user_profiles')
        .select('weight_kg')
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ]);
    return { history, profileWeightKg: profile?.weight_kg ?? null };
  }

  /** A bike's weight (kg), when the rider gave one; scoped by the rider. */
  async bikeWeightKg(userId: string, bikeId: string | null): Promise<number | null> {
    if (!bikeId) return null;
    const bike = await this.db
      .selectFrom('bikes')
      .select('weight_kg')
      .where('user_id', '=', userId)
      .where('id', '=', bikeId)
      .executeTakeFirst();
    return bike?.weight_kg ?? null;
  }

  /** One entry per date: saving the same date again replaces it. */
  upsert(
    userId: string,
    entry: Pick<AthleteSettingsRow, 'effective_from' | 'ftp_w' | 'weight_kg' | 'max_hr_bpm' | 'lthr_bpm'>,
  ): Promise<AthleteSettingsRow> {
    const { effective_from, ...values } = entry;
    return this.db
      .insertInto('athlete_settings_history')
      .values({ user_id: userId, effective_from, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'effective_from']).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  delete(userId: string, id: string): Promise<AthleteSettingsRow | undefined> {
    return this.db
      .deleteFrom('athlete_settings_history')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }
}
