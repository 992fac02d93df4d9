import { segmentClimbsOf } from '@vatio/analysis';
import { DEFAULT_LIMITS, type DecodeLimits, decodeActivity, isFormatError } from '@vatio/formats';
import { sha256OfBytes } from '../../storage/blob-store.ts';
import { encodeStreams, encodeStreamsAsStored } from '../../storage/stream-codec.ts';
import { measureAdvancedFacts } from '../activities/ride-advanced-facts.ts';
import type { NewRide } from '../activities/activity.repository.ts';
import {
  type AnalysedRide,
  analyseImportedRide,
  isCycling,
  storedSummaryJson,
} from '../activities/ride-import-analysis.ts';
import type { RiderBaseline } from '../../kernel/athlete-settings.repository.ts';
import { rideDate, rideSettingsAt } from '../../kernel/ride-settings.ts';
import { decodeStravaOriginal, isStravaOriginalName } from '../strava/strava-streams.ts';
import { lapsOf, storedCurve } from '../activities/stored-ride-parts.ts';

/**
 * Everything an import does to one file that needs no database: decode, analyse with the rider's
 * settings on the ride's date, encode the streams blob, and shape the rows. Pure CPU work, so it can
 * run on another thread (`preparation-pool.ts`) while the main thread talks to the database; the
 * result is plain data (structured-clone safe).
 */
export type PreparedFile =
  | { kind: 'ride'; ride: PreparedRide }
  | { kind: 'not-cycling'; sport: string }
  | { kind: 'format-error'; code: string; message: string };

export interface PreparedRide {
  startTime: Date;
  elapsedTimeS: number;
  /** The file fails its size/CRC check (truncated or damaged): only its first part was read. */
  damaged: boolean;
  format: string;
  /** The file's own name for the ride, if it has one (else the reader's language names it). */
  name: string | undefined;
  /** The Vatio workout the file says the ride followed, `<kind>:<ref>` (formats fit/workout-tag.ts). */
  workoutRef: string | null;
  columns: AnalysedRide['columns'];
  summaryJson: string;
  curve: NewRide['curve'];
  laps: NewRide['laps'];
  streamsBlob: Uint8Array;
  /** The streams blob's key (SHA-256, hex), hashed here, off the main thread (issue 28). */
  streamsKey: string;
  sampleCount: number;
  /** The ride's climbs with a position, for segments, and the rider's weight on its date. */
  segments: NonNullable<NewRide['segments']>;
  /**
   * The ride's advanced facts (`measureAdvancedFacts`), measured from the streams as stored against
   * `columns.ftp_w`, when `rider.advancedFactsToday` asked for them and the ride has power and an FTP
   * of its own (an eFTP applied after this would change them). Issue 28: no second decode for them.
   */
  advancedFacts?: string;
}

/** The rider as a ride's analysis needs them: the dated settings (weight included) and the bike's weight. */
export interface RiderForRide {
  baseline: RiderBaseline;
  bikeKg: number | null;
  /** Today's date (ISO): with it, `prepareFile` also measures the ride's advanced facts. */
  advancedFactsToday?: string;
}

/**
 * `limits` are the server's upload limits (`uploadDecodeLimits`): a .gz that unpacks past them is a
 * FILE_TOO_LARGE format error, like an upload over the limit.
 */
