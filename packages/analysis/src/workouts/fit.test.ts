import { describe, expect, it } from 'vitest';
import { fitWorkoutToTss } from './fit.ts';
import { libraryWorkout } from './library.ts';
import { parseWorkoutText, serializeWorkoutText } from './text.ts';
import type { Workout } from './workout.ts';

const parsed = (text: string): Workout => {
  const r = parseWorkoutText(text);
  if (!r.ok) throw new Error(r.error.code);
  return r.workout;
};

describe('fitting a session to a day’s TSS', () => {
  it('resizes a steady main step in 5-minute lengths: 1 h at 75 % is 56.25 TSS, so 112.5 asks for 2 h', () => {
    const fitted = fitWorkoutToTss(parsed('60m 75%'), 112.5)!;
    expect(serializeWorkoutText(fitted.workout)).toBe('2h 75%');
    expect(fitted.tss).toBeCloseTo(112.5, 9);
  });

  it('keeps warm-up and cool-down and changes the repeat count of the main set', () => {
    // Every round at FTP: 10 min is 16.667 TSS, so 100 TSS is 6 rounds.
    expect(serializeWorkoutText(fitWorkoutToTss(parsed('3x10m 100%'), 100)!.workout)).toBe('6x10m 100%');
    const fitted = fitWorkoutToTss(libraryWorkout('threshold-2x20')!.workout, 150)!;
    const text = serializeWorkoutText(fitted.workout);
    expect(text.startsWith('wu ramp 10m 45-65%, ')).toBe(true);
    expect(text.endsWith(', cd ramp 10m 60-45%')).toBe(true);
    expect(text).toMatch(/, [34]x\(20m 95-100%, 10m 55%\), /);
    const fewer = fitWorkoutToTss(libraryWorkout('threshold-2x20')!.workout, 40)!;
    expect(serializeWorkoutText(fewer.workout)).toContain('1x(20m 95-100%, 10m 55%)');
  });

  it('never goes past 6 hours, and gives up on a free ride', () => {
    const fitted = fitWorkoutToTss(parsed('wu 10m 55%, 60m 65%'), 5000)!;
    expect(fitted.workout.steps[1]).toMatchObject({ durationS: 6 * 3600 - 600 });
    expect(fitWorkoutToTss(parsed('free 60m'), 50)).toBeUndefined();
  });
});
