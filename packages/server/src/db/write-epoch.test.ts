import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { currentRider, runAsRider, runUnattributed } from './write-scope.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await sql`create table epoch_probe (id int primary key, n int not null)`.execute(database.db);
});
afterAll(async () => database.close());

/** The epoch's raw count, whatever the engine (the stamp hides it on PostgreSQL). */
const count = () => (database.writes as unknown as { count: number }).count;

describe('the write epoch', () => {
  test('vouches for nothing on PostgreSQL, where other processes write too', () => {
    expect(database.writes.exclusive).toBe(database.engine === 'pglite');
    if (database.engine === 'postgres') expect(database.writes.stamp()).toBeUndefined();
    else expect(database.writes.stamp()).toBe(count());
  });

  test('reads leave it alone: built selects and raw selects', async () => {
    const before = count();
    await database.db.selectFrom('users').select('id').execute();
    await sql`select 1`.execute(database.db);
    await sql`  SELECT count(*) from epoch_probe`.execute(database.db);
    expect(count()).toBe(before);
  });

  test('a write moves it, built or raw', async () => {
    let before = count();
    await sql`insert into epoch_probe (id, n) values (1, 1)`.execute(database.db);
    expect(count()).toBe(before + 1);
    before = count();
    await database.db
      .updateTable('users')
      .set({ updated_at: new Date() })
      .where('id', '=', '00000000-0000-0000-0000-000000000000')
      .execute();
    // Nothing matched: the engines that say so (PostgreSQL) leave the epoch; PGlite reports no count, so
    // it moves (a cache is only checked once more).
    expect(count() - before).toBeLessThanOrEqual(1);
  });

  test('a transaction moves it once, when it is over: readers never see the epoch before the commit', async () => {
    const before = count();
    let inside = -1;
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into epoch_probe (id, n) values (2, 1)`.execute(trx);
      await sql`update epoch_probe set n = n + 1 where id = 2`.execute(trx);
      inside = count();
    });
    expect(inside).toBe(before);
    expect(count()).toBe(before + 1);
  });

  test('a rolled-back or failed write moves it too (harmless: caches check once more)', async () => {
    const before = count();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into epoch_probe (id, n) values (3, 1)`.execute(trx);
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect(count()).toBe(before + 1);
    await expect(sql`insert into epoch_probe (id, n) values (1, 1)`.execute(database.db)).rejects.toThrow();
    expect(count()).toBe(before + 2);
  });

  test('a SELECT whose WITH clause writes counts as a write', async () => {
    const before = count();
    await sql`with changed as (update epoch_probe set n = n + 1 where id = 1 returning id) select id from changed`.execute(
      database.db,
    );
    expect(count()).toBe(before + 1);
    const built = count();
    await database.db
      .with('changed', (db) => db.updateTable('users').set({ updated_at: new Date() }).returning('id'))
      .selectFrom('changed')
      .select('id')
      .execute();
    expect(count()).toBe(built + 1);
  });

  test('savepoints behave as the wrapped driver does: none on PGlite, real ones on PostgreSQL', async () => {
    const attempt = (async () => {
      const trx = await database.db.startTransaction().execute();
      try {
        await sql`insert into epoch_probe (id, n) values (10, 1)`.execute(trx);
        const inner = await trx.savepoint('probe').execute();
        await sql`insert into epoch_probe (id, n) values (11, 1)`.execute(inner);
        await inner.rollbackToSavepoint('probe').execute();
        await trx.commit().execute();
      } catch (error) {
        await trx.rollback().execute();
        throw error;
      }
    })();
    if (database.engine === 'pglite') {
      // Never a stand-in that does nothing: rolling back to it would keep the second row.
      await expect(attempt).rejects.toThrow(/savepoint/i);
    } else {
      await attempt;
      const rows = await sql<{
        id: number;
      }>`select id from epoch_probe where id in (10, 11) order by id`.execute(database.db);
      expect(rows.rows.map((r) => r.id)).toEqual([10]);
    }
  });

  test("a rider's write moves that rider's stamp only; an unattributed one moves everyone's", async () => {
    if (database.engine !== 'pglite') return;
    const writes = database.writes;
    const [a, b] = ['rider-a', 'rider-b'];
    let stampA = writes.stamp(a);
    let stampB = writes.stamp(b);

    await runAsRider(a, () => sql`insert into epoch_probe (id, n) values (20, 1)`.execute(database.db));
    expect(writes.stamp(a)).toBeGreaterThan(stampA!);
    expect(writes.stamp(b)).toBe(stampB);
    stampA = writes.stamp(a);

    // In a transaction: counted for the rider whose scope ran each statement, once it is over.
    await runAsRider(b, () =>
      database.db.transaction().execute(async (trx) => {
        await sql`update epoch_probe set n = n + 1 where id = 20`.execute(trx);
        expect(writes.stamp(b)).toBe(stampB);
      }),
    );
    expect(writes.stamp(b)).toBeGreaterThan(stampB!);
    expect(writes.stamp(a)).toBe(stampA);
    stampB = writes.stamp(b);

    // Reads in a scope move nothing.
    await runAsRider(a, () => sql`select n from epoch_probe`.execute(database.db));
    expect(writes.stamp(a)).toBe(stampA);

    // Outside any scope, or in one a queue handler resets: everyone checks again.
    await runAsRider(a, () =>
      runUnattributed(() => sql`update epoch_probe set n = n + 1 where id = 20`.execute(database.db)),
    );
    expect(writes.stamp(a)).toBeGreaterThan(stampA!);
    expect(writes.stamp(b)).toBeGreaterThan(stampB!);
    expect(currentRider()).toBeUndefined();
  });
});
