import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDLE_BUDGET_MB, residentMb } from '../../bench/memory.ts';
import { budgetReport, driftOf, scriptsOfPage } from '../../bench/web-load.ts';
import { BUDGETS_BYTES, LANGUAGES, PAGES, pageWeight } from '../../packages/web/build/budget.ts';
import {
  freePort,
  signInTokensOverHttp,
  startServerProcess,
} from '../../packages/server/src/test/processes.ts';
import { expect, test } from '../fixtures';
import { E2E_DATA_DIR } from '../playwright.config';

// Issue 27: every budget the bench prints as NOT met fails `npm test` or the build. Sizes, not timings.

test('Chromium fetches exactly the scripts the build weighed for its JavaScript budgets', async ({
  browser,
  baseURL,
}) => {
  // The build fails above a budget (packages/web/build/budget.ts); this fails when what it weighs is
  // no longer what a browser fetches (a new lazy load at once, a page signed in differently...).
  const report = budgetReport();
  expect(report, 'the web build wrote dist/.vite/js-budget.json').toBeDefined();
  const base = baseURL!;
  const tokens = await signInTokensOverHttp(base, E2E_DATA_DIR, `budgets-${Date.now()}@example.org`);
  const profile = await fetch(`${base}/api/profile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Ana', last_name: 'Budget', cycling_experience: 'intermediate' }),
  });
  expect(profile.status).toBe(201);
  let refreshToken: string | undefined = tokens.refresh_token;
  for (const page of PAGES) {
    const byLanguage = {} as Record<(typeof LANGUAGES)[number], Record<string, number>>;
    for (const language of LANGUAGES) {
      const loaded = await scriptsOfPage(browser, base, page, language, refreshToken);
      refreshToken = loaded.refreshToken;
      byLanguage[language] = loaded.files;
      expect(driftOf(loaded.files, report![page][language]), `${page} in ${language}`).toEqual([]);
    }
    expect(pageWeight(byLanguage)).toBeLessThanOrEqual(BUDGETS_BYTES[page]);
  }
});

// Issue 27: 215-222 MB in 6 runs on this machine (242-309 MB before PGlite ran off V8's optimizing tier).
test('the compiled server is within its idle memory budget once the example rider is ready', async () => {
  // A new data folder, as `npm start` the first time: the database created and migrated, the public
  // example rider prepared (its rides through the import jobs), then idle. Before issue 27 the example
  // was prepared in the server itself and left it at ~395 MB (103 rides) for good.
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vatio-e2e-memory-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServerProcess(
    { DATA_DIR: dataDir, EXAMPLE_RIDER_PREPARE: 'true', EXAMPLE_RIDER_DAYS: '14' },
    port,
    { compiled: true },
  );
  try {
    await expect
      .poll(async () => (await fetch(`${base}/api/public/analytics/training-load?days=90`)).status, {
        timeout: 240_000,
        intervals: [500],
      })
      .toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const mb = residentMb(server.pid);
    test.info().annotations.push({ type: 'resident memory', description: `${mb.toFixed(0)} MB` });
    expect(mb).toBeLessThanOrEqual(IDLE_BUDGET_MB);
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
