import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, describe, expect, it } from 'vitest';
import { turnsByAge } from '../db/connection-turns.ts';
import { turnsByArrival } from './request-age.ts';

const pglite = await PGlite.create('memory://');
const db = new Kysely<unknown>({ dialect: turnsByAge(new PGliteDialect(pglite)) });
afterAll(() => db.destroy());

describe('a request’s statements take their turn by its arrival (issue 28)', () => {
  for (const method of ['GET', 'POST'] as const) {
    it(`lets a ${method} request that arrived first finish before newer ones queue ahead of it`, async () => {
      const app = Fastify();
      turnsByArrival(app);
      const order: string[] = [];
      let asked = 0;
      const statement = async (who: string) => {
        asked++;
        await sql`select 1`.execute(db);
        order.push(who);
      };
      app.route({
        method,
        url: '/three',
        handler: async () => {
          for (let k = 1; k <= 3; k++) await statement(`first request ${k}`);
          return {};
        },
      });
      app.get('/one/:n', async (request) => {
        await statement(`newer ${(request.params as { n: string }).n}`);
        return {};
      });
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      // Over a real socket: an upload's body is read in the socket's context, not the request's.
      const ask = (m: string, path: string, body?: object) =>
        fetch(`${base}${path}`, {
          method: m,
          ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
        }).then((r) => r.text());
      // The connection is busy (another piece of work holds it) while the requests arrive, so that
      // their statements wait for their turns.
      let letGo!: () => void;
      const held = db.connection().execute(
        () =>
          new Promise<void>((resolve) => {
            letGo = resolve;
          }),
      );
      // Until `n` statements have asked for the connection (and a few turns more, for Kysely to ask).
      const asking = async (n: number) => {
        while (asked < n) await new Promise((resolve) => setTimeout(resolve, 5));
        for (let k = 0; k < 5; k++) await new Promise((resolve) => setImmediate(resolve));
      };
      const first = ask(method, '/three', method === 'POST' ? { a: 1 } : undefined);
      await asking(1);
      const newer = Array.from({ length: 5 }, (_, k) => ask('GET', `/one/${k + 1}`));
      await asking(6);
      letGo();
      await Promise.all([held, first, ...newer]);
      await app.close();
      // First come, first served puts the first request's second and third statements behind all
      // five; by its arrival, one newer statement at most goes between two of its own (its next
      // statement asks just after the turn is handed on).
      expect(order.slice(0, 5)).toEqual([
        'first request 1',
        'newer 1',
        'first request 2',
        'newer 2',
        'first request 3',
      ]);
      expect(order.indexOf('first request 3')).toBeLessThan(order.indexOf('newer 3'));
      expect(order.filter((w) => w.startsWith('newer'))).toEqual([
        'newer 1',
        'newer 2',
        'newer 3',
        'newer 4',
        'newer 5',
      ]);
    });
  }
});
