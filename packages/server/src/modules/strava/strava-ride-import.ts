import { segmentClimbsOf } from '@vatio/analysis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { decodeStreams, encodeStreams, STREAM_CODEC_VERSION } from '../../storage/stream-codec.ts';
import type { ActivityRepository, NewRide } from '../activities/activity.repository.ts';
import type { RideStoreRepository } from '../activities/ride-store.repository.ts';
import { PendingPassRepository } from '../activities/pending-pass.repository.ts';
import {
  ANALYSIS_VERSION,
  analyseImportedRide,
  storedSummaryJson,
} from '../activities/ride-import-analysis.ts';
import type { RideFtpService } from '../activities/ride-ftp.service.ts';
import { isoDate, measureAdvancedFacts } from '../activities/ride-advanced-facts.ts';
import type { RideTacticsService } from '../activities/ride-tactics.service.ts';
import type { BikeRepository } from '../../kernel/bike.repository.ts';
import type { AthleteSettingsRepository } from '../../kernel/athlete-settings.repository.ts';
import { rideDate, rideSettingsAt } from '../../kernel/ride-settings.ts';
import { storedCurve } from '../activities/stored-ride-parts.ts';
import {
  isTransientStravaError,
  StravaNotFoundError,
  StravaUnavailableError,
  StravaUnreachableError,
} from './strava-client.ts';
import { stravaSegmentEfforts } from './strava-segment-efforts.ts';
import type { StravaActivityRepository, StravaActivityRow } from './strava-activity.repository.ts';
import type { StravaSession } from './strava-session.ts';
import {
  activityFromStrava,
  encodeStravaOriginal,
  STRAVA_ORIGINAL_FORMAT,
  stravaOriginalName,
} from './strava-streams.ts';
import {
  CYCLING_SPORT_TYPES,
  STREAM_KEYS,
  type StravaActivity,
  type StravaDetailedActivity,
  type StravaSegmentEffort,
  type StravaStreamSet,
} from './strava-types.ts';
import type { StravaRideRepository } from './strava-ride.repository.ts';

export type RideImportOutcome = 'imported' | 'linked' | 'skipped';

/**
 * Imports one listed Strava activity through the upload pipeline's analysis: streams → 1 Hz
 * samples → `analyseImportedRide` → the same rows (activity, original, streams blob, curve), through
 * `ActivityRepository.storeRide` like uploads. A ride already stored — same Strava id, or the same
 * ride uploaded as a file (`same-ride.ts`) — is linked to the Strava id instead of stored twice.
 */
