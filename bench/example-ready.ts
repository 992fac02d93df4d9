/**
 * How long after start-up the public /analytics example rider is ready (`npm run bench -- example`,
 * issue 25 §8): the compiled server on a new PGlite data folder with EXAMPLE_RIDER_PREPARE on (as
 * `vatio serve` runs), nobody asking for /analytics; GET /api/public/analytics/training-load polled
 * until it answers 200. Since issue 27 the example is prepared in a short-lived child before the server
 * listens (its memory leaves with the child), so the server answers once it is ready. Baseline in the
 * same run: a first start on a new folder without the example (EXAMPLE_RIDER_PREPARE off), so the
 * figure is what the example adds to a first start. Alongside, /api/health's latency after it is
 * ready. Prints; no timed assertion.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DemoService } from '../packages/server/src/modules/demo/demo.service.ts';
import { freePort, startServerProcess } from '../packages/server/src/test/processes.ts';

export interface ExampleReady {
  days: number;
  /** Rides of the example's plan (the demo's plan for `days` days before today). */
  rides: number;
  /** Spawn → /api/health answered, on a new folder without the example (the baseline). */
  bareListenMs: number;
  /** Spawn → /api/health answered, with the example prepared. */
  listenMs: number;
  /** Spawn → the public training-load answered 200. */
  readyMs: number | undefined;
  /** /api/health latencies while the example was being prepared, and after it was ready. */
  healthDuringMs: number[];
  healthAfterMs: number[];
}

const POLL_MS = 500;
const TIMEOUT_MS = 10 * 60_000;

async function timed(url: string): Promise<{ ms: number; status: number; body: unknown }> {
  const start = performance.now();
  const response = await fetch(url);
  const body = await response.json().catch(() => null);
  return { ms: performance.now() - start, status: response.status, body };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Spawn → /api/health answered on a new data folder without the example rider. */
async function bareFirstStartMs(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-example-bare-'));
  const spawned = performance.now();
  const server = await startServerProcess(
    { DATA_DIR: dataDir, EXAMPLE_RIDER_PREPARE: 'false' },
    await freePort(),
    { compiled: true },
  );
  const ms = performance.now() - spawned;
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
  return ms;
}

export async function measureExampleReady(days = 182): Promise<ExampleReady> {
  const bareListenMs = await bareFirstStartMs();
  const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-example-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const server = await startServerProcess(
    { DATA_DIR: dataDir, EXAMPLE_RIDER_PREPARE: 'true', EXAMPLE_RIDER_DAYS: String(days) },
    port,
    { compiled: true },
  );
  const listenMs = performance.now() - spawned;
  const out: ExampleReady = {
    days,
    rides: DemoService.plannedRides(new Date(), days),
    bareListenMs,
    listenMs,
    readyMs: undefined,
    healthDuringMs: [],
    healthAfterMs: [],
  };
  try {
    while (performance.now() - spawned < TIMEOUT_MS) {
      out.healthDuringMs.push((await timed(`${base}/api/health`)).ms);
      const load = await timed(`${base}/api/public/analytics/training-load?days=90`);
      if (load.status === 200) {
        out.readyMs = performance.now() - spawned;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    for (let k = 0; k < 20; k++) out.healthAfterMs.push((await timed(`${base}/api/health`)).ms);
    return out;
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

export function describeExampleReady(r: ExampleReady): string {
  const s = (ms: number | undefined) => (ms === undefined ? 'n/a' : (ms / 1000).toFixed(1));
  const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : 'n/a');
  const ready =
    r.readyMs === undefined
      ? `NOT ready within ${TIMEOUT_MS / 60_000} min`
      : `ready ${s(r.readyMs)} s after start = ${(r.readyMs / r.bareListenMs).toFixed(1)}× a first start without it`;
  return (
    `example rider (${r.rides} demo rides, EXAMPLE_RIDER_DAYS ${r.days}, nobody asking, first start): ${ready} ` +
    `(first start without the example: answering /api/health after ${s(r.bareListenMs)} s; with it: after ${s(r.listenMs)} s)\n` +
    `/api/health from the first answer until ready: median ${ms(median(r.healthDuringMs))} ms (${r.healthDuringMs.length} requests); ` +
    `after: median ${ms(median(r.healthAfterMs))} ms`
  );
}
