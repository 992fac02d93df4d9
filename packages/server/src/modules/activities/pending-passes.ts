import { runAsRider } from '../../db/write-scope.ts';
import type { BatchPasses } from './batch-pass.ts';
import type { PendingPassRepository } from './pending-pass.repository.ts';

/**
 * How long a recorded pass is left to the deletion that recorded it before a sweep of a process that
 * shares the database runs it (its own pass takes seconds): 5 minutes. Running one twice costs only
 * the work (the second finds the facts hold), never a wrong figure.
 */
export const PENDING_PASS_MIN_AGE_S = 300;

/** What a sweep did: riders whose passes ran, passes they covered, riders whose pass failed. */
export interface PendingPassSweep {
  riders: number;
  passes: number;
  failed: number;
}

/**
 * The batch passes owed after deletions and not ended (issue 28, trust): a crash between a deletion's
 * commit and its pass, or a pass that failed, left the rides of the 90 days after the deleted ride
 * with figures measured with it (ride-delete.ts). Also an import's pass that failed on its file's
 * last try (ImportService.afterLastFile): its rides' figures measured without the import's rides. Each rider's records, recorded more than `minAgeS`
 * ago, are run as one pass (the windows after each deleted ride's start), which removes them once
 * its writes are done; one that fails keeps them for the next sweep. At start (job-workers.ts) and
 * every few minutes while the server or a `vatio worker` runs.
 */
export async function runPendingPasses(
  deps: {
    pending: Pick<PendingPassRepository, 'riders' | 'ofRider' | 'remove'>;
    passes: Pick<BatchPasses, 'run'>;
    log: (message: string, details?: Record<string, unknown>) => void;
  },
  minAgeS: number,
): Promise<PendingPassSweep> {
  const { pending, passes, log } = deps;
  const done: PendingPassSweep = { riders: 0, passes: 0, failed: 0 };
  for (const userId of await pending.riders(minAgeS)) {
    const owed = await pending.ofRider(userId, minAgeS);
    if (owed.length === 0) continue; // ended meanwhile
    try {
      // As the rider's (db/write-scope.ts): only their cached answers are checked again.
      await runAsRider(userId, () =>
        passes.run(
          userId,
          { curvesRemovedAt: owed.map((p) => p.curvesRemovedAt) },
          {
            settle: () =>
              pending.remove(
                userId,
                owed.map((p) => p.id),
              ),
          },
        ),
      );
      done.riders++;
      done.passes += owed.length;
    } catch (error) {
      done.failed++;
      log('a batch pass owed after a ride was deleted failed; the next sweep runs it again', {
        userId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return done;
}
