import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A ride's best power at each standard duration (null where the ride was shorter). */
export interface RideStandardBests {
  activity_id: string;
  start_time: Date;
  power_w: (number | null)[];
}

/** Read-only queries of the live ride overview; every one carries the rider's id. */
export class OverviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Every ride's stored best power at `durationsS`, oldest first: only those few numbers of each
   * curve leave the database (array_position on the ride's duration grid), not the whole curves.
   */
  standardBests(userId: string, durationsS: readonly number[]): Promise<RideStandardBests[]> {
    const picks = durationsS.map((d) => sql`(power_w[array_position(durations_s, ${d}::float8)])::float8`);
    return this.db
      .selectFrom('activity_curves')
      .select(['activity_id', 'start_time', sql<(number | null)[]>`array[${sql.join(picks)}]`.as('power_w')])
      .where('user_id', '=', userId)
      .orderBy('start_time')
      .orderBy('activity_id')
      .execute();
  }
}
