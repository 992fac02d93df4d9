import { parseWorkoutText, serializeWorkoutText, type Workout } from '@vatio/analysis';
import { describe, expect, it } from 'vitest';
import {
  addInnerStep,
  addStep,
  moveStep,
  removeStep,
  setRepeatCount,
  updatePlainStep,
  withTargetType,
} from './builderModel';

const parse = (text: string): Workout => {
  const result = parseWorkoutText(text);
  if (!result.ok) throw new Error(result.error.code);
  return result.workout;
};

describe('workout builder edits', () => {
  it('builds 3x10m 95% from the buttons and reads the same as the text form', () => {
    let w: Workout = { steps: [] };
    w = addStep(w, 'intervals');
    w = setRepeatCount(w, 0, 3);
    w = removeStep(w, [0, 1]);
    w = updatePlainStep(w, [0, 0], (s) => ({
      ...s,
      durationS: 600,
      target: { type: 'ftpPercent', low: 95, high: 95 },
    }));
    expect(w).toEqual(parse('3x10m 95%'));
    expect(serializeWorkoutText(w)).toBe(serializeWorkoutText(parse('3x10m 95%')));
  });

  it('adds, moves and removes steps inside a repeat and at the top', () => {
    let w = parse('wu 10m 55%, 5x(30s 150%, 30s 50%), cd 5m 50%');
    w = addInnerStep(w, 1);
    expect(w.steps[1]).toMatchObject({ kind: 'repeat', count: 5 });
    expect((w.steps[1] as { steps: readonly unknown[] }).steps).toHaveLength(3);
    w = moveStep(w, [2], -1);
    expect(w.steps[1]?.kind).toBe('cooldown');
    w = moveStep(w, [0], -1); // already first: nothing moves
    expect(w.steps[0]?.kind).toBe('warmup');
    w = removeStep(w, [1]);
    expect(w.steps.map((s) => s.kind)).toEqual(['warmup', 'repeat']);
  });

  it('converts a power target between % FTP and watts with the FTP, and a free ride has no target', () => {
    const step = {
      kind: 'steady' as const,
      durationS: 600,
      target: { type: 'ftpPercent' as const, low: 90, high: 94 },
    };
    // 90 % and 94 % of 250 W are 225 W and 235 W.
    expect(withTargetType(step, 'watts', 250).target).toEqual({ type: 'watts', low: 225, high: 235 });
    expect(
      withTargetType({ ...step, target: { type: 'watts', low: 225, high: 235 } }, 'ftpPercent', 250).target,
    ).toEqual({
      type: 'ftpPercent',
      low: 90,
      high: 94,
    });
    const free = withTargetType(step, 'none', 250);
    expect(free).toEqual({ kind: 'free', durationS: 600 });
    expect(withTargetType(free, 'hrZone', 250)).toEqual({
      kind: 'steady',
      durationS: 600,
      target: { type: 'hrZone', zone: 2 },
    });
  });
});
