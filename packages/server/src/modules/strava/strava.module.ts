import type { RideFtpService } from '../activities/ride-ftp.service.ts';
import type { RideTacticsService } from '../activities/ride-tactics.service.ts';
import type { Kysely } from 'kysely';
import type { StravaConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { deriveKey } from '../../lib/crypto.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ActivityRepository } from '../activities/activity.repository.ts';
import type { RideStoreRepository } from '../activities/ride-store.repository.ts';
import type { AthleteSettingsRepository } from '../../kernel/athlete-settings.repository.ts';
import { BikeRepository } from '../../kernel/bike.repository.ts';
import { RateLimitState } from './rate-limit.ts';
import { StravaActivityRepository } from './strava-activity.repository.ts';
import { StravaApi, StravaOAuth } from './strava-client.ts';
import { StravaConnectService } from './strava-connect.service.ts';
import { StravaConnectionRepository } from './strava-connection.repository.ts';
import { StravaEventsService } from './strava-events.service.ts';
import { OAuthStateSigner } from './strava-oauth-state.ts';
import { StravaRideImport } from './strava-ride-import.ts';
import { StravaRideRepository } from './strava-ride.repository.ts';
import { StravaSession } from './strava-session.ts';
import { StravaSyncService } from './strava-sync.service.ts';
import { SyncStatusRepository } from './sync-status.repository.ts';

export interface StravaSettings {
  strava: StravaConfig;
  secretKey: Buffer;
  publicUrl: string;
}

/** The Strava module's repositories and services, wired once per process (app, workers, CLI). */
export function createStravaServices(deps: {
  db: Kysely<Database>;
  blobs: BlobStore;
  queue: JobQueue;
  now: () => Date;
  log: (message: string, details?: Record<string, unknown>) => void;
  activities: ActivityRepository;
  rideStore: RideStoreRepository;
  athleteSettings: AthleteSettingsRepository;
  rideFtp: RideFtpService;
  rideTactics: RideTacticsService;
  /**
   * Runs every batch pass the rider owes (activities/pending-passes.ts `runRiderPendingPasses`): the
   * rides a webhook or a sync run stored record theirs with them (strava-ride-import.ts), a ride Strava
   * deleted with its deletion (activities/ride-delete.ts).
   */
  owedPasses: (userId: string) => Promise<number>;
  settings: StravaSettings;
}) {
  const { db, now, settings } = deps;
  const connections = new StravaConnectionRepository(
    db,
    new SecretBox(deriveKey(settings.secretKey, 'strava-tokens')),
  );
  const stravaActivities = new StravaActivityRepository(db);
  const stravaRides = new StravaRideRepository(db);
  const bikes = new BikeRepository(db);
  const status = new SyncStatusRepository(db);
  const oauth = new StravaOAuth(settings.strava);
  const rateLimit = new RateLimitState(now);
  const api = new StravaApi(settings.strava.apiUrl, rateLimit, settings.strava.timeoutMs);
  const session = (userId: string) => new StravaSession({ connections, oauth, api, now }, userId);
  const rides = new StravaRideImport({ ...deps, stravaActivities, stravaRides, bikes });
  const sync = new StravaSyncService({
    ...deps,
    connections,
    stravaActivities,
    stravaRides,
    bikes,
    status,
    rides,
    session,
    retryDelayMs: settings.strava.retryDelayMs,
  });
  const events = new StravaEventsService({
    ...deps,
    connections,
    stravaActivities,
    stravaRides,
    rides,
    session,
  });
  const connect = new StravaConnectService({
    oauth,
    connections,
    stravaActivities,
    state: new OAuthStateSigner(settings.secretKey, now),
    publicUrl: settings.publicUrl,
    now,
    log: deps.log,
  });
  return {
    connections,
    stravaActivities,
    status,
    oauth,
    rateLimit,
    session,
    sync,
    events,
    connect,
    config: settings.strava,
  };
}
export type StravaServices = ReturnType<typeof createStravaServices>;
