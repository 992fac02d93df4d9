import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { epochOf, type WriteEpoch } from '../db/write-epoch.ts';
import { setBounded } from '../lib/bounded-map.ts';

/**
 * The rider's fingerprint, the version key of every answer cached per rider (versioned-cache.ts):
 * it changes whenever a ride is added, re-analysed or deleted, the athlete settings (FTP, weight) or
 * the profile change, and, with `bikes`, when a bike's weight, CdA or Crr or the primary bike change. One query,
 * for the dashboard, the performance panel, the training load and the predictive analysis.
 */
export async function riderFingerprint(
  db: Kysely<Database>,
  userId: string,
  options: { bikes: boolean },
): Promise<string> {
  return riderFingerprintOf(await sharedFingerprintRow(db, userId), options);
}

type FingerprintRow = Parameters<typeof riderFingerprintOf>[0];

/** Riders' fingerprint rows by the epoch they were read at, per database (embedded engine only). */
const readAtStamp = new WeakMap<WriteEpoch, Map<string, { stamp: number; row: Promise<FingerprintRow> }>>();
/** Riders whose last row is kept: a few hundred bytes each. */
const MAX_KEPT_RIDERS = 2_048;

/**
 * The rider's fingerprint row (with the bikes' part: both kinds of fingerprint are made of it), read
 * once per write epoch of theirs on the embedded database (issue 28). After a write of theirs, each of
 * their kept answers (the dashboard's, its overview's and power curve's, the analytics', the
 * garage's) checks its version once: under the 200-rider load that was the busiest statement of the
 * one connection, each one waiting its turn behind the imports. The same stamp proves nothing of
 * theirs was written since, so the row read at it still stands (the stamp is taken before the read,
 * as `VersionedCache` takes its own: a write that commits meanwhile moves the epoch past it). On
 * PostgreSQL other processes write too, and the row is read every time.
 */
function sharedFingerprintRow(db: Kysely<Database>, userId: string): Promise<FingerprintRow> {
  const read = () =>
    db.selectNoFrom(riderFingerprintColumns(userId, { bikes: true })).executeTakeFirstOrThrow();
  const writes = epochOf(db);
  const stamp = writes?.stamp(userId);
  if (!writes || stamp === undefined) return read();
  const kept = readAtStamp.get(writes) ?? new Map();
  readAtStamp.set(writes, kept);
  const hit = kept.get(userId);
  if (hit && hit.stamp === stamp) return hit.row;
  const row = read();
  setBounded(kept, userId, { stamp, row }, MAX_KEPT_RIDERS);
  // A failed read is not kept: the next caller asks again.
  row.catch(() => {
    if (kept.get(userId)?.row === row) kept.delete(userId);
  });
  return row;
}

/**
 * The fingerprint's columns, for a statement that reads something else beside it (a cache's version
 * of one ride and its rider): on the embedded database each statement waits its turn behind the
 * imports, so one statement instead of two is one wait fewer (issue 28). `riderFingerprintOf` makes
 * the same string of them.
 */
export function riderFingerprintColumns(userId: string, options: { bikes: boolean }) {
  return [
    sql<string>`(select count(*)::int || '|' || coalesce(max(updated_at)::text, '') || '|' || coalesce(max(created_at)::text, '') from activities where user_id = ${userId})`.as(
      'fp_rides',
    ),
    sql<
      string | null
    >`(select string_agg(effective_from || ':' || coalesce(ftp_w::text, '') || ':' || coalesce(weight_kg::text, ''), ',' order by effective_from) from athlete_settings_history where user_id = ${userId})`.as(
      'fp_settings',
    ),
    // The sex is named as well as updated_at: two profile edits within one clock tick still differ.
    sql<
      string | null
    >`(select updated_at::text || ':' || coalesce(sex, '') from user_profiles where user_id = ${userId})`.as(
      'fp_profile',
    ),
    (options.bikes
      ? sql<
          string | null
        >`(select string_agg(id || ':' || coalesce(weight_kg::text, '') || ':' || coalesce(cda_m2::text, '') || ':' || coalesce(crr::text, '') || ':' || is_primary::text, ',' order by id) from bikes where user_id = ${userId})`
      : sql<string | null>`null`
    ).as('fp_bikes'),
  ] as const;
}

/** The fingerprint of a row read with `riderFingerprintColumns`. */
export function riderFingerprintOf(
  row: { fp_rides: string; fp_settings: string | null; fp_profile: string | null; fp_bikes: string | null },
  options: { bikes: boolean },
): string {
  const base = `${row.fp_rides}#${row.fp_settings ?? ''}#${row.fp_profile ?? ''}`;
  return options.bikes ? `${base}#${row.fp_bikes ?? ''}` : base;
}
