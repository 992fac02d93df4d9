// Shared by `npm start` and `npm test`: plain Node, no dependencies, so they run on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

export function log(message) {
  console.log(`\x1b[36m[vatio]\x1b[0m ${message}`);
}

/** Runs a command to completion; returns its exit status. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runAsync(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

function newestMtimeMs(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtimeMs(join(path, entry)));
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing dependencies (npm ci)…');
  // Browsers come from Debian's chromium package, never from a download.
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  const status = run('npm', ['ci', '--no-audit', '--no-fund'], { env });
  if (status !== 0) throw new Error('npm ci failed');
}

/** Builds the web app when its sources (or the shared packages it uses) are newer than the build. */
export function ensureWebBuild({ force = false } = {}) {
  const built = join(ROOT, 'packages/web/dist/index.html');
  const sources = [
    'packages/web/src',
    'packages/web/public',
    'packages/web/index.html',
    'packages/web/vite.config.ts',
    'packages/web/build',
    'packages/schemas/src',
    'packages/analysis/src',
    'package-lock.json',
  ].map((p) => join(ROOT, p));
  const stale =
    force || !existsSync(built) || Math.max(...sources.map(newestMtimeMs)) > statSync(built).mtimeMs;
  if (!stale) return;
  // The typed API client is generated from the route contracts (issue 27): a changed contract reaches
  // the web before it is built.
  if (run(process.execPath, [join(ROOT, 'scripts/gen-web-client.mjs')], { cwd: ROOT }) !== 0)
    throw new Error('generating the web API client failed');
  log('building the web app…');
  const status = run(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: join(ROOT, 'packages/web'),
    },
  );
  if (status !== 0) throw new Error('web build failed');
}

export const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** The compiled `vatio` command (scripts/build-server.mjs), with the server inside. */
export const COMPILED_CLI = join(ROOT, 'packages/cli/dist/vatio.mjs');
const SERVER_SOURCES = ['server', 'cli', 'formats', 'analysis', 'schemas']
  .map((name) => join(ROOT, 'packages', name, 'src'))
  .concat([join(ROOT, 'package-lock.json'), join(ROOT, 'scripts/build-server.mjs')]);

/** The compiled command exists and no source it is built from is newer. */
export function compiledServerIsCurrent() {
  return (
    existsSync(COMPILED_CLI) &&
    Math.max(...SERVER_SOURCES.map(newestMtimeMs)) <= statSync(COMPILED_CLI).mtimeMs
  );
}

/** Compiles the server and the command to JavaScript when they are missing or stale. */
export async function ensureServerBuild({ force = false } = {}) {
  if (!force && compiledServerIsCurrent()) return;
  log('compiling the server…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
