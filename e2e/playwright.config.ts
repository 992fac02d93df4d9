import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

// Browser tests drive Debian's Chromium (never a downloaded browser) against a real Vatio server
// on embedded PGlite, with its messages written to the outbox the tests read codes from.
const ROOT = join(import.meta.dirname, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? join(ROOT, '.test-output', 'e2e-data');
// A stand-in map tile server on loopback (scripts/tile-server.mjs), so the ride map has tiles to draw.
export const E2E_TILE_PORT = E2E_PORT + 1;
export const E2E_TILE_ATTRIBUTION = '© e2e test tiles';
// A Strava look-alike on loopback (packages/server/src/test/fake-strava.ts): the rider connects
// through its authorize page and the server imports from its API.
export const E2E_STRAVA_PORT = E2E_PORT + 2;
export const E2E_STRAVA_URL = `http://127.0.0.1:${E2E_STRAVA_PORT}`;

export default defineConfig({
  testDir: './specs',
  outputDir: join(ROOT, '.test-output', 'playwright'),
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    // A failed test keeps its trace (every action with its DOM snapshot, the network, the console) and
    // a screenshot of where it stopped; the trace's film strip (a screencast of the page all along)
    // is left out: Chromium composited and encoded its frames for every test, kept or not (issue 27:
    // comparative + dashboards specs, back to back, Chromium 27.2 -> 18.8 CPU-s).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: `node ${join(ROOT, 'scripts/tile-server.mjs')} ${E2E_TILE_PORT}`,
      url: `http://127.0.0.1:${E2E_TILE_PORT}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `node ${join(ROOT, 'node_modules/tsx/dist/cli.mjs')} ${join(ROOT, 'packages/server/src/test/fake-strava-server.ts')} ${E2E_STRAVA_PORT}`,
      url: `${E2E_STRAVA_URL}/__fake/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // The compiled server (scripts/build-server.mjs), as `npm start` runs it; `npm test` builds it.
      command: `node ${join(ROOT, 'packages/cli/dist/vatio.mjs')} serve`,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        SMS_PROVIDER_URL: '',
        MAP_TILE_URL: `http://127.0.0.1:${E2E_TILE_PORT}/{z}/{x}/{y}.svg`,
        MAP_TILE_ATTRIBUTION: E2E_TILE_ATTRIBUTION,
        // The fake's default application credentials.
        STRAVA_CLIENT_ID: '4242',
        STRAVA_CLIENT_SECRET: 'fake-client-secret',
        STRAVA_OAUTH_URL: `${E2E_STRAVA_URL}/oauth`,
        STRAVA_API_URL: `${E2E_STRAVA_URL}/api/v3`,
        STRAVA_WEBHOOK_VERIFY_TOKEN: 'e2e-verify',
        // The public /analytics example rider: two weeks of rides, ready in seconds (production: 182 days).
        EXAMPLE_RIDER_DAYS: '14',
        // Every spec signs riders in from 127.0.0.1: the suite asks more than the default 30 codes an
        // hour from that one address (the training-plan and live-workout specs took it past 30, and the
        // last spec was answered 429). The limit itself is tested in the server suite (auth-limits).
        OTP_REQUESTS_PER_IP_PER_HOUR: '300',
        // One proxy in front (loopback): a spec can sign in "from another network" with an
        // X-Forwarded-For of its own (e2e/specs/sign-up-and-sign-in, sign-out-everywhere) instead of
        // waiting out the minute between two codes to one contact from one address (62 s of real time
        // each; issue 27). That minute is tested in the server suite (auth.routes.test.ts).
        TRUST_PROXY: '1',
        // The operator of health.spec.ts (GET /api/health/logs).
        ADMIN_EMAILS: 'ops-e2e@example.org',
      },
    },
  ],
});
