import type { TFunction } from 'i18next';
import type { PlanWorkout } from '../../api/plan-types';

/** A planned workout's name: the rider's own, or the library session's words in the `plan` namespace. */
export function planWorkoutName(workout: Pick<PlanWorkout, 'name' | 'name_key'>, t: TFunction): string {
  if (workout.name_key) return t(`plan:${workout.name_key}`, { defaultValue: workout.name ?? '' });
  return workout.name ?? '';
}

/** Phase words: the analysis planner's phases (base, build, peak, taper, race, recovery). */
export function phaseLabel(phase: string, t: TFunction): string {
  return t(`plan:phase.${phase}`, { defaultValue: phase });
}

/** Tailwind classes of a phase band (light fill, readable text in both themes). */
export const PHASE_STYLE: Readonly<Record<string, string>> = {
  base: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  build: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  peak: 'bg-rose-100 text-rose-900 dark:bg-rose-900/50 dark:text-rose-100',
  taper: 'bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-violet-100',
  race: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  recovery: 'bg-slate-100 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

export function phaseStyle(phase: string): string {
  return PHASE_STYLE[phase] ?? PHASE_STYLE.recovery!;
}

/** A compliance score 0–100 as a colour: green from 80, amber from 50, red below (weekly-compliance). */
export function scoreStyle(score: number | null): string {
  if (score === null) return 'bg-slate-100 text-slate-600 dark:bg-slate-700 dark:text-slate-300';
  if (score >= 80) return 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200';
  if (score >= 50) return 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200';
  return 'bg-rose-100 text-rose-800 dark:bg-rose-900/50 dark:text-rose-200';
}
