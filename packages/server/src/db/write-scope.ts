import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * On whose behalf the code running now writes: a rider's id inside that rider's signed-in request
 * (http/auth-hook.ts) or inside a job that carries the rider (job-workers.ts), or nobody. The write
 * epoch (db/write-epoch.ts) uses it to tell which rider's cached answers a committed write can have
 * changed. It rests on the rule every repository keeps, that a rider's request or job reads and
 * writes that rider's rows only (docs/ARCHITECTURE.md, "every query is scoped"). Code that writes
 * for several riders, or for nobody in particular, runs unattributed, and its writes count for
 * everyone: the safe side (every cache checks once more).
 */
/** Writes that no rider's answer reads: they move no epoch (see runAsBookkeeping). */
const BOOKKEEPING = Symbol('bookkeeping');
const scope = new AsyncLocalStorage<string | null | typeof BOOKKEEPING>();

/** Runs `work` (and everything it starts) as writing for `riderId`; null: for nobody in particular. */
export function runAsRider<T>(riderId: string | null, work: () => T): T {
  return scope.run(riderId, work);
}

/** Runs `work` outside any rider's scope, whatever context started it (queue handlers, timers). */
export function runUnattributed<T>(work: () => T): T {
  return scope.run(null, work);
}

/**
 * Runs `work` as bookkeeping: writes that no cached answer reads, such as the mark a running job
 * carries of the process that runs it (jobs/queue.ts). Kept apart so that they do not count for
 * every rider: each job start would otherwise send every rider's screens to be computed again.
 */
export function runAsBookkeeping<T>(work: () => T): T {
  return scope.run(BOOKKEEPING, work);
}

/** The rider the current code writes for, or undefined when unattributed. */
export function currentRider(): string | undefined {
  const writer = scope.getStore();
  return typeof writer === 'string' ? writer : undefined;
}

/** True inside runAsBookkeeping: what is written there moves no write epoch. */
export function writingBookkeeping(): boolean {
  return scope.getStore() === BOOKKEEPING;
}
