import { normalizedPowerW } from '../power/normalized-power.ts';
import { intensityFactor, trainingStressScore } from '../power/training-stress.ts';
import { flattenWorkout, type Workout, workoutDurationS } from './workout.ts';

/**
 * The workout's target power, one value per second (the planned 1 Hz power trace).
 * A range counts as its middle; a ramp is sampled at the middle of each second, so second k of a
 * d-second ramp from a to b holds a + (b − a)·(k + ½)/d and the ramp's mean is exactly (a + b)/2.
 * NaN where the plan names no power: a free ride, or a % FTP / heart-rate target without an FTP.
 */
export function workoutTargetPowerW(workout: Workout, ftpW: number | undefined): Float64Array {
  const out = new Float64Array(workoutDurationS(workout)).fill(Number.NaN);
  for (const step of flattenWorkout(workout, ftpW)) {
    const start = step.powerStartW;
    const end = step.powerEndW;
    if (start === undefined || end === undefined) continue;
    for (let k = 0; k < step.durationS; k++) {
      out[step.startS + k] = start + ((end - start) * (k + 0.5)) / step.durationS;
    }
  }
  return out;
}

/** Why a workout's load cannot be computed. */
export type WorkoutLoadReason = 'ftpRequired' | 'untargetedSeconds' | 'tooShort';

export interface WorkoutLoad {
  readonly durationS: number;
  /** Undefined, with `reason`, when the plan does not support the figure. */
  readonly npW?: number;
  readonly intensityFactor?: number;
  readonly tss?: number;
  readonly reason?: WorkoutLoadReason;
  /** True when some power comes from a heart-rate zone (HR_ZONE_POWER_BAND_PCT): an estimate. */
  readonly estimated: boolean;
}

/**
 * NP, IF and TSS of the planned workout with Coggan's definitions as for a ride (power/normalized-power.ts,
 * power/training-stress.ts): NP of the target trace with the 30-s rolling mean, IF = NP / FTP,
 * TSS = s · NP · IF / (FTP · 3600) · 100. A free ride has no planned power, so a workout holding one
 * has no planned NP (reason `untargetedSeconds`) rather than a figure that silently leaves it out.
 */
export function workoutLoad(workout: Workout, ftpW: number | undefined): WorkoutLoad {
  const durationS = workoutDurationS(workout);
  const flat = flattenWorkout(workout, ftpW);
  const estimated = flat.some((s) => s.powerEstimated);
  if (ftpW === undefined || !(ftpW > 0)) return { durationS, reason: 'ftpRequired', estimated };
  if (flat.some((s) => s.powerStartW === undefined))
    return { durationS, reason: 'untargetedSeconds', estimated };
  const powerW = workoutTargetPowerW(workout, ftpW);
  const npW = normalizedPowerW({ powerW, gapMask: new Uint8Array(powerW.length) });
  if (npW === undefined) return { durationS, reason: 'tooShort', estimated };
  return {
    durationS,
    npW,
    intensityFactor: intensityFactor({ npW, ftpW })!,
    tss: trainingStressScore({ durationS, npW, ftpW })!,
    estimated,
  };
}
