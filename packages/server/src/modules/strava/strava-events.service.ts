import { QUEUES, type JobQueue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ActivityRepository } from '../activities/activity.repository.ts';
import { deleteRide } from '../activities/ride-delete.ts';
import type { StravaActivityRepository } from './strava-activity.repository.ts';
import { StravaNotFoundError, StravaRateLimitedError, StravaUnauthorizedError } from './strava-client.ts';
import type { StravaConnectionRepository } from './strava-connection.repository.ts';
import type { StravaRideImport } from './strava-ride-import.ts';
import { StravaNotConnectedError, type StravaSession } from './strava-session.ts';
import { CYCLING_SPORT_TYPES, type StravaActivity, type StravaWebhookEvent } from './strava-types.ts';
import type { StravaRideRepository } from './strava-ride.repository.ts';

/**
 * Strava push events (https://developers.strava.com/docs/webhooks/), handled in a background job
 * after the webhook has answered. Events are not signed, so none is taken on trust: each is
 * confirmed with Strava using the rider's token before anything is stored or deleted (a forged
 * "delete" cannot remove a ride that Strava still has; a forged deauthorization cannot disconnect
 * a rider whose token still works).
 */
export class StravaEventsService {
  constructor(
    private readonly deps: {
      queue: JobQueue;
      connections: StravaConnectionRepository;
      stravaActivities: StravaActivityRepository;
      activities: ActivityRepository;
      stravaRides: StravaRideRepository;
      rides: StravaRideImport;
      blobs: BlobStore;
      /** Runs every batch pass the rider owes (activities/pending-passes.ts); throws when it fails. */
      owedPasses: (userId: string) => Promise<number>;
      log: (message: string, details?: Record<string, unknown>) => void;
      session: (userId: string) => StravaSession;
      now: () => Date;
    },
  ) {}

  async run(event: StravaWebhookEvent): Promise<void> {
    const userId = await this.deps.connections.userForAthlete(event.owner_id);
    if (!userId) return; // not (or no longer) connected to anyone here
    const session = this.deps.session(userId);
    try {
      if (event.object_type === 'athlete') await this.athleteEvent(session, event);
      else if (event.aspect_type === 'delete') await this.activityDeleted(session, event.object_id);
      else await this.activityChanged(session, event.object_id);
    } catch (error) {
      if (error instanceof StravaRateLimitedError) {
        const waitS = (error.resumeAt.getTime() - this.deps.now().getTime()) / 1000;
        await this.deps.queue.send(QUEUES.stravaEvent, event, undefined, { startAfterS: Math.max(1, waitS) });
        return;
      }
      if (error instanceof StravaUnauthorizedError || error instanceof StravaNotConnectedError) return;
      throw error;
    }
  }

  /** `updates: {authorized: "false"}`: the athlete revoked Vatio on Strava. */
  private async athleteEvent(session: StravaSession, event: StravaWebhookEvent) {
    if (event.updates?.authorized !== 'false') return;
    try {
      await session.get('/athlete');
      return; // the token still works: not a real revocation
    } catch (error) {
      if (!(error instanceof StravaUnauthorizedError) && !(error instanceof StravaNotConnectedError))
        throw error;
    }
    await this.deps.connections.delete(session.userId);
    await this.deps.stravaActivities.deleteAll(session.userId);
  }

  private async activityChanged(session: StravaSession, stravaId: number) {
    const { stravaActivities, stravaRides, rides, now } = this.deps;
    const userId = session.userId;
    let activity: StravaActivity;
    try {
      activity = await session.get<StravaActivity>(`/activities/${stravaId}`);
    } catch (error) {
      if (error instanceof StravaNotFoundError) return; // deleted or made private meanwhile
      throw error;
    }
    const row = await stravaActivities.upsert(userId, activity, now());
    if (row.state === 'imported' && row.activity_id) {
      // An update (title, type): follow it on a ride that came from Strava; an uploaded file keeps its own name.
      await stravaRides.followStravaName(userId, row.activity_id, activity.name, now());
      return;
    }
    if (row.state === 'imported' || !CYCLING_SPORT_TYPES.has(row.sport_type)) return;
    if ((await rides.importOne(session, row)) !== 'imported') return;
    // Issue 28 (trust): its curve joins the 90-day windows of the rides after it, whose eFTP (and so IF
    // and TSS), tactics' critical power and advanced facts were measured without it: the batch pass
    // over [its start, its start + the window), as after an import, recorded with the ride's store
    // (strava-ride-import.ts) and run now with any other the rider owes. A failed pass is logged, not
    // thrown (the ride is stored: a retry would find it imported and run none); its record stays, and
    // the sweep runs it (activities/pending-passes.ts).
    try {
      await this.deps.owedPasses(userId);
    } catch (error) {
      this.deps.log('the batch pass after a Strava ride was created failed; the sweep runs it again', {
        userId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private async activityDeleted(session: StravaSession, stravaId: number) {
    const { stravaActivities, stravaRides } = this.deps;
    const userId = session.userId;
    try {
      await session.get(`/activities/${stravaId}`);
      return; // still there: not a real deletion
    } catch (error) {
      if (!(error instanceof StravaNotFoundError)) throw error;
    }
    const ride = await stravaRides.findByStravaId(userId, stravaId);
    if (ride?.source === 'strava') {
      // Its curve was in the windows of the rides after it: measured again (ActivityService.delete).
      await deleteRide(this.deps, userId, ride.id);
    } else if (ride) {
      // The rider's own uploaded file stays; it is just no longer linked to Strava.
      await stravaRides.unlinkStrava(userId, ride.id);
    }
    await stravaActivities.delete(userId, stravaId);
  }
}
