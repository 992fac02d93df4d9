/**
 * Cold and warm figures of the endpoints that have no bench of their own (issue 12's personal API keys
 * and API reference), on a real compiled Vatio server process (PGlite, as `npm start` runs it):
 * - cold: each route's first answer after the server starts (the OpenAPI document and the reference
 *   page are built on their first request and kept);
 * - warm: p50/p95 under 20 concurrent requests after a warm-up, next to `GET /api/health` measured in
 *   the same run (the ratio is the figure; the machine's speed cancels out);
 * - the same read (`GET /api/me`) signed in with a session token and with a personal API key, so the
 *   key's cost (hash lookup, last-use stamp, rate limit) shows as a ratio.
 * No timed assertions. Run: `npx tsx bench/endpoints.ts [requests]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signInOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import { firstAnswer, load, stop } from './http-load.ts';
import { summarize, type Timing } from './timing.ts';

const REQUESTS = 2000;
const WARMUP_REQUESTS = 300;
const CONCURRENCY = 20;

export async function runEndpointsBench(requests = REQUESTS): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-endpoints-'));
  // The bench sends thousands of key-signed requests; the per-key limit would answer 429 to most.
  const env = { DATA_DIR: dataDir, SMS_PROVIDER_URL: '', API_KEY_REQUESTS_PER_10_MIN: '1000000' };
  const port = await freePort();
  const server = await startServerProcess(env, port, { compiled: true });
  const base = `http://127.0.0.1:${port}`;
  try {
    const session = await signInOverHttp(base, dataDir, 'bench-endpoints@example.org');
    const created = await fetch(`${base}/api/me/api-keys`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { secret } = (await created.json()) as { secret: string };
    const apiKey = { authorization: `Bearer ${secret}` };
    const figures: [label: string, url: string, headers: Record<string, string>][] = [
      ['GET /api/health', `${base}/api/health`, {}],
      ['GET /api/openapi.json', `${base}/api/openapi.json`, {}],
      ['GET /api/docs', `${base}/api/docs`, {}],
      ['GET /api/me/api-keys', `${base}/api/me/api-keys`, session],
      ['GET /api/me (session token)', `${base}/api/me`, session],
      ['GET /api/me (personal API key)', `${base}/api/me`, apiKey],
    ];
    console.log(`\nendpoints: compiled server on PGlite; cold = first answer after start`);
    for (const [label, url, headers] of figures.slice(1, 4)) {
      const first = await firstAnswer(url, headers);
      console.log(`${label.padEnd(34)} cold ${first.ms.toFixed(1).padStart(7)} ms  ${first.bytes} bytes`);
    }
    const results: Timing[] = [];
    for (const [label, url, headers] of figures) {
      await load(url, headers, WARMUP_REQUESTS, CONCURRENCY);
      results.push(summarize(label, await load(url, headers, requests, CONCURRENCY)));
    }
    const health = results[0]!;
    console.log(
      `warm, ${requests} requests, ${CONCURRENCY} in flight:\n${'figure'.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p95 × health'.padStart(14)}`,
    );
    for (const t of results) {
      console.log(
        `${t.label.padEnd(34)}${t.medianMs.toFixed(1).padStart(9)}${t.p95Ms.toFixed(1).padStart(9)}${(t.p95Ms / health.p95Ms).toFixed(2).padStart(14)}`,
      );
    }
    const [sessionRead, keyRead] = results.slice(-2);
    console.log(
      `a personal API key costs ${(keyRead!.p95Ms / sessionRead!.p95Ms).toFixed(2)}× a session token on the same read (p95)`,
    );
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  await runEndpointsBench(Number(process.argv[2] ?? REQUESTS));
