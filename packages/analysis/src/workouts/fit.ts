import { workoutLoad } from './metrics.ts';
import {
  isRepeat,
  MAX_REPEAT_COUNT,
  MAX_WORKOUT_DURATION_S,
  type Workout,
  workoutDurationS,
} from './workout.ts';

/** Steps of the main steady effort when there is no repeat block: whole 5-minute lengths. */
const FIT_STEP_S = 300;

export interface FittedWorkout {
  readonly workout: Workout;
  /** Planned TSS of the fitted workout (% FTP targets: the same at any FTP). */
  readonly tss: number;
}

/**
 * The library session resized towards a day's planned TSS, keeping its structure and intensities
 * (a taper keeps intensity and cuts volume; a build adds volume): the repeat count of its largest
 * repeat block (1–50), or, without one, the length of its longest main step (warm-up and cool-down
 * untouched) in 5-minute lengths. The candidate nearest the target wins, within the 6-hour limit.
 * Undefined when the workout has no planned TSS (a free ride, or no main step to resize).
 */
export function fitWorkoutToTss(workout: Workout, targetTss: number): FittedWorkout | undefined {
  const tssOf = (w: Workout) => workoutLoad(w, 100).tss;
  const candidates: Workout[] = [];
  let main = -1;
  let mainS = 0;
  workout.steps.forEach((step, i) => {
    const s = isRepeat(step) ? step.count * step.steps.reduce((t, x) => t + x.durationS, 0) : 0;
    if (s > mainS) {
      main = i;
      mainS = s;
    }
  });
  if (main >= 0) {
    const block = workout.steps[main]!;
    if (!isRepeat(block)) return undefined;
    for (let count = 1; count <= MAX_REPEAT_COUNT; count++) {
      candidates.push({ steps: workout.steps.map((s, i) => (i === main ? { ...block, count } : s)) });
    }
  } else {
    workout.steps.forEach((step, i) => {
      if (!isRepeat(step) && step.kind === 'steady' && step.durationS > mainS) {
        main = i;
        mainS = step.durationS;
      }
    });
    if (main < 0) return undefined;
    const rest = workoutDurationS(workout) - mainS;
    for (let s = FIT_STEP_S; rest + s <= MAX_WORKOUT_DURATION_S; s += FIT_STEP_S) {
      candidates.push({ steps: workout.steps.map((x, i) => (i === main ? { ...x, durationS: s } : x)) });
    }
  }
  let best: FittedWorkout | undefined;
  for (const candidate of candidates) {
    if (workoutDurationS(candidate) > MAX_WORKOUT_DURATION_S) continue;
    const tss = tssOf(candidate);
    if (tss === undefined) continue;
    if (best === undefined || Math.abs(tss - targetTss) < Math.abs(best.tss - targetTss))
      best = { workout: candidate, tss };
  }
  return best;
}
