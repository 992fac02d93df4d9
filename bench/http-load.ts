/** HTTP load for the server benches: concurrent GETs on kept-alive connections, and a child's clean stop. */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { encodeFit, generateRide } from '@vatio/formats';

/**
 * One GET on a kept-alive connection, the body read in full. node:http rather than fetch: the load
 * generator shares the machine's two cores with the server, and fetch (undici with WHATWG streams)
 * spent more CPU per request than the server answering it, which measured the client instead.
 */
function get(url: URL, headers: Record<string, string>, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      response.on('data', () => {});
      response.on('end', () =>
        response.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${response.statusCode}`)),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** `total` GETs with `concurrency` in flight at once, each on its own kept-alive connection; ms each. */
export async function load(
  url: string,
  headers: Record<string, string>,
  total: number,
  concurrency: number,
): Promise<number[]> {
  const samples: number[] = [];
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      const t0 = performance.now();
      await get(target, headers, agent);
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return samples;
}

/** The first answer of a route (cold: nothing kept yet), timed with its size. */
export async function firstAnswer(url: string, headers: Record<string, string>) {
  const t0 = performance.now();
  const response = await fetch(url, { headers });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - t0, bytes };
}

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc on Linux; undefined elsewhere.
 * On a shared machine the wall-clock percentiles follow the machine's load; the server's own CPU per
 * request does not, so the benches print it beside them.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are
    // the 12th and 13th, in clock ticks (100 per second on Linux).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The cold figures of the server benches: `samples` new rides uploaded and imported one at a time
 * through the API (each makes every kept answer stale, as a rider sees it after each ride), each
 * followed by the first answer of every url in turn; ms per url, in upload order.
 */
export async function coldAfterNewRides(
  base: string,
  headers: Record<string, string>,
  urls: readonly string[],
  samples: number,
): Promise<number[][]> {
  const cold = urls.map(() => [] as number[]);
  for (let k = 1; k <= samples; k++) {
    await storeNewRide(base, headers, k);
    for (const [i, url] of urls.entries()) cold[i]!.push((await firstAnswer(url, headers)).ms);
  }
  return cold;
}

/** Uploads one new 2-hour ride through the API and waits until it is imported. */
/** Uploads one synthetic ride through the API and waits for its import; its activity id. */
export async function storeNewRide(
  base: string,
  headers: Record<string, string>,
  seed: number,
): Promise<string> {
  const activity = generateRide({
    seed,
    durationS: 7200,
    // Before the seeded history: a ride overlapping a stored one in time is a duplicate of it.
    startTime: new Date(Date.UTC(2001, 0, seed, 8)),
  });
  const form = new FormData();
  form.append('file', new Blob([encodeFit(activity)]), `new-${seed}.fit`);
  const response = await fetch(`${base}/api/activities/upload`, { method: 'POST', headers, body: form });
  if (response.status !== 202) throw new Error(`upload: ${response.status}`);
  const { import_id } = (await response.json()) as { import_id: string };
  for (;;) {
    const status = (await (await fetch(`${base}/api/imports/${import_id}`, { headers })).json()) as {
      files: { status: string; activity_id: string | null }[];
    };
    if (status.files.every((f) => f.status !== 'queued' && f.status !== 'processing')) {
      if (status.files.some((f) => f.status !== 'done')) throw new Error('the new ride was not imported');
      return status.files[0]!.activity_id!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * What an install checks of its answers (VALIDATE_RESPONSES, docs/ARCHITECTURE.md): a hundredth, after
 * sending. The benches' servers run with NODE_ENV=test, which alone would check every answer before
 * sending it; the figures measure an install.
 */
export const AS_INSTALLED = { VALIDATE_RESPONSES: '0.01' } as const;
