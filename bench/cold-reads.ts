/**
 * Issue 28's three cold-read figures on one stored history (2,000 rides on one bike), measured for
 * two server checkouts in the same run (`--base DIR`: another checkout of Vatio, e.g. the commit
 * before a change; its server runs on the same data first): the bike's performance and the two
 * analytics answers, each the first answer after a new ride is stored (median and max of 5), next to
 * GET /api/health's warm p95 in the same run. No timed assertions.
 * Run: `npx tsx bench/cold-reads.ts [rides] [--base DIR]`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, signInOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import { AS_INSTALLED, firstAnswer, load, stop, storeNewRide } from './http-load.ts';
import { seedStoredRides } from './stored-rides.ts';
import { summarize } from './timing.ts';

const args = process.argv.slice(2);
const baseAt = args.indexOf('--base');
const baseRoot = baseAt >= 0 ? args.splice(baseAt, 2)[1] : undefined;
const RIDES = Number(args[0] ?? 2000);
const SAMPLES = Number(process.env.SAMPLES ?? 5);
/** When the last server process was spawned (the bench's clock): its log's times are from about then. */
let spawnedAt = 0;
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 0);

async function startServer(root: string, env: Record<string, string>, port: number): Promise<ChildProcess> {
  spawnedAt = performance.now();
  return startServerProcess({ ...AS_INSTALLED, ...env }, port, {
    root,
    // SERVER_NODE_ARGS: Node options for the server alone (e.g. --trace-gc, with SERVER_LOG).
    nodeArgs: process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    // SERVER_LOG: the server's output (e.g. NODE_OPTIONS=--trace-gc) appended to this file.
    stdio: process.env.SERVER_LOG ? ['ignore', openSync(process.env.SERVER_LOG, 'a'), 'inherit'] : 'ignore',
    startDeadlineMs: 240_000,
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-cold-'));
const env = { DATA_DIR: dataDir, SMS_PROVIDER_URL: '' };
try {
  let port = await freePort();
  // The older checkout creates the database: the newer one's migrations apply on top of it.
  let server = await startServer(baseRoot ?? ROOT, env, port);
  let base = `http://127.0.0.1:${port}`;
  const headers = await signInOverHttp(base, dataDir, 'bench-cold@example.org');
  const me = (await (await fetch(`${base}/api/me`, { headers })).json()) as { user: { id: string } };
  const bike = (await (
    await fetch(`${base}/api/bikes`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench bike', type: 'road', is_primary: true }),
    })
  ).json()) as { id: string };
  await stop(server);
  await seedStoredRides(dataDir, me.user.id, RIDES);
  const paths: [string, string][] = [
    ['GET /api/bikes/:id/performance', `/api/bikes/${bike.id}/performance`],
    ['GET /api/analytics/performance?weeks=4', '/api/analytics/performance?weeks=4&tz=Europe/Madrid'],
    ['GET /api/analytics/evolution?metric=ftp&range=all', '/api/analytics/evolution?metric=ftp&range=all'],
    ['GET /api/dashboard/power-curve (all)', '/api/dashboard/power-curve?range=all'],
  ];
  let seed = 1;
  for (const [name, root] of baseRoot
    ? [
        ['before', baseRoot],
        ['after', ROOT],
      ]
    : [['this', ROOT]]) {
    port = await freePort();
    server = await startServer(root!, env, port);
    base = `http://127.0.0.1:${port}`;
    try {
      if (name !== 'after') {
        const today = new Date().toISOString().slice(0, 10);
        await fetch(`${base}/api/bikes/${bike.id}/rides`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ from: '2000-01-01', to: today }),
        });
      }
      // Two rides uploaded first, as the analytics bench does: a server's first import starts its
      // analysis threads, work that is no answer's own.
      await storeNewRide(base, headers, seed++);
      await storeNewRide(base, headers, seed++);
      for (const [, path] of paths) await load(`${base}${path}`, headers, 100, 10);
      const loadBefore = loadavg()[0]!;
      await load(`${base}/api/health`, headers, 300, 50);
      const health = summarize('health', await load(`${base}/api/health`, headers, 1000, 50));
      const cold = paths.map(() => [] as number[]);
      for (let k = 0; k < SAMPLES; k++) {
        await storeNewRide(base, headers, seed++);
        // SETTLE_MS: a pause before the cold requests, to tell work still running after the import
        // (its batch pass) from the answers' own.
        if (SETTLE_MS > 0) await new Promise((r) => setTimeout(r, SETTLE_MS));
        for (const [i, [, path]] of paths.entries()) {
          const at = performance.now() - spawnedAt;
          cold[i]!.push((await firstAnswer(`${base}${path}`, headers)).ms);
          if (process.env.SERVER_LOG)
            console.log(
              `sample ${k} ${path}: from ${at.toFixed(0)} ms after spawn, ${cold[i]!.at(-1)!.toFixed(0)} ms`,
            );
        }
      }
      console.log(
        `\n${name} (${root}): health p95 ${health.p95Ms.toFixed(1)} ms, load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}, ${availableParallelism()} cpu`,
      );
      for (const [i, [label]] of paths.entries()) {
        const c = [...cold[i]!].sort((a, b) => a - b);
        console.log(
          `${label.padEnd(50)} cold ${cold[i]!.map((x) => x.toFixed(0))
            .join(' ')
            .padEnd(
              24,
            )} med ${c[Math.floor(c.length / 2)]!.toFixed(0)} max ${c.at(-1)!.toFixed(0)} ms, max × health p95 ${(c.at(-1)! / health.p95Ms).toFixed(1)}`,
        );
      }
    } finally {
      await stop(server);
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
