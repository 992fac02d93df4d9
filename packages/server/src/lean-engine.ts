import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings of the long-lived server process, applied before it compiles PGlite (issue 27: an idle
 * `npm start` ran at 242-309 MB from run to run, over its 300 MB budget).
 *
 * PGlite's WebAssembly runs on V8's baseline code (Liftoff) without the optimizing tier (TurboFan).
 * TurboFan re-compiles the hot functions in V8's background threads, and each huge PostgreSQL
 * function (the parser, the expression interpreter) takes tens of MB of compiler memory there
 * (heaptrack: 43 MB at peak), freed afterwards but left resident in those threads' malloc arenas:
 * 50-100 MB of the idle server's anonymous memory instead of ~30 without it, more or less depending
 * on which threads compiled what (most of the run-to-run spread). The server's SQL is not where its
 * time goes: over 45 analytics answers per round its CPU was 490-570 ms a round with TurboFan and
 * 440-510 ms without, and start-up and the first answer were faster without the compilations
 * competing for the cores.
 *
 * Only this process: the children that create the database and prepare the example rider (forked
 * with Node's own options, not these) keep the optimizing tier for their bulk work, and their memory
 * leaves with them.
 */
export const LEAN_ENGINE_FLAGS = ['--liftoff-only'] as const;

export function leanEngine(): void {
  for (const flag of LEAN_ENGINE_FLAGS) setFlagsFromString(flag);
}