export function prepareFile(
  bytes: Uint8Array,
  fileName: string,
  rider: RiderForRide,
  limits: DecodeLimits = DEFAULT_LIMITS,
): PreparedFile {
  let activity: ReturnType<typeof decodeActivity>;
  try {
    activity = decodeActivity(bytes, fileName, limits);
  } catch (error) {
    if (isFormatError(error)) return { kind: 'format-error', code: error.code, message: error.message };
    throw error;
  }
  if (!isCycling(activity)) return { kind: 'not-cycling', sport: activity.sport };
  // The blob and the streams as it stores them, each float32 channel rounded once for both (the
  // advanced facts below are measured from the streams as stored, with no second decode).
  const encoded = encodeStreamsAsStored(activity.streams);
  // A plain Uint8Array with a buffer of its own, so a worker thread can hand it over without copying.
  const streamsBlob = new Uint8Array(encoded.blob);
  const streamsKey = sha256OfBytes(streamsBlob);
  const settings = rideSettingsAt(rider.baseline, rideDate(activity.startTime), rider.bikeKg);
  const analysed = analyseImportedRide(activity, settings);
  const { has_power: hasPower, ftp_w: ftpW } = analysed.columns;
  const advancedFacts =
    rider.advancedFactsToday !== undefined && hasPower && ftpW !== null
      ? JSON.stringify(
          measureAdvancedFacts(encoded.stored, {
            ftpW,
            baseline: rider.baseline,
            today: rider.advancedFactsToday,
          }),
        )
      : undefined;
  return {
    kind: 'ride',
    ride: {
      startTime: activity.startTime,
      elapsedTimeS: activity.elapsedTimeS,
      damaged: activity.integrity === false,
      format: activity.format,
      name: activity.name?.trim() || undefined,
      workoutRef: activity.workoutTag ? `${activity.workoutTag.kind}:${activity.workoutTag.ref}` : null,
      columns: analysed.columns,
      summaryJson: storedSummaryJson(analysed, activity),
      curve: storedCurve(analysed.summary.meanMax),
      laps: lapsOf(activity),
      streamsBlob,
      streamsKey,
      sampleCount: activity.streams.timeS.length,
      segments: {
        climbs: segmentClimbsOf(activity.streams, analysed.climbs),
        weightKg: settings.weightKg ?? null,
      },
      ...(advancedFacts === undefined ? {} : { advancedFacts }),
    },
  };
}

/** A stored ride analysed again from its original (a file, or Strava's summary and streams). */
export interface ReanalysedRide {
  columns: AnalysedRide['columns'];
  summaryJson: string;
  /** The ride's best-power curve as the analysis now computes it (re-analysis rewrites it). */
  curve: ReturnType<typeof storedCurve>;
  /** The ride's climbs with a position, as an import finds them: re-analysis renews its segment efforts. */
  segments: NonNullable<NewRide['segments']>;
  /**
   * The file's laps as the decoder now gives them (clipped to the ride, missing figures measured:
   * ANALYSIS_VERSION 8); undefined for a Strava original, whose laps are never stored.
   */
  laps?: NewRide['laps'];
  /**
   * The decoded streams' blob, only when the file carries platform centre offset or power phase: a
   * blob stored before Vatio read them (ANALYSIS_VERSION < 7) lacks them, and re-analysis replaces it.
   */
  pedalPhaseStreamsBlob?: Uint8Array;
}

/** Whether streams carry any platform centre offset or power phase channel. */
export function hasPedalPhase(streams: {
  platformCentreOffsetLeftMm?: unknown;
  [k: string]: unknown;
}): boolean {
  return PEDAL_PHASE_CHANNELS.some((name) => streams[name] !== undefined);
}
const PEDAL_PHASE_CHANNELS = [
  'platformCentreOffsetLeftMm',
  'platformCentreOffsetRightMm',
  'powerPhaseStartLeftDeg',
  'powerPhaseStartRightDeg',
] as const;

/**
 * Re-analysis's CPU half, like `prepareFile`: decode the stored original and analyse it with the
 * rider's settings as they are now for the ride's date. The streams do not depend on settings and
 * stay as they are; the curve is returned, since a newer analysis may compute it differently.
 */
export function reanalyseFile(bytes: Uint8Array, originalName: string, rider: RiderForRide): ReanalysedRide {
  const activity = isStravaOriginalName(originalName)
    ? decodeStravaOriginal(bytes)
    : decodeActivity(bytes, originalName);
  const settings = rideSettingsAt(rider.baseline, rideDate(activity.startTime), rider.bikeKg);
  const analysed = analyseImportedRide(activity, settings);
  return {
    columns: analysed.columns,
    summaryJson: storedSummaryJson(analysed, activity),
    curve: storedCurve(analysed.summary.meanMax),
    segments: {
      climbs: segmentClimbsOf(activity.streams, analysed.climbs),
      weightKg: settings.weightKg ?? null,
    },
    ...(isStravaOriginalName(originalName) ? {} : { laps: lapsOf(activity) }),
    ...(hasPedalPhase(activity.streams)
      ? { pedalPhaseStreamsBlob: new Uint8Array(encodeStreams(activity.streams)) }
      : {}),
  };
}
