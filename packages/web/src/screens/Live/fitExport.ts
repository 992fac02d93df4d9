import type { Activity } from '@vatio/formats/fit-encode';
import { tagFitWithWorkout } from './fitWorkoutTag';
import type { LiveSession } from './liveSession';

/** The workout a ride followed, for the file: its name, its reference and where each step began. */
export interface RiddenWorkout {
  name: string;
  /** `library:<id>`, `own:<id>` or `plan:<YYYY-MM-DD>` (fitWorkoutTag.ts). */
  ref: string;
  /** Timeline second at which each step began (the first is 0). */
  stepStartsElapsedS: readonly number[];
}

const mean = (values: readonly number[], from: number, to: number, gaps: readonly number[]) => {
  let sum = 0;
  let n = 0;
  for (let i = from; i < to; i++) {
    const v = values[i]!;
    if (gaps[i] === 0 && Number.isFinite(v)) {
      sum += v;
      n++;
    }
  }
  return n > 0 ? sum / n : undefined;
};

/** One lap per workout step the rider reached (a head unit laps at each step of a workout too). */
export function workoutLaps(session: LiveSession, starts: readonly number[]): Activity['laps'] {
  const n = session.elapsedS;
  return starts
    .filter((s) => s < n)
    .map((startS, i, all) => {
      const endS = all[i + 1] ?? n;
      let timer = 0;
      let maxPower: number | undefined;
      for (let k = startS; k < endS; k++) {
        if (session.gapMask[k] === 0) timer++;
        const p = session.powerW[k]!;
        if (Number.isFinite(p)) maxPower = Math.max(maxPower ?? p, p);
      }
      const avg = (c: 'powerW' | 'heartRateBpm' | 'cadenceRpm' | 'speedMps') =>
        mean(session[c], startS, endS, session.gapMask);
      return {
        startTimeS: startS,
        elapsedTimeS: endS - startS,
        timerTimeS: timer,
        avgPowerW: avg('powerW'),
        maxPowerW: maxPower,
        avgHeartRateBpm: avg('heartRateBpm'),
        avgCadenceRpm: avg('cadenceRpm'),
        avgSpeedMps: avg('speedMps'),
      };
    });
}

/** Name of the device in the file's file_id.product_name, so the ride page says where it came from. */
export const LIVE_DEVICE_NAME = 'Vatio Live';

const column = (values: readonly number[]) => {
  const out = Float64Array.from(values);
  return out.some(Number.isFinite) ? out : undefined;
};

/**
 * The recorded seconds as an Activity for the FIT writer of packages/formats: one value per second,
 * paused seconds as gaps (the writer turns them into timer stop/start pairs). The device summary is
 * left empty: every figure of the ride is computed by the import, as for any other file.
 */
export function liveActivity(session: LiveSession, startTime: Date, workout?: RiddenWorkout): Activity {
  const n = session.elapsedS;
  const streams: Activity['streams'] = {
    timeS: Float64Array.from({ length: n }, (_, i) => i),
    gapMask: Uint8Array.from(session.gapMask),
  };
  const channels = {
    powerW: column(session.powerW),
    heartRateBpm: column(session.heartRateBpm),
    cadenceRpm: column(session.cadenceRpm),
    speedMps: column(session.speedMps),
    altitudeM: column(session.altitudeM),
  };
  for (const [name, values] of Object.entries(channels))
    if (values) streams[name as keyof typeof channels] = values;
  if (streams.speedMps) streams.distanceM = Float64Array.from(session.distanceM);
  return {
    format: 'fit',
    sport: 'cycling',
    sportSource: 'file',
    device: { name: LIVE_DEVICE_NAME },
    sensors: [],
    startTime,
    elapsedTimeS: n,
    timerTimeS: session.movingS,
    laps: workout ? workoutLaps(session, workout.stepStartsElapsedS) : [],
    events: [],
    deviceSummary: {},
    streams,
    warnings: [],
  };
}

/**
 * The FIT file of a live ride, written in the browser by packages/formats' writer (the SDK Encoder's
 * bytes; no Node built-ins). Loaded on Finish only: the writer carries the FIT profile, so it stays out
 * of this screen's first chunk.
 */
export async function liveRideFit(
  session: LiveSession,
  startTime: Date,
  workout?: RiddenWorkout,
): Promise<Uint8Array> {
  const { encodeFit } = await import('@vatio/formats/fit-encode');
  const bytes = encodeFit(liveActivity(session, startTime, workout));
  return workout ? tagFitWithWorkout(bytes, workout.name, workout.ref) : bytes;
}
