import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from '../database.ts';
import { migrations } from './index.ts';

// Issue 25: the profile's weight becomes a dated entry (the day the profile was last saved), and the
// profile's column goes; back down, the column holds the weight in force today again.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(async () => database?.close());

test("the profile's weight becomes the entry of the day it was saved, winning over that day's entry", async () => {
  const db = database.db;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const down = await migrator.migrateTo('0026_write_versions');
  expect(down.error).toBeUndefined();

  const rows = await sql<{ id: string }>`
    insert into users (email) values ('m1@example.org'), ('m2@example.org'), ('m3@example.org') returning id
  `.execute(db);
  const [a, b, c] = rows.rows.map((r) => r.id);
  await sql`
    insert into user_profiles (user_id, first_name, last_name, cycling_experience, weight_kg, updated_at)
    values (${a}, 'A', 'A', 'advanced', 64.5, '2026-03-10T22:30:00Z'),
           (${b}, 'B', 'B', 'advanced', 70, '2026-03-10T08:00:00Z'),
           (${c}, 'C', 'C', 'advanced', null, '2026-03-10T08:00:00Z')
  `.execute(db);
  // The demo's 72 kg, the month before (A) and on the very day (B) the profile was saved.
  await sql`
    insert into athlete_settings_history (user_id, effective_from, ftp_w, weight_kg)
    values (${a}, '2026-02-10', 250, 72), (${b}, '2026-03-10', 250, 72)
  `.execute(db);

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  const history = await sql<{
    user_id: string;
    effective_from: string;
    ftp_w: number | null;
    weight_kg: number;
  }>`
    select user_id, effective_from::text, ftp_w, weight_kg from athlete_settings_history
    where user_id in (${a}, ${b}, ${c}) order by user_id, effective_from
  `.execute(db);
  const of = (id: string | undefined) =>
    history.rows.filter((r) => r.user_id === id).map(({ user_id: _u, ...r }) => r);
  expect(of(a)).toEqual([
    { effective_from: '2026-02-10', ftp_w: 250, weight_kg: 72 },
    { effective_from: '2026-03-10', ftp_w: null, weight_kg: 64.5 },
  ]);
  // Same day: the rider's own word wins, and the entry's FTP stays.
  expect(of(b)).toEqual([{ effective_from: '2026-03-10', ftp_w: 250, weight_kg: 70 }]);
  expect(of(c)).toEqual([]);
  const columns = await sql<{ column_name: string }>`
    select column_name from information_schema.columns where table_name = 'user_profiles'
  `.execute(db);
  expect(columns.rows.map((r) => r.column_name)).not.toContain('weight_kg');
}, 120_000);
