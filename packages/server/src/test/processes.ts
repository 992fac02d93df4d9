import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { compiledServerIsCurrent } from '../../../../scripts/lib.mjs';

// Real Vatio processes for tests that kill, restart or multiply them.
export const ROOT = resolve(import.meta.dirname, '../../../..');
// The server runs in ONE process (node with tsx's loader), not under the tsx launcher: a SIGKILL must
// kill the server itself, or a "crashed" server would live on as an orphan and keep working.
const TSX_LOADER = ['--import', 'tsx'];

export function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/** The compiled command (scripts/build-server.mjs): how `npm start` runs the server in production. */
export const COMPILED_SERVER = [join(ROOT, 'packages/cli/dist/vatio.mjs'), 'serve'];

/** How to start a server process, beyond its environment and port (all optional). */
export interface ServerProcessOptions {
  /** The compiled server `npm start` runs (benches measure that one) instead of the sources. */
  compiled?: boolean;
  /** A checkout other than this one (a bench comparing two): its sources, or `entry` in it. */
  root?: string;
  /** A server entry file run with `serve` (e.g. a copy of an older build) instead of either. */
  entry?: string;
  /** Node options for the server alone (e.g. --cpu-prof, which NODE_OPTIONS does not allow). */
  nodeArgs?: readonly string[];
  /** The server's stdout and stderr (default: ignored). */
  stdio?: SpawnOptions['stdio'];
  /** How long the first /api/health may take, ms. */
  startDeadlineMs?: number;
}

/**
 * Starts `packages/server/src/main.ts` (or, with `compiled`, the compiled server that `npm start`
 * runs; benches measure that one) and waits until /api/health answers. The sources run compiled when
 * the compiled server is built from them as they are (`compiledServerIsCurrent`, the same check as
 * `packages/cli/bin/vatio.mjs`, which the worker processes of these tests run): `npm test` builds it
 * before its stages start. A start through tsx's loader cost ~2.9 CPU-s against ~1.3 compiled, and
 * every analysis thread loads its sources through it again (issue 27: the crash tests start five).
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  port: number,
  {
    compiled = false,
    root = ROOT,
    entry,
    nodeArgs = [],
    stdio = 'ignore',
    // A fresh data folder's first start creates and migrates its database: ~10 s alone, but it took
    // 107 s on this 2-core machine under a load of 30, where 90 s failed the crash and backup tests
    // (issue 27). npm test runs three stages side by side; waiting longer costs nothing when it starts.
    startDeadlineMs = 180_000,
  }: ServerProcessOptions = {},
): Promise<ChildProcess> {
  const args = entry
    ? [entry, 'serve']
    : compiled || (root === ROOT && compiledServerIsCurrent())
      ? COMPILED_SERVER
      : [...TSX_LOADER, join(root, 'packages/server/src/main.ts')];
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      NODE_ENV: 'test',
      ...env,
      PORT: String(port),
    },
    stdio,
  });
  const deadline = Date.now() + startDeadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {}
    // A refused connection costs nothing: look often, a compiled start takes ~1 s (issue 27).
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Signs a rider in over HTTP, reading the code from the server's outbox. Returns both tokens. */
export async function signInTokensOverHttp(
  base: string,
  dataDir: string,
  email: string,
): Promise<{ access_token: string; refresh_token: string }> {
  const asked = await fetch(`${base}/api/auth/otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, create_user: true }),
  });
  // Refused (e.g. the per-contact limit): the outbox's newest code is an old one, already used.
  if (asked.status !== 202) throw new Error(`no sign-in code: ${asked.status} ${await asked.text()}`);
  const outbox = join(dataDir, 'outbox');
  const newest = readdirSync(outbox).sort().at(-1)!;
  const code = /\b(\d{6})\b/.exec(JSON.parse(readFileSync(join(outbox, newest), 'utf8')).text)![1]!;
  const response = await fetch(`${base}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, token: code, type: 'email' }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in refused: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

/** Signs a rider in over HTTP, reading the code from the server's outbox. Returns the auth header. */
export async function signInOverHttp(
  base: string,
  dataDir: string,
  email: string,
): Promise<Record<string, string>> {
  const { access_token } = await signInTokensOverHttp(base, dataDir, email);
  return { authorization: `Bearer ${access_token}` };
}

export interface ImportProgress {
  status: string;
  counts: Record<string, number>;
}

/** Polls an import until it is done or the time is up; returns the last answer. */
export async function waitForImportOverHttp(
  base: string,
  headers: Record<string, string>,
  importId: string,
  timeoutMs: number,
) {
  const read = async () =>
    (await (await fetch(`${base}/api/imports/${importId}`, { headers })).json()) as ImportProgress;
  let progress = await read();
  const deadline = Date.now() + timeoutMs;
  while (progress.status !== 'done' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 300));
    progress = await read();
  }
  return progress;
}
