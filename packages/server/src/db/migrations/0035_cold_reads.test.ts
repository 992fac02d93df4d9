import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from '../database.ts';
import { migrations } from './index.ts';

// Issue 28: activities.trusted_cda_m2 is the summary's whole-ride CdA when its aero fit is
// trustworthy, else NULL; filled for stored rides by the migration and kept equal to the summary on
// every later write (a generated column); the rides measured against an estimated FTP are indexed;
// down removes both and keeps the rides.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(async () => database?.close());

const indexes = async () =>
  (
    await sql<{ indexname: string }>`
      select indexname from pg_indexes where tablename = 'activities'
    `.execute(database.db)
  ).rows.map((r) => r.indexname);

const columns = async (table: string) =>
  (
    await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = ${table}
    `.execute(database.db)
  ).rows.map((r) => r.column_name);

test('up fills trusted_cda_m2 from each stored summary and follows later summary writes; down drops it', async () => {
  const db = database.db;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('0033_import_files_pending')).error).toBeUndefined();
  expect(await columns('activities')).not.toContain('trusted_cda_m2');

  const user = await sql<{ id: string }>`
    insert into users (email) values ('m35@example.org') returning id`.execute(db);
  const userId = user.rows[0]!.id;
  const summaries: [label: string, summary: object, expected: number | null][] = [
    ['trustworthy', { aeroFit: { cdaM2: 0.312, trustworthy: true } }, 0.312],
    ['not trustworthy', { aeroFit: { cdaM2: 0.29, trustworthy: false } }, null],
    ['no verdict', { aeroFit: { cdaM2: 0.29 } }, null],
    ['no fit', { aeroFit: null }, null],
    ['older summary', {}, null],
    ['trustworthy without a CdA', { aeroFit: { trustworthy: true } }, null],
  ];
  const ids: string[] = [];
  for (const [k, [label, summary]] of summaries.entries()) {
    const ride = await sql<{ id: string }>`
      insert into activities (user_id, source, content_hash, type, sport, start_time, elapsed_time_s,
        moving_time_s, has_power, has_heartrate, has_gps, summary, analysis_version)
      values (${userId}, 'upload', ${`m35-${label}`}, 'Ride', 'cycling',
        ${new Date(Date.UTC(2026, 10, 1 + k, 8)).toISOString()}, 3600, 3600, true, false, false,
        ${JSON.stringify(summary)}, 1)
      returning id`.execute(db);
    ids.push(ride.rows[0]!.id);
  }

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await indexes()).toContain('activities_estimated_ftp_idx');
  const stored = async () =>
    (
      await sql<{ id: string; trusted_cda_m2: number | null }>`
        select id, trusted_cda_m2 from activities where user_id = ${userId}`.execute(db)
    ).rows;
  const byId = new Map((await stored()).map((r) => [r.id, r.trusted_cda_m2]));
  expect(ids.map((id) => byId.get(id))).toEqual(summaries.map(([, , expected]) => expected));

  // A later write of the summary (a re-analysis, or an operator's UPDATE) moves the column with it.
  await sql`update activities set summary = ${JSON.stringify({ aeroFit: { cdaM2: 0.25, trustworthy: true } })}
    where id = ${ids[1]!}`.execute(db);
  await sql`update activities set summary = ${JSON.stringify({ aeroFit: { cdaM2: 0.312, trustworthy: false } })}
    where id = ${ids[0]!}`.execute(db);
  const after = new Map((await stored()).map((r) => [r.id, r.trusted_cda_m2]));
  expect([after.get(ids[0]!), after.get(ids[1]!)]).toEqual([null, 0.25]);

  expect((await migrator.migrateTo('0033_import_files_pending')).error).toBeUndefined();
  expect(await columns('activities')).not.toContain('trusted_cda_m2');
  expect(await indexes()).not.toContain('activities_estimated_ftp_idx');
  const kept = await sql<{ n: number }>`
    select count(*)::int as n from activities where user_id = ${userId}`.execute(db);
  expect(kept.rows[0]!.n).toBe(summaries.length);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
