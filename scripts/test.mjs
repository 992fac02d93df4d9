#!/usr/bin/env node
// `npm test`: every suite, ending with one plain line "N passed, N failed" summing them all.
//   1. unit + server tests on PGlite (vitest)
//   2. the server suite again on a throwaway PostgreSQL (installed from Debian when missing)
//   3. browser tests with Playwright in Debian's Chromium (installed when missing)
// `--only unit|pg|e2e` runs one stage.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, startThrowawayPostgres } from './postgres.mjs';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, log, ROOT, runAsync } from './lib.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const OUT = join(ROOT, '.test-output');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const stages = [];
const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.CI ? '0' : '1' };

function record(name, counts, exitCode) {
  // A runner that crashed before reporting still counts as a failure.
  const failed = counts.failed + (exitCode !== 0 && counts.failed === 0 ? 1 : 0);
  totals.passed += counts.passed;
  totals.failed += failed;
  totals.skipped += counts.skipped;
  stages.push(`${name}: ${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped`);
}

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

async function vitest(name, args, extraEnv = {}) {
  const file = join(OUT, `${name}.json`);
  log(`stage ${name}: vitest ${args.join(' ')}`);
  const code = await runAsync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    { env: { ...env, ...extraEnv } },
  );
  record(name, vitestCounts(file), code);
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

ensureDependencies();

if (!only || only === 'unit') await vitest('unit-and-server-on-pglite', []);

if (!only || only === 'pg') {
  const pg = await startThrowawayPostgres();
  if (pg.unavailable) {
    console.warn(`\n[vatio] PostgreSQL stage not run: ${pg.unavailable}\n`);
    record('server-on-postgresql', { passed: 0, failed: 1, skipped: 0 }, 1);
  } else {
    try {
      await vitest('server-on-postgresql', ['--project', 'server'], { DATABASE_URL: pg.url });
    } finally {
      pg.stop();
    }
  }
}

if (!only || only === 'e2e') {
  const chromium = ensureChromium();
  if (chromium.unavailable) {
    console.warn(`\n[vatio] browser stage not run: ${chromium.unavailable}\n`);
    record('browser', { passed: 0, failed: 1, skipped: 0 }, 1);
  } else {
    ensureWebBuild();
    // The browser tests run the compiled server, as `npm start` does in production.
    await ensureServerBuild();
    const file = join(OUT, 'playwright.json');
    log('stage browser: playwright');
    const code = await runAsync(
      process.execPath,
      [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--config', 'e2e/playwright.config.ts'],
      { env: { ...env, CHROMIUM_PATH: chromium.path, PLAYWRIGHT_JSON_OUTPUT_NAME: file } },
    );
    record('browser', playwrightCounts(file), code);
  }
}

console.log('');
for (const line of stages) console.log(`  ${line}`);
console.log('');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
