/**
 * The endpoint table the garage and plan benches print (issue 27: both wrote it out in full): each
 * endpoint's first answer after start, warm p50/p95 under concurrent load after a warm-up (against
 * GET /api/health's p95), its cold answers after new rides are stored, and the server's CPU per request.
 */
import { availableParallelism, loadavg } from 'node:os';
import { coldAfterNewRides, firstAnswer, load, processCpuMs } from './http-load.ts';
import { summarize, type Timing } from './timing.ts';

export interface Endpoint {
  label: string;
  path: string;
  /** Headers of this endpoint's warm requests when not the rider's (the calendar feed has none). */
  headers?: Record<string, string>;
}

export interface EndpointRun {
  base: string;
  /** The server process, for its CPU time. */
  serverPid: number | undefined;
  /** The rider's headers: every request's unless the endpoint has its own, and the cold uploads'. */
  headers: Record<string, string>;
  endpoints: readonly Endpoint[];
  warmupRequests: number;
  requests: number;
  concurrency: number;
  coldSamples: number;
}

export interface EndpointFigures {
  /** GET /api/health first, then the endpoints in order. */
  warm: Timing[];
  cpuPerRequestMs: number[];
  /** Per endpoint, ms of each cold answer. */
  cold: number[][];
  loadBefore: number;
  loadAfter: number;
}

/** Prints each endpoint's first answer after start, then measures warm and cold figures. */
export async function measureEndpoints(run: EndpointRun): Promise<EndpointFigures> {
  const { base, headers, endpoints } = run;
  for (const { label, path, headers: own } of endpoints) {
    const first = await firstAnswer(`${base}${path}`, own ?? headers);
    console.log(`${label}: first answer after start ${first.ms.toFixed(0)} ms, ${first.bytes} bytes`);
  }
  const figures: Endpoint[] = [{ label: 'GET /api/health', path: '/api/health' }, ...endpoints];
  const warm: Timing[] = [];
  const cpuPerRequestMs: number[] = [];
  const loadBefore = loadavg()[0]!;
  for (const { label, path, headers: own } of figures) {
    const url = `${base}${path}`;
    await load(url, own ?? headers, run.warmupRequests, run.concurrency);
    const cpu0 = processCpuMs(run.serverPid);
    warm.push(summarize(label, await load(url, own ?? headers, run.requests, run.concurrency)));
    const cpu1 = processCpuMs(run.serverPid);
    cpuPerRequestMs.push(
      cpu0 !== undefined && cpu1 !== undefined ? (cpu1 - cpu0) / run.requests : Number.NaN,
    );
  }
  const loadAfter = loadavg()[0]!;
  // Endpoints with headers of their own (the calendar feed's token is in its path) get the rider's too.
  const cold = await coldAfterNewRides(
    base,
    headers,
    endpoints.map(({ path }) => `${base}${path}`),
    run.coldSamples,
  );
  return { warm, cpuPerRequestMs, cold, loadBefore, loadAfter };
}

/** The load average line and the table of `measureEndpoints`' figures. */
export function printEndpointTable({
  warm,
  cpuPerRequestMs,
  cold,
  loadBefore,
  loadAfter,
}: EndpointFigures): void {
  console.log(
    `load average (1 min) ${loadBefore.toFixed(1)} before the warm figures, ${loadAfter.toFixed(1)} after, ${availableParallelism()} cpu`,
  );
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
  console.log(
    `${'figure'.padEnd(44)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p95 × health'.padStart(14)}${'cold med'.padStart(10)}${'cold max'.padStart(10)}${'cold max × health p95'.padStart(23)}${'server cpu ms/req'.padStart(19)}`,
  );
  const health = warm[0]!;
  for (const [i, t] of warm.entries()) {
    const c = i === 0 ? undefined : [...cold[i - 1]!].sort((a, b) => a - b);
    const coldMed = c ? c[Math.floor(c.length / 2)]! : Number.NaN;
    const coldMax = c ? c[c.length - 1]! : Number.NaN;
    const cpu = cpuPerRequestMs[i]!;
    console.log(
      `${t.label.padEnd(44)}${f(t.medianMs).padStart(9)}${f(t.p95Ms).padStart(9)}${f(t.p95Ms / health.p95Ms).padStart(14)}${f(coldMed).padStart(10)}${f(coldMax).padStart(10)}${f(coldMax / health.p95Ms).padStart(23)}${(Number.isFinite(cpu) ? cpu.toFixed(3) : '–').padStart(19)}`,
    );
  }
}
