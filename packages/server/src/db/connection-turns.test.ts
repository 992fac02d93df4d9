import { PGlite } from '@electric-sql/pglite';
import { type DatabaseConnection, type Driver, Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterEach, describe, expect, it } from 'vitest';
import { runBegunAt, runUnaged, turnsByAge } from './connection-turns.ts';

/** A driver of one connection that records who got it, as PGlite's dialect hands its one on. */
function oneConnectionDialect(grants: string[]) {
  const connection = {
    executeQuery: async () => ({ rows: [] }),
    streamQuery: () => undefined,
  } as unknown as DatabaseConnection;
  let busy = false;
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => {
      // The turns never ask for a connection that is out: the inner queue stays empty.
      expect(busy).toBe(false);
      busy = true;
      return connection;
    },
    releaseConnection: async () => {
      busy = false;
    },
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    destroy: async () => {},
  };
  const dialect = turnsByAge({
    createAdapter: () => new PGliteDialect({} as PGlite).createAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new PGliteDialect({} as PGlite).createQueryCompiler(),
    createIntrospector: (db) => new PGliteDialect({} as PGlite).createIntrospector(db),
  });
  const turns = dialect.createDriver();
  /** Waits for a turn, notes it, and hands the connection on at once. */
  const turn = async (who: string) => {
    const c = await turns.acquireConnection();
    grants.push(who);
    await turns.releaseConnection(c);
  };
  return { turns, turn };
}

describe('turns on the one connection (issue 28)', () => {
  it('hands the connection to the oldest waiting work, not the first to ask', async () => {
    const grants: string[] = [];
    const { turns, turn } = oneConnectionDialect(grants);
    const held = await turns.acquireConnection();
    const asked = [
      runBegunAt(30, () => turn('began at 30')),
      runBegunAt(10, () => turn('began at 10')),
      runBegunAt(20, () => turn('began at 20')),
      // Unattributed: as old as the moment it asks (the clock is far past 30 ms by now).
      turn('unattributed'),
      runBegunAt(20, () => turn('began at 20, asked later')),
      // A job a request woke runs as its own work, not as old as the request (jobs/queue.ts).
      runBegunAt(1, () => runUnaged(() => turn('job woken by a request that began at 1'))),
    ];
    await turns.releaseConnection(held);
    await Promise.all(asked);
    expect(grants).toEqual([
      'began at 10',
      'began at 20',
      'began at 20, asked later',
      'began at 30',
      'unattributed',
      'job woken by a request that began at 1',
    ]);
  });

  it('is first come, first served for unattributed work, as the dialect was', async () => {
    const grants: string[] = [];
    const { turns, turn } = oneConnectionDialect(grants);
    const held = await turns.acquireConnection();
    const asked = ['a', 'b', 'c', 'd'].map((who) => turn(who));
    await turns.releaseConnection(held);
    await Promise.all(asked);
    expect(grants).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('turns on a real embedded database', () => {
  let db: Kysely<unknown> | undefined;
  afterEach(async () => {
    await db?.destroy();
  });

  it('lets work that began first finish its statements before newer work gets a turn', async () => {
    const pglite = await PGlite.create('memory://');
    db = new Kysely<unknown>({ dialect: turnsByAge(new PGliteDialect(pglite)) });
    const order: string[] = [];
    const statement = async (who: string) => {
      await sql`select 1`.execute(db!);
      order.push(who);
    };
    // An old piece of work of three statements in a row, and newer one-statement work asked meanwhile.
    const old = runBegunAt(performance.now() - 1_000, async () => {
      for (let k = 1; k <= 3; k++) await statement(`old ${k}`);
    });
    const newer = Array.from({ length: 5 }, (_, k) => statement(`new ${k + 1}`));
    await Promise.all([old, ...newer]);
    // First come, first served puts the old work's second and third statements behind all five. By
    // age, one newer statement goes between two of the old work's (the turn is handed on at release,
    // before the old work asks for its next), so the old work ends before the third newer one.
    expect(order.slice(0, 5)).toEqual(['old 1', 'new 1', 'old 2', 'new 2', 'old 3']);
    expect(order.filter((w) => w.startsWith('new'))).toEqual(['new 1', 'new 2', 'new 3', 'new 4', 'new 5']);
  });
});
