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
 * Issue 27: the /api routes still registered by hand (app.get…) rather than from their contract
 * (http/route.ts, which parses the request with the contract's schemas). This list only shrinks:
 * a new route registered by hand fails the test, and so does a migrated one left on the list.
 */
const NOT_YET_FROM_CONTRACT: string[] = [
  'GET /api/analytics/comparative',
  'GET /api/analytics/compare',
  'GET /api/analytics/evolution',
  'GET /api/public/analytics/performance',
  'GET /api/public/analytics/training-load',
  'GET /api/public/analytics/predictive',
  'GET /api/public/analytics/comparative',
  'GET /api/public/analytics/compare',
  'GET /api/public/analytics/evolution',
];

describe('routes registered from their contract', () => {
  test('every /api route but the listed ones is registered through http/route.ts', () => {
    const governed = governedRoutes(h.app);
    const byHand = registeredRoutes(h.app)
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => contractKey(r.method, r.url))
      .filter((key) => !governed.has(key));
    expect(byHand).toEqual(NOT_YET_FROM_CONTRACT);
  });
});
