import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from '../database.ts';
import { migrations } from './index.ts';

// Issue 26: rides keep the workout reference of their file (a nullable column, stored rides get NULL)
// and their compliance in ride_compliance; down removes both and keeps the rides.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(async () => database?.close());

const columns = async (table: string) =>
  (
    await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = ${table}
    `.execute(database.db)
  ).rows.map((r) => r.column_name);

test('up adds activities.workout_ref (NULL for stored rides) and ride_compliance; down takes them away', async () => {
  const db = database.db;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('0030_otp_client_attempts')).error).toBeUndefined();
  expect(await columns('activities')).not.toContain('workout_ref');
  expect(await columns('ride_compliance')).toEqual([]);

  const user = await sql<{
    id: string;
  }>`insert into users (email) values ('m31@example.org') returning id`.execute(db);
  const userId = user.rows[0]!.id;
  const ride = await sql<{ id: string }>`
    insert into activities (user_id, source, content_hash, type, sport, start_time, elapsed_time_s,
      moving_time_s, has_power, has_heartrate, has_gps, summary, analysis_version)
    values (${userId}, 'upload', 'm31', 'Ride', 'cycling', '2026-11-01T08:00:00Z', 3600, 3600, true,
      false, false, '{}', 1)
    returning id
  `.execute(db);
  const rideId = ride.rows[0]!.id;

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const stored = await sql<{ workout_ref: string | null }>`
    select workout_ref from activities where id = ${rideId}
  `.execute(db);
  expect(stored.rows).toEqual([{ workout_ref: null }]);
  await sql`update activities set workout_ref = 'library:threshold-2x20' where id = ${rideId}`.execute(db);
  await sql`
    insert into ride_compliance (activity_id, user_id, input_key, answer)
    values (${rideId}, ${userId}, 'k', '{"score": 90}')
  `.execute(db);
  // The compliance goes with its ride.
  await sql`delete from activities where id = ${rideId}`.execute(db);
  const left = await sql<{ n: number }>`select count(*)::int as n from ride_compliance`.execute(db);
  expect(left.rows[0]!.n).toBe(0);

  expect((await migrator.migrateTo('0030_otp_client_attempts')).error).toBeUndefined();
  expect(await columns('activities')).not.toContain('workout_ref');
  expect(await columns('ride_compliance')).toEqual([]);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await columns('activities')).toContain('workout_ref');
}, 120_000);
