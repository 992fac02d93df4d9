/**
 * The aero lab's endpoint (issue 14): POST /api/activities/:id/aero-fit on a real Vatio server process
 * (PGlite, as `npm start` runs it) for a 2-hour synthetic ride uploaded through the API. Cold: the first
 * request after the server starts (nothing decoded yet); warm: p50/p95 of sequential requests (the
 * lab's requests come one at a time from one rider) for the three kinds the web sends: the first load
 * with the 1 Hz samples, a request at given values, and "fit automatically". Nothing is cached: each
 * request reads and decodes the stream blob. No timed assertions.
 * Run: `npx tsx bench/aero-fit.ts [requests]`, or `npm run bench -- aero`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signInOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import { stop, storeNewRide } from './http-load.ts';
import { summarize } from './timing.ts';

const REQUESTS = Number(process.argv[2] ?? 100);
const BODIES: [label: string, body: object][] = [
  ['first load (include_samples)', { include_samples: true }],
  ['given CdA and Crr', { cda_m2: 0.3, crr: 0.004 }],
  ['fit: true', { fit: true }],
];

async function timedPost(url: string, headers: Record<string, string>, body: object) {
  const t0 = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - t0, bytes };
}

const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-aero-'));
const env = { DATA_DIR: dataDir, SMS_PROVIDER_URL: '' };
try {
  let port = await freePort();
  let server = await startServerProcess(env, port);
  let base = `http://127.0.0.1:${port}`;
  const headers = await signInOverHttp(base, dataDir, 'bench-aero@example.org');
  await storeNewRide(base, headers, 1);
  const list = (await (await fetch(`${base}/api/activities?limit=1`, { headers })).json()) as {
    activities: { id: string }[];
  };
  const id = list.activities[0]!.id;
  // Cold: a fresh server process, first request.
  await stop(server);
  port = await freePort();
  server = await startServerProcess(env, port);
  base = `http://127.0.0.1:${port}`;
  const url = `${base}/api/activities/${id}/aero-fit`;
  console.log(
    `aero lab: POST /api/activities/:id/aero-fit, one 2-hour ride, ${REQUESTS} sequential requests each`,
  );
  const cold = await timedPost(url, headers, BODIES[0]![1]);
  console.log(
    `cold (first request after start): ${cold.ms.toFixed(1)} ms, ${(cold.bytes / 1024).toFixed(0)} KB`,
  );
  for (const [label, body] of BODIES) {
    for (let i = 0; i < 10; i++) await timedPost(url, headers, body);
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const r = await timedPost(url, headers, body);
      samples.push(r.ms);
      bytes = r.bytes;
    }
    const t = summarize(label, samples);
    console.log(
      `warm ${label}: p50 ${t.medianMs.toFixed(1)} ms, p95 ${t.p95Ms.toFixed(1)} ms, ${(bytes / 1024).toFixed(0)} KB`,
    );
  }
  await stop(server);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
