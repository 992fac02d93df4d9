import type { BlobStore } from '../../storage/blob-store.ts';
import type { ActivityRepository } from './activity.repository.ts';

export interface RideDeleteDeps {
  activities: Pick<ActivityRepository, 'delete' | 'blobInUse'>;
  blobs: Pick<BlobStore, 'delete'>;
  /**
   * Runs every batch pass the rider owes (pending-passes.ts `runRiderPendingPasses`), the deletion's
   * among them; throws when it fails, its records kept.
   */
  owedPasses: (userId: string) => Promise<number>;
  log: (message: string, details?: Record<string, unknown>) => void;
  now: () => Date;
}

/**
 * Deletes the rider's ride (false when it is not theirs or gone), the blobs no row points to any more
 * (content-addressed, so maybe shared: the same file uploaded by two riders), then runs the batch pass
 * over the rides its curve was in the windows of (issue 28, trust): their eFTP (and so IF and TSS), the
 * critical power their tactics were measured with, and the advanced facts that follow that FTP were
 * figures of a ride that is gone. The pass reads in one statement and measures again, on the analysis
 * threads, only the rides whose facts no longer hold. DELETE /api/activities/:id and a Strava deletion.
 *
 * The pass is owed durably (issue 28, trust): the deletion's transaction records it
 * (pending-pass.repository.ts), and the pass removes the record once its writes are done. A failed
 * pass is logged, not thrown (the ride is gone, committed; a retry of the request would find nothing
 * to delete): its record, like one a crash between the commit and the pass leaves, is run again at
 * the next start and by the periodic sweep (pending-passes.ts).
 */
export async function deleteRide(deps: RideDeleteDeps, userId: string, activityId: string): Promise<boolean> {
  const { activities, blobs, owedPasses, log, now } = deps;
  const deleted = await activities.delete(userId, activityId, now());
  if (!deleted) return false;
  for (const key of deleted.keys) if (!(await activities.blobInUse(key))) await blobs.delete(key);
  try {
    // The pass over [the ride's start, + the window), from the record the deletion wrote, as the
    // passes a re-analysis or a Strava ride owes are run (and any other the rider owes with it).
    await owedPasses(userId);
  } catch (error) {
    log('the batch pass after a ride was deleted failed; the sweep runs it again', {
      userId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return true;
}
