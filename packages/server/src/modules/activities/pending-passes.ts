import { runAsRider } from '../../db/write-scope.ts';
import type { BatchPasses } from './batch-pass.ts';
import type { PendingPassRepository } from './pending-pass.repository.ts';

/**
 * How long a recorded pass is left to the change that recorded it before a sweep of a process that
 * shares the database runs it (a deletion's own pass takes seconds): 5 minutes. A run of re-analyses
 * or a Strava sync run passes at its end, which may come later: the sweep meanwhile passes over the
 * rides stored so far, and the run's end over what is left. Running one twice costs only the work
 * (the second finds the facts hold), never a wrong figure.
 */
export const PENDING_PASS_MIN_AGE_S = 300;

/** What a sweep did: riders whose passes ran, passes they covered, riders whose pass failed. */
export interface PendingPassSweep {
  riders: number;
  passes: number;
  failed: number;
}

/** What running the batch passes owed reads and writes (the records, the riders' passes). */
export interface PendingPassDeps {
  pending: Pick<PendingPassRepository, 'riders' | 'ofRider' | 'remove'>;
  passes: Pick<BatchPasses, 'run'>;
}

/**
 * Runs one rider's batch passes owed, recorded more than `minAgeS` ago, as one pass over the windows
 * after each recorded instant, which removes them once its writes are done; how many it covered (0:
 * none owed). Throws when the pass fails, its records kept. The sweep's, and what ends a run of
 * re-analyses, a Strava webhook's new ride and a sync run (with `minAgeS` 0): their records are in the
 * database, not in a process's memory, so a run whose jobs went to several processes, or across a
 * restart, passes over all of its rides.
 */
export async function runRiderPendingPasses(
  deps: PendingPassDeps,
  userId: string,
  minAgeS: number,
): Promise<number> {
  const { pending, passes } = deps;
  // Read before the pass reads the rides: each record's change was committed before that read.
  const owed = await pending.ofRider(userId, minAgeS);
  if (owed.length === 0) return 0;
  // As the rider's (db/write-scope.ts): only their cached answers are checked again.
  await runAsRider(userId, () =>
    passes.run(
      userId,
      { curvesChangedAt: owed.map((p) => p.curvesChangedAt) },
      {
        settle: () =>
          pending.remove(
            userId,
            owed.map((p) => p.id),
          ),
      },
    ),
  );
  return owed.length;
}

/**
 * The batch passes owed and not ended (issue 28, trust): after a deletion, a re-analysis or a ride
 * stored from Strava, a crash between the commit and the pass, or a pass that failed, left the rides
 * of the 90 days after the changed curve with figures measured without the change (ride-delete.ts,
 * imports/reanalysis.service.ts, strava/); so did an import's pass that failed on its file's last try
 * (ImportService.afterLastFile). Each rider's records, recorded more than `minAgeS` ago,
 * are run as one pass (`runRiderPendingPasses`); one that fails keeps them for the next sweep. At
 * start (job-workers.ts) and every few minutes while the server or a `vatio worker` runs.
 */
export async function runPendingPasses(
  deps: PendingPassDeps & { log: (message: string, details?: Record<string, unknown>) => void },
  minAgeS: number,
): Promise<PendingPassSweep> {
  const done: PendingPassSweep = { riders: 0, passes: 0, failed: 0 };
  for (const userId of await deps.pending.riders(minAgeS)) {
    try {
      const covered = await runRiderPendingPasses(deps, userId, minAgeS);
      if (covered === 0) continue; // ended meanwhile
      done.riders++;
      done.passes += covered;
    } catch (error) {
      done.failed++;
      deps.log('a batch pass owed failed; the next sweep runs it again', {
        userId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return done;
}
