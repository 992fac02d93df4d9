/**
 * The compiled server's resident memory when idle (`npm run bench -- memory`): started on a new data
 * folder (the first start creates and migrates the embedded database) and again on the same folder,
 * each measured a few seconds after /api/health first answers. A size budget, not a timing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { freePort, startServerProcess } from '../packages/server/src/test/processes.ts';

/**
 * The compiled server's idle resident-memory budget on PGlite (issue 12), MB. `npm run bench --
 * memory` prints it; e2e/specs/budgets.spec.ts fails `npm test` above it, with the example rider ready.
 */
export const IDLE_BUDGET_MB = 300;

/** Resident memory of a process now (VmRSS), MB. */
export function residentMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  if (pid === undefined) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface IdleMemory {
  firstStartMb: number;
  restartMb: number;
}

export async function measureIdleMemory(settleMs = 3000): Promise<IdleMemory> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-memory-'));
  try {
    const once = async () => {
      const server = await startServerProcess({ DATA_DIR: dataDir }, await freePort(), { compiled: true });
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      const mb = residentMb(server.pid);
      await stop(server);
      return mb;
    };
    const firstStartMb = await once();
    return { firstStartMb, restartMb: await once() };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