export class StravaRideImport {
  private readonly pendingPasses: PendingPassRepository;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      activities: ActivityRepository;
      rideStore: RideStoreRepository;
      stravaRides: StravaRideRepository;
      athleteSettings: AthleteSettingsRepository;
      rideFtp: RideFtpService;
      rideTactics: RideTacticsService;
      stravaActivities: StravaActivityRepository;
      bikes: BikeRepository;
      blobs: BlobStore;
      now: () => Date;
    },
  ) {
    this.pendingPasses = new PendingPassRepository(deps.db);
  }

  /**
   * `lastTry`: this ride has met Strava failing (5xx) on every try so far and this is its last; a
   * 5xx for its segment efforts then leaves it without them rather than waiting again.
   */
  async importOne(
    session: StravaSession,
    row: StravaActivityRow,
    { lastTry = true }: { lastTry?: boolean } = {},
  ): Promise<RideImportOutcome> {
    const { stravaActivities, now } = this.deps;
    const userId = row.user_id;
    if (!CYCLING_SPORT_TYPES.has(row.sport_type)) {
      await stravaActivities.settle(userId, row.strava_id, { state: 'skipped' }, now());
      return 'skipped';
    }
    const linked = await this.linkExisting(session, row, lastTry);
    if (linked) return 'linked';

    const summary = row.raw as unknown as StravaActivity;
    // Spec 000 §5: streams only when a power meter, average watts or heart rate is present.
    const worthStreams =
      summary.device_watts === true || summary.has_heartrate === true || summary.average_watts != null;
    let streams: StravaStreamSet | undefined;
    if (worthStreams) {
      try {
        streams = await session.get<StravaStreamSet>(`/activities/${row.strava_id}/streams`, {
          keys: STREAM_KEYS.join(','),
          key_by_type: 'true',
        });
      } catch (error) {
        // A 404 on streams means the activity has none (a manual entry).
        if (!(error instanceof StravaNotFoundError)) throw error;
      }
    }
    // Segments are matched on a GPS track: a ride without one (an indoor trainer) has no efforts.
    const hasTrack = streams
      ? (streams.latlng?.data?.length ?? 0) > 0
      : Array.isArray(summary.start_latlng) && summary.start_latlng.length === 2;
    const efforts = hasTrack ? await this.segmentEffortsOf(session, row.strava_id, summary, lastTry) : [];
    const bikeId = await this.bikeFor(userId, summary.gear_id ?? null);
    if (streams?.time && streams.time.data.length > 1)
      await this.storeWithStreams(row, summary, streams, bikeId, efforts);
    else await this.storeSummaryOnly(row, summary, bikeId, efforts);
    return 'imported';
  }

  /**
   * The ride's segment efforts (GET /activities/{id}?include_all_efforts=true: the DetailedActivity
   * with every effort, not only the notable ones). One more request of the rate limit, through the
   * same client: a rate limit, an expired connection, Strava out of reach or a 5xx stop the import as
   * for the streams (it resumes later: a passing failure would otherwise lose the efforts for good,
   * since an imported ride is not asked for them again); a 5xx on the ride's last try, or any other
   * failure (404, a body not as documented), only leaves the ride without Strava efforts. Manual
   * entries have none.
   */
  private async segmentEffortsOf(
    session: StravaSession,
    stravaId: number,
    summary: StravaActivity,
    lastTry: boolean,
  ): Promise<StravaSegmentEffort[]> {
    if (summary.manual === true) return [];
    try {
      const detail = await session.get<StravaDetailedActivity>(`/activities/${stravaId}`, {
        include_all_efforts: 'true',
      });
      return Array.isArray(detail?.segment_efforts) ? detail.segment_efforts : [];
    } catch (error) {
      const ignorable =
        error instanceof StravaNotFoundError ||
        (error instanceof StravaUnavailableError &&
          !(error instanceof StravaUnreachableError) &&
          (lastTry || !isTransientStravaError(error)));
      if (!ignorable) throw error;
      return [];
    }
  }

  /**
   * Links the Strava id to a ride already stored; true when there was one. A look before fetching
   * the streams (they cost a request of Strava's rate limit); `storeRide` decides again, under the
   * rider's ride lock. A ride from the rider's file with a GPS track and no Strava efforts yet gets
   * the Strava activity's segment efforts, measured on the file's own streams (`linkedEffortsOf`).
   */
  private async linkExisting(
    session: StravaSession,
    row: StravaActivityRow,
    lastTry: boolean,
  ): Promise<boolean> {
    const { db, activities, stravaRides, stravaActivities, now } = this.deps;
    const userId = row.user_id;
    const same =
      (await stravaRides.findByStravaId(userId, row.strava_id)) ??
      (row.elapsed_time_s !== null
        ? await activities.findSameRide(userId, row.start_time, row.elapsed_time_s)
        : undefined);
    if (!same) return false;
    // Fetched before the link is written: a rate limit or an expired connection stops the import
    // with this activity still pending, so it is linked, efforts and all, when the import resumes.
    const efforts = await this.linkedEffortsOf(session, row, same.id, lastTry);
    await db.transaction().execute(async (trx) => {
      await stravaRides.linkStrava(trx, userId, same.id, row.strava_id);
      if (efforts)
        await stravaRides.stravaEffortsStored(
          trx,
          userId,
          same.id,
          efforts.start,
          efforts.weightKg,
          efforts.inputs,
        );
      await stravaActivities.settle(
        userId,
        row.strava_id,
        { state: 'imported', activityId: same.id },
        now(),
        trx,
      );
    });
    return true;
  }

  /**
   * The Strava segment efforts of a ride stored from another recording (the rider's file), for the
   * Strava activity being linked to it; undefined when it has none to get: no GPS track, no stored
   * streams, a ride imported from Strava itself (its efforts came with it), or Strava efforts already
   * (a re-sync adds nothing). Strava's start_index/end_index address Strava's streams, not the file's,
   * so each effort is placed on the stored 1 Hz streams by its start_date and elapsed_time and measured
   * there as the climbs are (`stravaSegmentEfforts` with `stored`). Same error rules as
   * `segmentEffortsOf`.
   */
  private async linkedEffortsOf(
    session: StravaSession,
    row: StravaActivityRow,
    activityId: string,
    lastTry: boolean,
  ) {
    const { stravaRides, athleteSettings, blobs } = this.deps;
    const userId = row.user_id;
    const target = await stravaRides.stravaEffortsTarget(userId, activityId);
    if (
      !target ||
      target.source === 'strava' ||
      !target.hasGps ||
      !target.streamsBlobKey ||
      target.hasStravaEfforts
    )
      return undefined;
    const summary = row.raw as unknown as StravaActivity;
    const efforts = await this.segmentEffortsOf(session, row.strava_id, summary, lastTry);
    if (efforts.length === 0) return undefined;
    const start = new Date(target.startTime);
    const stored = decodeStreams(await blobs.get(target.streamsBlobKey));
    // The weight in force that day, as the ride's own efforts are stored with.
    const settings = rideSettingsAt(await athleteSettings.baseline(userId), rideDate(start), undefined);
    return {
      start,
      weightKg: settings.weightKg ?? null,
      inputs: stravaSegmentEfforts(efforts, {
        start,
        stored,
        powerMeter: summary.device_watts === true,
      }),
    };
  }

  private async bikeFor(userId: string, gearId: string | null): Promise<string | null> {
    const { bikes, activities } = this.deps;
    if (gearId) {
      // Strava names the bike: link it when its bikes are imported rather than guess the primary one.
      return (await bikes.findByStravaGear(userId, gearId))?.id ?? null;
    }
    return (await activities.primaryBikeId(userId))?.id ?? null;
  }

  private async storeWithStreams(
    row: StravaActivityRow,
    summary: StravaActivity,
    streams: StravaStreamSet,
    bikeId: string | null,
    efforts: readonly StravaSegmentEffort[],
  ): Promise<void> {
    const { athleteSettings, rideFtp, rideTactics, blobs } = this.deps;
    const userId = row.user_id;
    const activity = activityFromStrava(summary, streams);
    const [baseline, bikeKg] = await Promise.all([
      athleteSettings.baseline(userId),
      athleteSettings.bikeWeightKg(userId, bikeId),
    ]);
    const settings = rideSettingsAt(baseline, rideDate(activity.startTime), bikeKg);
    const analysed = analyseImportedRide(activity, settings);
    const curve = storedCurve(analysed.summary.meanMax);
    // A ride with power and no FTP is measured against the rider's eFTP at its date.
    const stored = await rideFtp.applyEstimate(
      userId,
      { columns: analysed.columns, summaryJson: storedSummaryJson(analysed, activity) },
      activity.startTime,
      curve,
    );
    const tactics = await rideTactics.measure(
      userId,
      {
        streams: activity.streams,
        start: activity.startTime,
        ftpW: stored.columns.ftp_w,
        hasPower: stored.columns.has_power,
      },
      curve,
    );
    // The advanced facts read the streams as stored (the advanced page decodes the same blob).
    const streamsBlob = encodeStreams(activity.streams);
    const advancedFacts = JSON.stringify(
      measureAdvancedFacts(decodeStreams(streamsBlob), {
        ftpW: stored.columns.ftp_w,
        baseline,
        today: isoDate(this.deps.now()),
      }),
    );
    const original = encodeStravaOriginal(summary, streams);
    const originalKey = await blobs.put(original);
    const streamsKey = await blobs.put(streamsBlob);
    const ride: NewRide = {
      activity: {
        ...stored.columns,
        type: row.sport_type,
        source: 'strava',
        content_hash: originalKey,
        strava_id: row.strava_id,
        name: summary.name?.trim() || null,
        bike_id: bikeId,
        summary: stored.summaryJson,
        tactics,
        advanced_facts: advancedFacts,
        analysis_version: ANALYSIS_VERSION,
      },
      file: {
        blob_key: originalKey,
        original_name: stravaOriginalName(row.strava_id),
        format: STRAVA_ORIGINAL_FORMAT,
        size_bytes: original.byteLength,
      },
      streams: {
        blob_key: streamsKey,
        sample_count: activity.streams.timeS.length,
        codec_version: STREAM_CODEC_VERSION,
      },
      curve,
      laps: [],
      segments: {
        climbs: segmentClimbsOf(activity.streams),
        weightKg: settings.weightKg ?? null,
        strava: stravaSegmentEfforts(efforts, {
          start: activity.startTime,
          streams: { strava: streams, timeline: activity.streams },
          powerMeter: summary.device_watts === true,
        }),
      },
    };
    await this.insert(row, ride);
  }

  /** No streams (manual entry, or no power or heart rate): Strava's own totals, nothing invented. */
  private async storeSummaryOnly(
    row: StravaActivityRow,
    summary: StravaActivity,
    bikeId: string | null,
    efforts: readonly StravaSegmentEffort[],
  ): Promise<void> {
    const power = summary.device_watts === true;
    const activity = {
      source: 'strava' as const,
      strava_id: row.strava_id,
      content_hash: `strava:${row.strava_id}`,
      name: summary.name?.trim() || row.sport_type,
      type: row.sport_type,
      sport: row.sport_type === 'EBikeRide' ? 'eBiking' : 'cycling',
      sub_sport: null,
      start_time: row.start_time,
      day_part: null, // named by Strava (or its sport type): no default name to keep
      elapsed_time_s: summary.elapsed_time ?? summary.moving_time ?? 0,
      moving_time_s: summary.moving_time ?? summary.elapsed_time ?? 0,
      distance_m: summary.distance ?? null,
      elevation_gain_m: summary.total_elevation_gain ?? null,
      average_speed_mps: summary.average_speed ?? null,
      max_speed_mps: summary.max_speed ?? null,
      average_power_w: power ? (summary.average_watts ?? null) : null,
      max_power_w: power ? (summary.max_watts ?? null) : null,
      normalized_power_w: power ? (summary.weighted_average_watts ?? null) : null,
      intensity_factor: null,
      training_stress_score: null,
      variability_index: null,
      work_kj: power ? (summary.kilojoules ?? null) : null,
      ftp_w: null,
      average_heartrate_bpm: summary.average_heartrate ?? null,
      max_heartrate_bpm: summary.max_heartrate ?? null,
      average_cadence_rpm: summary.average_cadence ?? null,
      calories_kcal: summary.calories ?? null,
      device_name: summary.device_name ?? null,
      has_power: false,
      has_heartrate: false,
      has_gps: false,
      bike_id: bikeId,
      summary: JSON.stringify({
        ftpSource: 'none',
        warnings: ['Strava summary only: no streams'],
        integrity: true,
      }),
      analysis_version: ANALYSIS_VERSION,
    };
    const start = new Date(row.start_time);
    // The weight in force that day, as a ride with streams stores it with its efforts.
    const settings = rideSettingsAt(
      await this.deps.athleteSettings.baseline(row.user_id),
      rideDate(start),
      undefined,
    );
    await this.insert(row, {
      activity,
      file: undefined,
      streams: undefined,
      curve: undefined,
      laps: [],
      segments: {
        climbs: [],
        weightKg: settings.weightKg ?? null,
        strava: stravaSegmentEfforts(efforts, { start, powerMeter: power }),
      },
    });
  }

  /**
   * Through the one write path of rides (`storeRide`): stored, or linked to the same ride stored
   * meanwhile; the Strava activity settled in the same transaction. A stored curve joins the 90-day
   * windows of the rides after it, measured without it: the batch pass it owes them is recorded in
   * that transaction too (issue 28, trust; activities/pending-passes.ts), run by the webhook's or the
   * sync run's end, or by the sweep after a crash or a failed pass. A ride with no curve (a summary)
   * changes no window; a link stores no curve.
   */
  private async insert(row: StravaActivityRow, ride: NewRide): Promise<void> {
    const { db, activities, rideStore, stravaRides, stravaActivities, blobs, now } = this.deps;
    const userId = row.user_id;
    const result = await db.transaction().execute(async (trx) => {
      const stored = await rideStore.storeRide(trx, userId, ride, now());
      const id = stored.kind === 'inserted' ? stored.id : stored.match.id;
      if (stored.kind === 'existing') await stravaRides.linkStrava(trx, userId, id, row.strava_id);
      else if (ride.curve) await this.pendingPasses.record(trx, userId, new Date(ride.activity.start_time));
      await stravaActivities.settle(userId, row.strava_id, { state: 'imported', activityId: id }, now(), trx);
      return stored;
    });
    if (result.kind === 'inserted') return;
    // Written before the transaction for a ride that turned out to be stored already.
    for (const key of [ride.file?.blob_key, ride.streams?.blob_key])
      if (key !== undefined && !(await activities.blobInUse(key))) await blobs.delete(key);
  }
}
