/**
 * The advanced page's first answer right after a server start, for the demo rider (about six months
 * of rides imported through the real pipeline, every one with its stream), on a real server process
 * (PGlite): with each ride's advanced facts stored at import (migration 0015), then with the column
 * emptied, so every ride is read from its stream, as before. Each figure is a fresh server start.
 *
 *   node --import tsx bench/advanced-cold.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, pgliteDirFor } from '../packages/server/src/db/database.ts';
import { freePort, signInOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import { firstAnswer, stop } from './http-load.ts';

const STARTS = 2;
const PATH = '/api/analytics/advanced?period=1y&tz=Europe/Madrid';

const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-advanced-'));
const env = { DATA_DIR: dataDir, SMS_PROVIDER_URL: '' };
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function started() {
  const port = await freePort();
  return { server: await startServerProcess(env, port), base: `http://127.0.0.1:${port}` };
}

try {
  let { server, base } = await started();
  const headers = await signInOverHttp(base, dataDir, 'bench-advanced@example.org');
  const demo = await fetch(`${base}/api/demo`, { method: 'POST', headers });
  const planned = ((await demo.json()) as { rides: number }).rides;
  const t0 = performance.now();
  for (;;) {
    const r = await fetch(`${base}/api/analytics/advanced?period=1y&tz=Europe/Madrid`, { headers });
    const rides = ((await r.json()) as { rides: number }).rides;
    if (rides >= planned) break;
    await new Promise((ok) => setTimeout(ok, 2000));
  }
  // The last batch's re-derivation settles.
  await new Promise((ok) => setTimeout(ok, 5000));
  console.log(`demo rider: ${planned} rides imported in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await stop(server);

  const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  const counts = await handle.db
    .selectFrom('activities')
    .select((eb) => [
      eb.fn.countAll<number>().as('rides'),
      eb.fn.count<number>('advanced_facts').as('with_facts'),
    ])
    .executeTakeFirstOrThrow();
  await handle.close();
  console.log(`${counts.rides} rides, ${counts.with_facts} with stored advanced facts`);

  const cold = async (label: string) => {
    for (let k = 0; k < STARTS; k++) {
      ({ server, base } = await started());
      const first = await firstAnswer(`${base}${PATH}`, headers);
      const second = await firstAnswer(`${base}${PATH.replace('1y', '4w')}`, headers);
      console.log(
        `${label}: first 1y answer after start ${first.ms.toFixed(0)} ms (then 4w ${second.ms.toFixed(0)} ms), load avg ${load()}`,
      );
      await stop(server);
    }
  };
  await cold('stored facts (after) ');
  const again = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  await again.db.updateTable('activities').set({ advanced_facts: null }).execute();
  await again.close();
  await cold('from streams (before)');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
