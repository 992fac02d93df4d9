/**
 * What the import makes of one input, without a database: the zip path of the upload (entries listed
 * under the upload limits, then inflated one at a time, as zip-worker.ts does), then for each file the
 * import's CPU half (`prepareFile`: decode, analyse, encode the streams). Every input must end as a
 * ride or a typed error with a stable code and a message; anything else is a bug.
 */
import {
  type Activity,
  type DecodeLimits,
  decodeActivity,
  isFormatError,
  listActivityEntries,
  unzipEntry,
} from '@vatio/formats';
import { prepareFile } from '../packages/server/src/modules/imports/ride-preparation.ts';
import type { FuzzFormat } from './seeds.ts';

/** The upload limits of a default server (config.ts: UPLOAD_MAX_FILE_MB, _ZIP_ENTRIES, _UNPACKED_MB). */
export const SERVER_LIMITS: DecodeLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxZipEntries: 2000,
  maxZipTotalBytes: 1024 * 1024 * 1024,
};

/** Codes a file may fail with (decoder and import); each has a message in both languages (web locales). */
export const TYPED_CODES = new Set([
  'EMPTY_FILE',
  'UNSUPPORTED_FORMAT',
  'CORRUPT_FILE',
  'NO_RECORDS',
  'FILE_TOO_LARGE',
  'ZIP_TOO_LARGE',
  'MULTIPLE_ACTIVITIES',
  'NOT_CYCLING',
]);

export type Outcome =
  | { kind: 'stored'; entries: number }
  | { kind: 'error'; code: string; entries: number }
  | { kind: 'crash'; error: string }
  | { kind: 'timeout' };

export interface Judgement {
  outcome: Outcome;
  ms: number;
  /** Heap and array-buffer growth while the input was judged, MB (the result still held). */
  memoryMb: number;
}

export type Stage = 'decode' | 'prepare';

const RIDER = { baseline: { history: [], profileWeightKg: 72 }, bikeKg: 8 };

/** PostgreSQL's timestamptz holds 4713 BC to 294276 AD; a ride must be storable. */
const PG_MIN_MS = Date.UTC(-4712, 0, 1);
const PG_MAX_MS = Date.UTC(294276, 0, 1);
const WEEK_S = 7 * 24 * 3600;

/** A decoded Activity must be internally consistent; a broken one is a bug even without an exception. */
export function activityProblem(a: Activity): string | undefined {
  const t = a.startTime.getTime();
  if (!Number.isFinite(t) || t < PG_MIN_MS || t > PG_MAX_MS) return `start time ${String(a.startTime)}`;
  // A ride's times go to integer columns: a week at most (the longest timeline a decoder makes).
  if (!(a.elapsedTimeS >= 0 && a.elapsedTimeS <= WEEK_S)) return `elapsed time ${a.elapsedTimeS}`;
  if (!(a.timerTimeS >= 0 && a.timerTimeS <= WEEK_S)) return `timer time ${a.timerTimeS}`;
  const n = a.streams.timeS.length;
  if (a.streams.gapMask.length !== n) return 'gap mask length';
  for (const [name, values] of Object.entries(a.streams)) {
    if (values !== undefined && values.length !== n) return `stream ${name} length ${values.length} ≠ ${n}`;
  }
  return undefined;
}

function typedError(error: unknown): Outcome {
  if (isFormatError(error)) {
    if (!TYPED_CODES.has(error.code) || error.message.trim() === '')
      return { kind: 'crash', error: `untyped FormatError ${error.code}: ${error.message}` };
    return { kind: 'error', code: error.code, entries: 1 };
  }
  return { kind: 'crash', error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/** One file (not an archive) through the import's CPU half, under the upload limits as the server decodes it. */
function judgeFile(bytes: Uint8Array, name: string, stage: Stage): Outcome {
  try {
    if (stage === 'decode') {
      const activity = decodeActivity(bytes, name);
      const problem = activityProblem(activity);
      return problem
        ? { kind: 'crash', error: `inconsistent activity: ${problem}` }
        : { kind: 'stored', entries: 1 };
    }
    const prepared = prepareFile(bytes, name, RIDER, SERVER_LIMITS);
    if (prepared.kind === 'format-error') {
      if (!TYPED_CODES.has(prepared.code) || prepared.message.trim() === '')
        return { kind: 'crash', error: `untyped error ${prepared.code}: ${prepared.message}` };
      return { kind: 'error', code: prepared.code, entries: 1 };
    }
    if (prepared.kind === 'not-cycling') return { kind: 'error', code: 'NOT_CYCLING', entries: 1 };
    const t = prepared.ride.startTime.getTime();
    if (!Number.isFinite(t) || t < PG_MIN_MS || t > PG_MAX_MS)
      return { kind: 'crash', error: `ride not storable: start time ${String(prepared.ride.startTime)}` };
    const { elapsed_time_s: elapsed, moving_time_s: moving } = prepared.ride.columns;
    if (!(elapsed >= 0 && elapsed <= WEEK_S && moving >= 0 && moving <= WEEK_S))
      return { kind: 'crash', error: `ride not storable: elapsed ${elapsed} s, moving ${moving} s` };
    return { kind: 'stored', entries: 1 };
  } catch (error) {
    return typedError(error);
  }
}

/**
 * Judges one input as the upload would see it: a zip is listed and its entries judged one by one (the
 * archive ends 'stored' when one entry is, else with its first error); anything else is one file.
 */
export function judge(
  format: FuzzFormat,
  name: string,
  bytes: Uint8Array,
  stage: Stage = 'prepare',
): Outcome {
  void format;
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5))) {
    return judgeFile(bytes, name, stage);
  }
  let entries: ReturnType<typeof listActivityEntries>;
  try {
    entries = listActivityEntries(bytes, SERVER_LIMITS);
  } catch (error) {
    return typedError(error);
  }
  // The single-file path (`vatio analyze`, decodeActivity on a whole zip of one ride) must hold too.
  if (entries.length <= 1) {
    const whole = judgeFile(bytes, name, 'decode');
    if (whole.kind === 'crash') return whole;
  }
  let stored = 0;
  let firstError: string | undefined;
  for (const entry of entries) {
    let data: Uint8Array;
    try {
      data = unzipEntry(bytes, entry.index);
    } catch (error) {
      const outcome = typedError(error);
      if (outcome.kind === 'crash') return outcome;
      // The upload fails the whole archive at the first entry it cannot inflate.
      return {
        kind: 'error',
        code: outcome.kind === 'error' ? outcome.code : 'CORRUPT_FILE',
        entries: entries.length,
      };
    }
    const outcome = judgeFile(data, entry.name, stage);
    if (outcome.kind === 'crash' || outcome.kind === 'timeout') return outcome;
    if (outcome.kind === 'stored') stored++;
    else firstError ??= outcome.code;
  }
  if (entries.length === 0) return { kind: 'error', code: 'NO_ACTIVITIES', entries: 0 };
  return stored > 0
    ? { kind: 'stored', entries: entries.length }
    : { kind: 'error', code: firstError ?? 'NO_ACTIVITIES', entries: entries.length };
}

const usedMb = () => {
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1024 / 1024;
};

/** `judge` with its time and memory growth. */
export function judgeTimed(
  format: FuzzFormat,
  name: string,
  bytes: Uint8Array,
  stage: Stage = 'prepare',
): Judgement {
  const before = usedMb();
  const started = performance.now();
  const outcome = judge(format, name, bytes, stage);
  const ms = performance.now() - started;
  return { outcome, ms, memoryMb: Math.max(0, usedMb() - before) };
}
