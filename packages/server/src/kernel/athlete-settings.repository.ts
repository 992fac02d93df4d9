import { type Kysely, type Selectable, sql } from 'kysely';
import type { AthleteSettingsHistoryTable, Database } from '../db/schema.ts';
import type { BikeRow } from './bike.repository.ts';

export type AthleteSettingsRow = Selectable<AthleteSettingsHistoryTable>;

/**
 * What a ride's analysis knows about the rider beyond its file: the dated settings (the one record
 * of FTP, body weight, max HR and LTHR over time: the profile's weight and the onboarding weight are
 * entries of it) and the weight of the ride's bike. Plain data, so a worker thread can receive it.
 */
export interface RiderBaseline {
  history: AthleteSettingsRow[];
}

/** The values that were true on a given day, each from the newest entry on or before it that sets it. */
export interface SettingsAtDate {
  ftpW: number | undefined;
  weightKg: number | undefined;
  maxHrBpm: number | undefined;
  lthrBpm: number | undefined;
}

/** What `settingsAt` reads of one dated entry of the rider's settings history. */
export type DatedSettings = Pick<
  AthleteSettingsRow,
  'effective_from' | 'ftp_w' | 'weight_kg' | 'max_hr_bpm' | 'lthr_bpm'
>;

export function settingsAt(history: readonly DatedSettings[], date: string): SettingsAtDate {
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

  /** The dated settings (FTP, weight, max HR, LTHR): what every ride analysis starts from. */
  async baseline(userId: string): Promise<RiderBaseline> {
    return { history: await this.list(userId) };
  }

  /**
   * `baseline` and the rider's primary bike (`BikeRepository.primary`; at most one, by migration
   * 0001's unique index) in one statement: each imported file reads both (issue 28: they were two
   * statements a file on the embedded database's one thread).
   */
  async baselineAndPrimaryBike(userId: string): Promise<{
    baseline: RiderBaseline;
    bike: Pick<BikeRow, 'id' | 'weight_kg' | 'cda_m2' | 'crr'> | undefined;
  }> {
    type Row = { [K in keyof AthleteSettingsRow]: AthleteSettingsRow[K] | null } & {
      bike_id: string | null;
      bike_weight_kg: number | null;
      bike_cda_m2: number | null;
      bike_crr: number | null;
    };
    const { rows } = await sql<Row>`
      select h.id, h.user_id, h.effective_from, h.ftp_w, h.weight_kg, h.max_hr_bpm, h.lthr_bpm, h.created_at,
        b.id as bike_id, b.weight_kg as bike_weight_kg, b.cda_m2 as bike_cda_m2, b.crr as bike_crr
      from (select 1) as one
      left join bikes b on b.user_id = ${userId} and b.is_primary
      left join athlete_settings_history h on h.user_id = ${userId}
      order by h.effective_from desc`.execute(this.db);
    const first = rows[0];
    const history = rows
      .filter((r): r is Row & { id: string } => r.id !== null)
      .map(
        ({ bike_id: _b, bike_weight_kg: _w, bike_cda_m2: _c, bike_crr: _r, ...h }) => h as AthleteSettingsRow,
      );
    return {
      baseline: { history },
      bike:
        first?.bike_id == null
          ? undefined
          : {
              id: first.bike_id,
              weight_kg: first.bike_weight_kg,
              cda_m2: first.bike_cda_m2,
              crr: first.bike_crr,
            },
    };
  }

  /**
   * Values the demo brings (demo.service.ts), each written only where the rider has no entry for it
   * at all: the demo never overrides what the rider entered (issue 25). On a date the rider already
   * has an entry, only its empty values are filled.
   */
  async fillGaps(
    userId: string,
    entries: readonly Pick<
      AthleteSettingsRow,
      'effective_from' | 'ftp_w' | 'weight_kg' | 'max_hr_bpm' | 'lthr_bpm'
    >[],
  ): Promise<void> {
    const history = await this.list(userId);
    const given = (key: 'ftp_w' | 'weight_kg' | 'max_hr_bpm' | 'lthr_bpm') =>
      history.some((h) => h[key] !== null);
    const keys = (['ftp_w', 'weight_kg', 'max_hr_bpm', 'lthr_bpm'] as const).filter((k) => !given(k));
    for (const entry of entries) {
      const values = Object.fromEntries(keys.map((k) => [k, entry[k]])) as Partial<
        Pick<AthleteSettingsRow, 'ftp_w' | 'weight_kg' | 'max_hr_bpm' | 'lthr_bpm'>
      >;
      if (!Object.values(values).some((v) => v !== null && v !== undefined)) continue;
      await this.db
        .insertInto('athlete_settings_history')
        .values({ user_id: userId, effective_from: entry.effective_from, ...values })
        .onConflict((oc) =>
          oc.columns(['user_id', 'effective_from']).doUpdateSet((eb) =>
            Object.fromEntries(
              Object.keys(values).map((k) => {
                const key = k as keyof typeof values;
                return [key, eb.fn.coalesce(`athlete_settings_history.${key}`, eb.ref(`excluded.${key}`))];
              }),
            ),
          ),
        )
        .execute();
    }
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
