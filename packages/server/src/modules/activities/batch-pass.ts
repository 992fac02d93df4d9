import type { RiderPassLocks } from './batch-pass-lock.repository.ts';
import type { BatchPassRepository, BatchPassScope } from './batch-pass.repository.ts';
import { EFTP_WINDOW_DAYS } from './estimated-ftp.ts';
import { RECENT_BESTS_DAYS } from './ride-detail-analysis.ts';
import { reestimate } from './ride-ftp.service.ts';
import type { RideTacticsService } from './ride-tactics.service.ts';

/**
 * The longest window a ride's stored figures read the curves of (its eFTP's, its critical power's):
 * a curve stored or removed at t changes the figures of the rides in [t, t + this).
 */
export const BATCH_PASS_WINDOW_DAYS = Math.max(EFTP_WINDOW_DAYS, RECENT_BESTS_DAYS);

/** Where a pass's time goes (the import's stage times, imports/import-stage-times.ts); optional. */
export interface BatchPassStages {
  time<T>(stage: string, work: () => Promise<T>): Promise<T>;
  count(stage: string, n: number): void;
}

/**
 * The batch pass (issue 28): the rides of a scope (batch-pass.repository.ts says which and why), read
 * with the curves and settings they are measured with in one statement; then their new eFTPs (in
 * memory: a ride's eFTP moves its own facts only, the windows read curves, not FTPs), the facts that
 * no longer hold measured again (on the analysis threads, the connection free), written with the new
 * loads a chunk a statement. It read the rider's whole history before, in ~6 statements: 2,000 rides'
 * facts and curves for a one-ride upload. After an import (ImportService: the scope of its imports'
 * rides) and after a ride is deleted (ActivityService.delete: the window after the deleted ride's
 * start, its curve gone from every window that held it).
 *
 * A rider's passes in this process run one at a time: the last two files of a batch each found none
 * of the rider's files left and both ran a pass at once, the later one's writes (the same facts, a
 * new `updated_at`) after the first had settled the imports; and two passes at once each read, then
 * write what they measured, so the one that read first may write last, figures measured with a ride
 * deleted (or without one stored) after its read. A pass whose imports the running one covers waits
 * for it; any other (an import stored after it read, a deletion) runs its own read after it ends.
 * Across processes (PostgreSQL), `lock` keeps them one at a time as well.
 */
export class BatchPasses {
  private readonly passes = new Map<string, { covers: ReadonlySet<string>; ended: Promise<void> }>();

  constructor(
    private readonly deps: {
      reads: Pick<BatchPassRepository, 'read'>;
      rideTactics: Pick<RideTacticsService, 'remeasure'>;
      /**
       * The riders' locks across processes (batch-pass-lock.repository.ts), held from a pass's read to
       * its settling: PostgreSQL, where other processes run passes too. None on PGlite (one process).
       */
      lock?: Pick<RiderPassLocks, 'hold'>;
    },
  ) {}

  /**
   * Runs the pass for `scope` (after the rider's running one, if any), then `settle` (the imports it is
   * for read `done` from then on). Resolves when both have ended, or when the running pass that covers
   * the scope has (it settles the same imports).
   */
  async run(
    userId: string,
    scope: BatchPassScope,
    options: { settle?: () => Promise<void>; stages?: BatchPassStages } = {},
  ): Promise<void> {
    // Only imports are covered by another pass; removed curves never are (a running pass may have
    // read before the ride was deleted).
    const covered = 'importIds' in scope ? scope.importIds : undefined;
    for (;;) {
      const running = this.passes.get(userId);
      if (!running) break;
      if (covered?.every((id) => running.covers.has(id))) return running.ended;
      await running.ended.catch(() => undefined);
    }
    const { lock } = this.deps;
    const ended = lock
      ? lock.hold(userId, () => this.pass(userId, scope, options))
      : this.pass(userId, scope, options);
    this.passes.set(userId, { covers: new Set(covered), ended });
    try {
      await ended;
    } finally {
      if (this.passes.get(userId)?.ended === ended) this.passes.delete(userId);
    }
  }

  private async pass(
    userId: string,
    scope: BatchPassScope,
    { settle, stages }: { settle?: () => Promise<void>; stages?: BatchPassStages },
  ): Promise<void> {
    const time = <T>(stage: string, work: () => Promise<T>) => (stages ? stages.time(stage, work) : work());
    const read = await time('batch: rides in scope read', () =>
      this.deps.reads.read(userId, scope, BATCH_PASS_WINDOW_DAYS),
    );
    const loads = reestimate(read.estimated, read.curves);
    stages?.count('batch: rides whose eFTP changed (count)', loads.length);
    const remeasured = await time('batch: facts re-measured', () =>
      this.deps.rideTactics.remeasure(userId, {
        rides: read.withPower,
        curves: read.curves,
        baseline: read.baseline,
        loads,
      }),
    );
    stages?.count('batch: rides whose facts were measured again (count)', remeasured);
    await settle?.();
  }
}
