import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';
import { contractKey, registeredRoutes } from './contract.ts';
import { governedRoutes } from './route.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.app.ready();
});
afterAll(async () => h?.close());

/**
 * Issue 27: every /api route is registered from its contract (http/route.ts, which parses the request
 * with the contract's schemas and checks its answer in development and tests). None is registered by
 * hand any more: a route added with app.get… fails here.
 */
describe('routes registered from their contract', () => {
  test('every /api route is registered through http/route.ts', () => {
    const governed = governedRoutes(h.app);
    const byHand = registeredRoutes(h.app)
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => contractKey(r.method, r.url))
      .filter((key) => !governed.has(key));
    expect(byHand).toEqual([]);
  });
});
