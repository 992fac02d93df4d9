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
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/health/services',
  'GET /api/health/logs',
  'GET /api/client-config',
  'POST /api/activities/upload',
  'GET /api/imports/:id',
  'GET /api/imports',
  'POST /api/demo',
  'GET /api/dashboard',
  'GET /api/dashboard/stats',
  'GET /api/dashboard/recent-activities',
  'GET /api/dashboard/power-curve',
  'GET /api/dashboard/weekly-summary',
  'GET /api/dashboard/monthly-summary',
  'GET /api/dashboard/summary',
  'GET /api/dashboard/narrative',
  'GET /api/dashboard/overview',
  'GET /api/analytics/training-load',
  'GET /api/analytics/predictive',
  'GET /api/analytics/performance',
  'GET /api/analytics/comparative',
  'GET /api/analytics/compare',
  'GET /api/analytics/evolution',
  'GET /api/analytics/advanced',
  'GET /api/public/analytics/advanced',
  'GET /api/public/analytics/performance',
  'GET /api/public/analytics/training-load',
  'GET /api/public/analytics/predictive',
  'GET /api/public/analytics/comparative',
  'GET /api/public/analytics/compare',
  'GET /api/public/analytics/evolution',
  'GET /api/export',
  'DELETE /api/account',
  'GET /api/openapi.json',
  'GET /api/docs',
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
