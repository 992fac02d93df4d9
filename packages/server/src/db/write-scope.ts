import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * On whose behalf the code running now writes: a rider's id inside that rider's signed-in request
 * (http/auth-hook.ts) or inside a job that carries the rider (jobs/workers.ts), or nobody. The write
 * epoch (db/write-epoch.ts) uses it to tell which rider's cached answers a committed write can have
 * changed. It rests on the rule every repository keeps, that a rider's request or job reads and
 * writes that rider's rows only (docs/ARCHITECTURE.md, "every query is scoped"). Code that writes
 * for several riders, or for nobody in particular, runs unattributed, and its writes count for
 * everyone: the safe side (every cache checks once more).
 */
const scope = new AsyncLocalStorage<string | null>();

/** Runs `work` (and everything it starts) as writing for `riderId`; null: for nobody in particular. */
export function runAsRider<T>(riderId: string | null, work: () => T): T {
  return scope.run(riderId, work);
}

/** Runs `work` outside any rider's scope, whatever context started it (queue handlers, timers). */
export function runUnattributed<T>(work: () => T): T {
  return scope.run(null, work);
}

/** The rider the current code writes for, or undefined when unattributed. */
export function currentRider(): string | undefined {
  return scope.getStore() ?? undefined;
}
