#!/usr/bin/env node
// `npm test`: every suite, ending with one plain line "N passed, N failed" summing them all.
//   1. unit + server tests on PGlite (vitest)
//   2. the server suite again on a throwaway PostgreSQL (installed from Debian when missing)
//   3. browser tests with Playwright in Debian's Chromium (installed when missing)
// The three stages run side by side (issue 27: 1486 s one after the other, 1031 s with only the
// browser stage beside): the browser stage mostly waits on a browser and a server, and each vitest
// stage has stretches where a fork waits on a child process or the other fork is idle, so beside one
// another they keep both cores busy instead of leaving the PostgreSQL stage to run alone at the end.
// The compiled server is built first in every mode: the server tests' processes run it (processes.ts).
// The output of the stages beside the first goes to .test-output/{server-on-postgresql,browser}.log
// and is printed when each ends, so the logs do not interleave.
// `--only unit|pg|e2e` runs one stage; VATIO_TEST_SERIAL=1 runs the stages one after the other.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, startThrowawayPostgres } from './postgres.mjs';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, log, ROOT, runAsync } from './lib.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const serial = Boolean(process.env.VATIO_TEST_SERIAL);
const OUT = join(ROOT, '.test-output');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
// The summary keeps the stages' order whatever order they end in (CI reads these lines).
const ORDER = ['unit-and-server-on-pglite', 'server-on-postgresql', 'browser'];
const stages = new Map();
const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.CI ? '0' : '1' };
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

function record(name, counts, exitCode) {
  // A runner that crashed before reporting still counts as a failure.
  const failed = counts.failed + (exitCode !== 0 && counts.failed === 0 ? 1 : 0);
  totals.passed += counts.passed;
  totals.failed += failed;
  totals.skipped += counts.skipped;
  stages.set(name, `${name}: ${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped`);
  log(`stage ${name} ended at ${seconds()}`);
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

async function vitest(name, args, extraEnv = {}, beside = false) {
  const file = join(OUT, `${name}.json`);
  const logFile = join(OUT, `${name}.log`);
  log(`stage ${name}: vitest ${args.join(' ')}${beside ? ` (beside the others; output in ${logFile})` : ''}`);
  const vitestArgs = [
    join(ROOT, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  const options = { env: { ...env, ...extraEnv } };
  const code = beside
    ? await runToFile(process.execPath, vitestArgs, options, logFile)
    : await runAsync(process.execPath, vitestArgs, options);
  if (beside) console.log(`\n[vatio] ${name} stage output:\n${readFileSync(logFile, 'utf8')}`);
  record(name, vitestCounts(file), code);
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

async function unitStage() {
  await vitest('unit-and-server-on-pglite', []);
}

async function postgresStage(beside = false) {
  const pg = await startThrowawayPostgres();
  if (pg.unavailable) {
    console.warn(`\n[vatio] PostgreSQL stage not run: ${pg.unavailable}\n`);
    record('server-on-postgresql', { passed: 0, failed: 1, skipped: 0 }, 1);
    return;
  }
  try {
    await vitest('server-on-postgresql', ['--project', 'server'], { DATABASE_URL: pg.url }, beside);
  } finally {
    pg.stop();
  }
}

/** Builds what the browser stage needs; returns the stage to run, or undefined when it cannot. */
async function prepareBrowserStage() {
  const chromium = ensureChromium();
  if (chromium.unavailable) {
    console.warn(`\n[vatio] browser stage not run: ${chromium.unavailable}\n`);
    record('browser', { passed: 0, failed: 1, skipped: 0 }, 1);
    return undefined;
  }
  ensureWebBuild();
  // The browser tests run the compiled server, as `npm start` does in production.
  await ensureServerBuild();
  return async (beside) => {
    const file = join(OUT, 'playwright.json');
    const logFile = join(OUT, 'browser.log');
    log(`stage browser: playwright${beside ? ` (beside the vitest stages; output in ${logFile})` : ''}`);
    const args = [
      join(ROOT, 'node_modules/@playwright/test/cli.js'),
      'test',
      '--config',
      'e2e/playwright.config.ts',
    ];
    const options = { env: { ...env, CHROMIUM_PATH: chromium.path, PLAYWRIGHT_JSON_OUTPUT_NAME: file } };
    const code = beside
      ? await runToFile(process.execPath, args, options, logFile)
      : await runAsync(process.execPath, args, options);
    if (beside) console.log(`\n[vatio] browser stage output:\n${readFileSync(logFile, 'utf8')}`);
    record('browser', playwrightCounts(file), code);
  };
}

/** runAsync with the child's stdout and stderr written to `logFile`; resolves once the file is complete. */
function runToFile(command, args, options, logFile) {
  return new Promise((resolve, reject) => {
    const output = createWriteStream(logFile);
    const child = spawn(command, args, { cwd: ROOT, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(output, { end: false });
    child.stderr.pipe(output, { end: false });
    child.on('error', reject);
    child.on('close', (code, signal) => output.end(() => resolve(code ?? (signal ? 1 : 0))));
  });
}

ensureDependencies();

const vitestStages = async () => {
  // The server tests' processes (crash, backup, outage) run the compiled server when it is built from
  // the sources as they are (packages/server/src/test/processes.ts): half the CPU of a start through
  // tsx. Built before the stages, never while a test reads its files.
  await ensureServerBuild();
  if (!only || only === 'unit') await unitStage();
  if (!only || only === 'pg') await postgresStage();
};

if (only === 'e2e' || (only === undefined && serial)) {
  if (only === undefined) await vitestStages();
  const browser = await prepareBrowserStage();
  if (browser) await browser(false);
} else if (only) {
  await vitestStages();
} else {
  // Build first (CPU-bound, and the vitest stages must not race the compiled server's files), then
  // run the three stages side by side.
  const browser = await prepareBrowserStage();
  // Without a browser stage nothing above compiled the server the vitest stages' processes run.
  await ensureServerBuild();
  await Promise.all([unitStage(), postgresStage(true), browser?.(true)]);
}

console.log('');
for (const name of ORDER) if (stages.has(name)) console.log(`  ${stages.get(name)}`);
console.log('');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
