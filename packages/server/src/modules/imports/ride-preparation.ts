import { decodeActivity, isFormatError } from '@vatio/formats';
import { encodeStreams } from '../../storage/stream-codec.ts';
import type { NewRide } from '../activities/activity.repository.ts';
import {
  type AnalysedRide,
  analyseImportedRide,
  isCycling,
  storedSummaryJson,
} from '../activities/ride-import-analysis.ts';
import { type AthleteSettingsRow, settingsAt } from '../athlete/athlete-settings.repository.ts';
import { lapsOf, storedCurve } from './stored-ride-parts.ts';

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
  columns: AnalysedRide['columns'];
  summaryJson: string;
  curve: NewRide['curve'];
  laps: NewRide['laps'];
  streamsBlob: Uint8Array;
  sampleCount: number;
}

export function prepareFile(
  bytes: Uint8Array,
  fileName: string,
  settingsHistory: readonly AthleteSettingsRow[],
): PreparedFile {
  let activity: ReturnType<typeof decodeActivity>;
  try {
    activity = decodeActivity(bytes, fileName);
  } catch (error) {
    if (isFormatError(error)) return { kind: 'format-error', code: error.code, message: error.message };
    throw error;
  }
  if (!isCycling(activity)) return { kind: 'not-cycling', sport: activity.sport };
  const analysed = analyseImportedRide(
    activity,
    settingsAt(settingsHistory, activity.startTime.toISOString().slice(0, 10)),
  );
  return {
    kind: 'ride',
    ride: {
      startTime: activity.startTime,
      elapsedTimeS: activity.elapsedTimeS,
      damaged: activity.integrity === false,
      format: activity.format,
      name: activity.name?.trim() || undefined,
      columns: analysed.columns,
      summaryJson: storedSummaryJson(analysed, activity),
      curve: storedCurve(analysed.summary.meanMax),
      laps: lapsOf(activity),
      // A plain Uint8Array with a buffer of its own, so a worker thread can hand it over without copying.
      streamsBlob: new Uint8Array(encodeStreams(activity.streams)),
      sampleCount: activity.streams.timeS.length,
    },
  };
}
