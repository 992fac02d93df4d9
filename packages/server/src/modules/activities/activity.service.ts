import type { AeroFitRequest, AeroFitResponse } from '@vatio/schemas';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import { AppError } from '../../errors.ts';
import { setBounded } from '../../lib/bounded-map.ts';
import { type AnalyzeActivityJob, QUEUES, type JobQueue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import type { AthleteSettingsRepository } from '../../kernel/athlete-settings.repository.ts';
import { rideDate, rideSettingsAt } from '../../kernel/ride-settings.ts';
import type { BikeRepository } from '../../kernel/bike.repository.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import type { ActivityFilter, ActivityRepository, ActivityRow, LapRow } from './activity.repository.ts';
import { deleteRide } from './ride-delete.ts';
import { RECENT_BESTS_DAYS, rideDetailAnalysis } from './ride-detail-analysis.ts';
import type { RideLanguage } from './ride-name.ts';
import { rideAeroLab } from './ride-aero-lab.ts';

/** Rides whose detail analysis is kept (an answer is some tens of kB). */
const ANALYSIS_CACHE_ENTRIES = 200;
/** Rides whose streams' blob key is kept (a few dozen bytes each). */
const STREAMS_POINTERS_KEPT = 10_000;
/** Characters of streams JSON kept (one-byte strings: about as many bytes). */
export const STREAMS_JSON_CACHE_CHARS = 48_000_000;

type DecodedStreams = ReturnType<typeof decodeStreams>;
type RideAnalysisAnswer = object;

/** What the rider may change on a ride (PUT /api/activities/:id, `activityUpdateSchema`). */
export type RideEdit = Partial<Pick<ActivityRow, 'name' | 'type' | 'bike_id' | 'notes'>>;

/**
 * A rider's rides behind the /api/activities routes: the routes parse and present, this reads,
 * decodes, analyses and writes through the repositories. Another rider's ride does not exist
 * (NOT_FOUND), as in the repositories.
 */
export class ActivityService {
  /**
   * The ride page's answers kept per ride (issue 16): its detail analysis until the ride or the
   * rider's rides, settings or bikes change, and its streams' JSON by their blob key (content-addressed: one key is
   * always the same streams), up to STREAMS_JSON_CACHE_CHARS of text. Both decode and analyse the
   * whole ride, tens of ms of the one thread that serves everyone, for a page a rider opens again and again.
   */
  private readonly analysisCache: VersionedCache<RideAnalysisAnswer>;
  private readonly streamsPointers = new Map<string, { stamp: number; blobKey: string | null }>();
  private readonly streamsJson = new Map<string, string>();
  private streamsJsonChars = 0;

  constructor(
    private readonly deps: {
      activities: ActivityRepository;
      athleteSettings: AthleteSettingsRepository;
      bikes: BikeRepository;
      blobs: BlobStore;
      queue: JobQueue;
      now: () => Date;
      writes: WriteEpoch;
      /** Runs every batch pass the rider owes (pending-passes.ts): after a deletion. */
      owedPasses: (userId: string) => Promise<number>;
      log: (message: string, details?: Record<string, unknown>) => void;
    },
  ) {
    this.analysisCache = new VersionedCache(ANALYSIS_CACHE_ENTRIES, deps.writes);
  }

  /** The ride's analysis as GET /api/activities/:id/analysis answers it (`present`: the laps), kept. */
  async analysisAnswer(
    userId: string,
    activityId: string,
    present: (answer: Awaited<ReturnType<ActivityService['analysis']>>) => object,
  ): Promise<RideAnalysisAnswer> {
    return this.analysisCache.get(
      `${userId}|${activityId}`,
      () => this.deps.activities.rideVersion(userId, activityId),
      async () => present(await this.analysis(userId, activityId)),
    );
  }

  /**
   * The ride's streams as JSON text (`present`: the route's presenter), kept by blob key. Only the
   * pointer is read when the text is kept; it is scoped by the rider, so another's ride is NOT_FOUND.
   */
  async streamsText(userId: string, activityId: string, present: (streams: DecodedStreams) => object) {
    const blobKey = await this.streamsBlobKey(userId, activityId);
    if (blobKey === null) throw new AppError('NOT_FOUND');
    const kept = this.streamsJson.get(blobKey);
    if (kept !== undefined) return kept;
    const text = JSON.stringify(present(decodeStreams(await this.deps.blobs.get(blobKey))));
    if (text.length <= STREAMS_JSON_CACHE_CHARS / 4) {
      // Oldest first out, until the new text fits.
      while (this.streamsJsonChars + text.length > STREAMS_JSON_CACHE_CHARS && this.streamsJson.size > 0) {
        const [oldest, value] = this.streamsJson.entries().next().value!;
        this.streamsJson.delete(oldest);
        this.streamsJsonChars -= value.length;
      }
      setBounded(this.streamsJson, blobKey, text, Number.MAX_SAFE_INTEGER);
      this.streamsJsonChars += text.length;
    }
    return text;
  }

  /**
   * The blob key of a ride's streams (null: no such ride of this rider's, or no streams), kept while
   * the rider's write epoch vouches for it (db/write-epoch.ts): a ride page's charts then need no
   * query while nothing of the rider's changed, which under load keeps them off the database that
   * an import's transaction holds.
   */
  private async streamsBlobKey(userId: string, activityId: string): Promise<string | null> {
    const key = `${userId}|${activityId}`;
    const stamp = this.deps.writes.stamp(userId);
    const kept = this.streamsPointers.get(key);
    if (kept && stamp !== undefined && kept.stamp === stamp) return kept.blobKey;
    const blobKey = (await this.deps.activities.streamsPointer(userId, activityId))?.blob_key ?? null;
    if (stamp !== undefined) setBounded(this.streamsPointers, key, { stamp, blobKey }, STREAMS_POINTERS_KEPT);
    return blobKey;
  }

  list(userId: string, filter: ActivityFilter): Promise<{ rows: ActivityRow[]; total: number }> {
    return this.deps.activities.list(userId, filter);
  }

  search(userId: string, q: string, limit: number, language: RideLanguage): Promise<ActivityRow[]> {
    return this.deps.activities.search(userId, q, limit, language);
  }

  /**
   * The ride and its laps, in one statement (issue 28): on the embedded database every statement
   * waits its turn on the one connection, behind any import's transaction, so each read paid that
   * wait (the ride page's p95 under the 200-rider load was 5× the other routes'). Scoped to the rider.
   */
  async detail(userId: string, activityId: string): Promise<{ row: ActivityRow; laps: LapRow[] }> {
    const found = await this.deps.activities.findWithLaps(userId, activityId);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  async streams(userId: string, activityId: string) {
    const row = await this.owned(userId, activityId);
    const pointer = await this.deps.activities.streamsPointer(userId, row.id);
    if (!pointer) throw new AppError('NOT_FOUND');
    return decodeStreams(await this.deps.blobs.get(pointer.blob_key));
  }

  /** The on-request detail analysis, with the ride's settings as they are now for its date. */
  async analysis(userId: string, activityId: string) {
    const { activities, athleteSettings, blobs } = this.deps;
    // The settings do not depend on the ride: asked for with it, one wait on the database fewer.
    const [ride, baseline] = await Promise.all([
      activities.forAnalysis(userId, activityId, RECENT_BESTS_DAYS),
      athleteSettings.baseline(userId),
    ]);
    if (!ride) throw new AppError('NOT_FOUND');
    const { row, bikeKg } = ride;
    const streamsBlob = await blobs.get(ride.streamsBlobKey);
    const streams = decodeStreams(streamsBlob);
    const analysis = rideDetailAnalysis({
      row,
      streams,
      settings: rideSettingsAt(baseline, rideDate(row.start_time), bikeKg),
      ownCurve: ride.ownCurve,
      recentCurves: ride.recentCurves,
      bestCurve: ride.bestCurve,
    });
    // The decoded streams too, for callers that chart the ride beside its figures (/api/analytics/compare).
    return { analysis, laps: ride.laps, streams };
  }

  /**
   * The aero lab (POST /api/activities/:id/aero-fit) on the stored streams, with the rider's weight
   * at the ride's date and the ride's bike (its weight, and its saved CdA and Crr).
   */
  async aeroLab(userId: string, activityId: string, request: AeroFitRequest): Promise<AeroFitResponse> {
    const { activities, athleteSettings, bikes, blobs } = this.deps;
    const row = await this.owned(userId, activityId);
    const pointer = await activities.streamsPointer(userId, row.id);
    if (!pointer) throw new AppError('AERO_DATA_MISSING');
    const [streamsBlob, laps, baseline, bike] = await Promise.all([
      blobs.get(pointer.blob_key),
      activities.laps(userId, row.id),
      athleteSettings.baseline(userId),
      row.bike_id ? bikes.find(userId, row.bike_id) : undefined,
    ]);
    return rideAeroLab({
      row,
      laps,
      streams: decodeStreams(streamsBlob),
      settings: rideSettingsAt(baseline, rideDate(row.start_time), bike?.weight_kg ?? null),
      bike,
      request,
    });
  }

  async update(userId: string, activityId: string, input: RideEdit): Promise<ActivityRow> {
    const { activities, bikes, now } = this.deps;
    if (input.bike_id && !(await bikes.find(userId, input.bike_id))) {
      throw new AppError('VALIDATION', 'That bike does not exist.', { fields: { bike_id: 'invalid' } });
    }
    const row = await activities.update(userId, activityId, input, now());
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * Deletes the ride, then measures again the rides after it (ride-delete.ts), before the answer: a
   * job on the queue would answer first, and the pages read right after it would show the old figures
   * for a while.
   */
  async delete(userId: string, activityId: string): Promise<void> {
    if (!(await deleteRide(this.deps, userId, activityId))) throw new AppError('NOT_FOUND');
  }

  /** Queues the ride's re-analysis from its original (POST /api/activities/:id/analyze). */
  async queueAnalysis(userId: string, activityId: string): Promise<void> {
    const row = await this.owned(userId, activityId);
    const job: AnalyzeActivityJob = { userId, activityId: row.id };
    await this.deps.queue.send(QUEUES.analyzeActivity, job);
  }

  private async owned(userId: string, activityId: string): Promise<ActivityRow> {
    const row = await this.deps.activities.find(userId, activityId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}
