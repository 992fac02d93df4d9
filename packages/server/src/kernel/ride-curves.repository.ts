import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Ride ids a statement names at most: a statement takes 65,535 parameters. */
const IDS_PER_READ = 5000;

/**
 * The rider's stored power curves of these rides, with their row versions (activity_curves.xmin, new
 * on every insert or update): what a RideCurveMemo (bikes/ride-curve-memo.ts) reads for the curves it
 * does not keep yet. The garage's bike performance and the advanced page both read them this way.
 */
export async function rideCurvesWithVersions(
  db: Kysely<Database>,
  userId: string,
  activityIds: readonly string[],
) {
  const rows = [];
  for (let from = 0; from < activityIds.length; from += IDS_PER_READ) {
    rows.push(
      ...(await db
        .selectFrom('activity_curves')
        .select([
          'activity_id',
          'start_time',
          'durations_s',
          'power_w',
          sql<string>`xmin::text`.as('row_version'),
        ])
        .where('user_id', '=', userId)
        .where('activity_id', 'in', activityIds.slice(from, from + IDS_PER_READ))
        .execute()),
    );
  }
  return rows;
}
