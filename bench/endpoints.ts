/**
 * Cold and warm figures of the endpoints that have no bench of their own (issue 12's personal API keys
 * and API reference), on a real compiled Vatio server process (PGlite, as `npm start` runs it):
 * - cold: each route's first answer after the server starts (the OpenAPI document and the reference
 *   page are built on their first request and kept);
 * - warm: p50/p95 under 20 concurrent requests after a warm-up, next to `GET /api/health` measured in
 *   the same run (the ratio is the figure; the machine's speed cancels out);
 * - the same read (`GET /api/me`) signed in with a session token and with a personal API key, so the
 *   key's cost (hash lookup, last-use stamp, rate limit) shows as a ratio;
 * - `POST /api/auth/logout-all`, cold and warm: each call ends a rider's sessions, so each needs a
 *   rider freshly signed in (one session each, signed in before the calls are timed).
 * No timed assertions. Run: `npx tsx bench/endpoints.ts [requests]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  signInOverHttp,
  signInTokensOverHttp,
  startServerProcess,
} from '../packages/server/src/test/processes.ts';
import { firstAnswer, load, stop } from './http-load.ts';
import { summarize, type Timing } from './timing.ts';

const REQUESTS = 2000;
const WARMUP_REQUESTS = 300;
const CONCURRENCY = 20;
/** Sign-outs timed warm (and before them, untimed): one signed-in rider each, signed in over HTTP. */
const LOGOUT_REQUESTS = 400;
const LOGOUT_WARMUP = 60;

/** One `POST /api/auth/logout-all` on a kept-alive connection; it must end exactly the one session. */
function logoutAll(url: URL, authorization: string, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { authorization, 'content-type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode === 200 && JSON.parse(body).sessions_ended === 1) resolve();
          else reject(new Error(`logout-all: ${response.statusCode} ${body.slice(0, 200)}`));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

/** One sign-out per token, `concurrency` in flight on kept-alive connections; ms each. */
async function loadLogouts(base: string, tokens: readonly string[], concurrency: number): Promise<number[]> {
  const url = new URL(`${base}/api/auth/logout-all`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const samples: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const token = tokens[next++]!;
      const t0 = performance.now();
      await logoutAll(url, `Bearer ${token}`, agent);
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return samples;
}

/** `count` riders signed in over HTTP, one session each: their access tokens. */
async function signInRiders(base: string, dataDir: string, prefix: string, count: number) {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++)
    tokens.push((await signInTokensOverHttp(base, dataDir, `${prefix}-${i}@example.org`)).access_token);
  return tokens;
}

export async function runEndpointsBench(requests = REQUESTS): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-endpoints-'));
  // The bench sends thousands of key-signed requests; the per-key limit would answer 429 to most.
  // The sign-out figures sign hundreds of riders in from one address (30 codes an hour by default).
  const env = {
    DATA_DIR: dataDir,
    SMS_PROVIDER_URL: '',
    API_KEY_REQUESTS_PER_10_MIN: '1000000',
    OTP_REQUESTS_PER_IP_PER_HOUR: '1000000',
  };
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
    const [coldRider] = await signInRiders(base, dataDir, 'bench-logout-cold', 1);
    console.log(`\nendpoints: compiled server on PGlite; cold = first answer after start`);
    for (const [label, url, headers] of figures.slice(1, 4)) {
      const first = await firstAnswer(url, headers);
      console.log(`${label.padEnd(34)} cold ${first.ms.toFixed(1).padStart(7)} ms  ${first.bytes} bytes`);
    }
    const [coldLogout] = await loadLogouts(base, [coldRider!], 1);
    console.log(`${'POST /api/auth/logout-all'.padEnd(34)} cold ${coldLogout!.toFixed(1).padStart(7)} ms`);
    const results: Timing[] = [];
    for (const [label, url, headers] of figures) {
      await load(url, headers, WARMUP_REQUESTS, CONCURRENCY);
      results.push(summarize(label, await load(url, headers, requests, CONCURRENCY)));
    }
    // Signed in before anything is timed; the warm-up riders' sign-outs go first, untimed.
    const logoutRequests = Math.min(requests, LOGOUT_REQUESTS);
    const riders = await signInRiders(base, dataDir, 'bench-logout', LOGOUT_WARMUP + logoutRequests);
    await loadLogouts(base, riders.slice(0, LOGOUT_WARMUP), CONCURRENCY);
    const logouts = summarize(
      'POST /api/auth/logout-all',
      await loadLogouts(base, riders.slice(LOGOUT_WARMUP), CONCURRENCY),
    );
    const health = results[0]!;
    console.log(
      `warm, ${requests} requests, ${CONCURRENCY} in flight:\n${'figure'.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p95 × health'.padStart(14)}`,
    );
    for (const t of results) {
      console.log(
        `${t.label.padEnd(34)}${t.medianMs.toFixed(1).padStart(9)}${t.p95Ms.toFixed(1).padStart(9)}${(t.p95Ms / health.p95Ms).toFixed(2).padStart(14)}`,
      );
    }
    console.log(
      `${logouts.label.padEnd(34)}${logouts.medianMs.toFixed(1).padStart(9)}${logouts.p95Ms.toFixed(1).padStart(9)}${(logouts.p95Ms / health.p95Ms).toFixed(2).padStart(14)}  (${logoutRequests} requests, one fresh session each)`,
    );
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
