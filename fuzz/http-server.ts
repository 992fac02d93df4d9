/**
 * A real Vatio server process for the fuzzer: the server's own entry (tsx) on a throwaway PostgreSQL
 * (scripts/postgres.mjs), so the fuzzer can read the database while the server runs and check it
 * after every batch. Without PostgreSQL it runs on PGlite and checks only what HTTP shows.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../packages/server/src/db/database.ts';
import { freePort, signInTokensOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import { translatedCodes, uploadAndJudge, type UploadTarget } from './http.ts';
import { checkInvariants } from './invariants.ts';
import type { FuzzInput } from './mutate.ts';

export async function startFuzzServer({
  uploadsInFlight = 1,
  renewEveryMs = 10 * 60_000,
}: {
  uploadsInFlight?: number;
  renewEveryMs?: number;
} = {}) {
  // @ts-expect-error plain JavaScript module without types
  const { startThrowawayPostgres } = (await import('../scripts/postgres.mjs')) as {
    startThrowawayPostgres: () => Promise<{ url?: string; stop?: () => void; unavailable?: string }>;
  };
  const pg = await startThrowawayPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'vatio-fuzz-'));
  const port = await freePort();
  // One rider uploads them all: let as many archives unpack at once as there are uploads in flight,
  // or the extra ones would be answered 429 UPLOAD_BUSY instead of being judged.
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    UPLOAD_ZIPS_PER_RIDER: String(uploadsInFlight),
  };
  if (pg.url) env.DATABASE_URL = pg.url;
  const child = await startServerProcess(env, port);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const base = `http://127.0.0.1:${port}`;
  const tokens = await signInTokensOverHttp(base, dataDir, 'fuzz@example.org');
  const headers: Record<string, string> = { authorization: `Bearer ${tokens.access_token}` };
  // An access token lives 15 minutes and a long run outlasts it: every 10 the rider's client renews
  // it with the refresh token, as the web app does. (Signing in again would ask for a code each time,
  // and the sixth code in an hour for one address and contact is refused: seed 12's zip pass, 2026-11-27.)
  // Uploads in flight together (`--http-concurrency`) share one renewal: the refresh token rotates.
  let renewedAt = Date.now();
  let renewing: Promise<void> | undefined;
  const staySignedIn = async () => {
    if (Date.now() - renewedAt < renewEveryMs) return;
    renewing ??= (async () => {
      const response = await fetch(`${base}/api/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: tokens.refresh_token }),
      });
      if (response.status !== 200)
        throw new Error(
          `the fuzzer's session could not be renewed: ${response.status} ${await response.text()}`,
        );
      Object.assign(tokens, (await response.json()) as typeof tokens);
      headers.authorization = `Bearer ${tokens.access_token}`;
      renewedAt = Date.now();
    })().finally(() => {
      renewing = undefined;
    });
    await renewing;
  };
  // The rider reads Spanish: the import's own messages must come in the rider's language.
  await fetch(`${base}/api/settings`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'es' }),
  });
  const database = pg.url ? await openDatabase({ databaseUrl: pg.url }) : undefined;
  const target: UploadTarget = {
    base,
    headers,
    alive: () => !exited,
    importTimeoutMs: 120_000,
    codes: translatedCodes(),
  };
  const peakRssMb = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
    } catch {
      return Number.NaN;
    }
  };
  let lastPeak = Number.NaN;
  return {
    upload: async (input: FuzzInput) => {
      await staySignedIn();
      return uploadAndJudge(target, input);
    },
    alive: () => !exited,
    /** The database and blob store invariants, and the server still up. */
    async check(): Promise<string[]> {
      lastPeak = peakRssMb();
      const problems: string[] = [];
      if (exited) problems.push('the server process died');
      else if (!(await fetch(`${base}/api/health`)).ok) problems.push('the server is not healthy');
      if (database) problems.push(...(await checkInvariants(database.db, join(dataDir, 'blobs'))));
      return problems;
    },
    describe: () =>
      `server on ${pg.url ? 'PostgreSQL' : `PGlite (${pg.unavailable}; database invariants not checked)`}, peak RSS ${lastPeak.toFixed(0)} MB`,
    async stop() {
      await database?.close();
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (!exited) child.kill('SIGKILL');
      pg.stop?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
