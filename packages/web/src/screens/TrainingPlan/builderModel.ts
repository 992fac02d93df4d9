import type { PlainStep, Target, Workout, WorkoutStep } from '@vatio/analysis';

// The workout builder's edits, as pure functions on the analysis workout model (workouts/workout.ts):
// the screen keeps one Workout and the text form is always serializeWorkoutText of it.

/** What the "add" buttons insert; the rider edits the values after. */
export type StepTemplate = 'warmup' | 'steady' | 'intervals' | 'ramp' | 'cooldown' | 'free';
export const STEP_TEMPLATES: readonly StepTemplate[] = [
  'warmup',
  'steady',
  'intervals',
  'ramp',
  'cooldown',
  'free',
];

const pct = (low: number, high = low): Target => ({ type: 'ftpPercent', low, high });

export function templateStep(template: StepTemplate): WorkoutStep {
  switch (template) {
    case 'warmup':
      return { kind: 'warmup', durationS: 600, target: pct(45, 65), ramp: true };
    case 'steady':
      return { kind: 'steady', durationS: 1200, target: pct(75) };
    case 'intervals':
      return {
        kind: 'repeat',
        count: 5,
        steps: [
          { kind: 'steady', durationS: 180, target: pct(110) },
          { kind: 'steady', durationS: 180, target: pct(50) },
        ],
      };
    case 'ramp':
      return { kind: 'steady', durationS: 600, target: pct(50, 75), ramp: true };
    case 'cooldown':
      return { kind: 'cooldown', durationS: 600, target: pct(60, 45), ramp: true };
    case 'free':
      return { kind: 'free', durationS: 1800 };
  }
}

/** `[i]` a top-level step; `[i, j]` step j inside repeat i. */
export type StepPath = readonly [number] | readonly [number, number];

export function addStep(workout: Workout, template: StepTemplate): Workout {
  return { steps: [...workout.steps, templateStep(template)] };
}

/** Adds a plain step at the end of repeat `i`. */
export function addInnerStep(workout: Workout, i: number): Workout {
  return mapTop(workout, i, (step) =>
    step.kind === 'repeat'
      ? { ...step, steps: [...step.steps, { kind: 'steady', durationS: 60, target: pct(50) }] }
      : step,
  );
}

export function removeStep(workout: Workout, path: StepPath): Workout {
  const [i, j] = path;
  if (j === undefined) return { steps: workout.steps.filter((_, k) => k !== i) };
  return mapTop(workout, i, (step) =>
    step.kind === 'repeat' ? { ...step, steps: step.steps.filter((_, k) => k !== j) } : step,
  );
}

/** Moves a step one place up (-1) or down (+1) among its siblings; at an end nothing moves. */
export function moveStep(workout: Workout, path: StepPath, by: -1 | 1): Workout {
  const [i, j] = path;
  if (j === undefined) return { steps: swap(workout.steps, i, i + by) };
  return mapTop(workout, i, (step) =>
    step.kind === 'repeat' ? { ...step, steps: swap(step.steps, j, j + by) } : step,
  );
}

export function updatePlainStep(
  workout: Workout,
  path: StepPath,
  change: (step: PlainStep) => PlainStep,
): Workout {
  const [i, j] = path;
  return mapTop(workout, i, (step) => {
    if (j === undefined) return step.kind === 'repeat' ? step : change(step);
    return step.kind === 'repeat'
      ? { ...step, steps: step.steps.map((s, k) => (k === j ? change(s) : s)) }
      : step;
  });
}

export function setRepeatCount(workout: Workout, i: number, count: number): Workout {
  return mapTop(workout, i, (step) => (step.kind === 'repeat' ? { ...step, count } : step));
}

/** The step with another target kind, keeping what can be kept (a free ride has none). */
export function withTargetType(
  step: PlainStep,
  type: Target['type'] | 'none',
  ftpW: number | undefined,
): PlainStep {
  const { target: _target, ramp: _ramp, ...rest } = step;
  if (type === 'none') return { ...rest, kind: 'free' };
  const kind = step.kind === 'free' ? 'steady' : step.kind;
  const old = step.target;
  if (type === 'hrZone') return { ...rest, kind, target: { type: 'hrZone', zone: 2 } };
  // Convert a power band between % FTP and watts with the rider's FTP when there is one.
  let low = 75;
  let high = 75;
  if (old && old.type !== 'hrZone') {
    low = old.low;
    high = old.high;
    if (old.type !== type && ftpW) {
      const factor = type === 'watts' ? ftpW / 100 : 100 / ftpW;
      low = Math.round(low * factor);
      high = Math.round(high * factor);
    } else if (old.type !== type) {
      low = type === 'watts' ? 200 : 75;
      high = low;
    }
  } else if (type === 'watts') {
    low = ftpW ? Math.round(ftpW * 0.75) : 200;
    high = low;
  }
  return { ...rest, kind, target: { type, low, high }, ...(step.ramp ? { ramp: true as const } : {}) };
}

function mapTop(workout: Workout, i: number, change: (step: WorkoutStep) => WorkoutStep): Workout {
  return { steps: workout.steps.map((s, k) => (k === i ? change(s) : s)) };
}

function swap<T>(list: readonly T[], a: number, b: number): T[] {
  const out = [...list];
  if (b < 0 || b >= out.length || a < 0 || a >= out.length) return out;
  [out[a], out[b]] = [out[b] as T, out[a] as T];
  return out;
}
