import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDurationText, parseWorkoutText, serializeWorkoutText } from './text.ts';
import type { PlainStep, Target, Workout } from './workout.ts';

function parsed(text: string): Workout {
  const result = parseWorkoutText(text);
  if (!result.ok) throw new Error(`${text}: ${result.error.code} at ${result.error.position}`);
  return result.workout;
}
const errorOf = (text: string) => {
  const result = parseWorkoutText(text);
  return result.ok ? undefined : result.error;
};
const pct = (low: number, high = low) => ({ type: 'ftpPercent', low, high }) as const;

describe('workout text: parsing the forms riders write', () => {
  it('reads a one-step repeat: 3x10m 95%', () => {
    expect(parsed('3x10m 95%')).toEqual({
      steps: [{ kind: 'repeat', count: 3, steps: [{ kind: 'steady', durationS: 600, target: pct(95) }] }],
    });
  });

  it('reads a bracketed repeat: 5x(30s 150%, 30s 50%)', () => {
    expect(parsed('5x(30s 150%, 30s 50%)')).toEqual({
      steps: [
        {
          kind: 'repeat',
          count: 5,
          steps: [
            { kind: 'steady', durationS: 30, target: pct(150) },
            { kind: 'steady', durationS: 30, target: pct(50) },
          ],
        },
      ],
    });
  });

  it('tells a range (hold 88–94 %) from a ramp (50 → 75 %)', () => {
    expect(parsed('20m 88-94%').steps[0]).toEqual({ kind: 'steady', durationS: 1200, target: pct(88, 94) });
    expect(parsed('10m 50-75%').steps[0]).toEqual({ kind: 'steady', durationS: 600, target: pct(50, 75) });
    expect(parsed('ramp 10m 50-75%').steps[0]).toEqual({
      kind: 'steady',
      durationS: 600,
      target: pct(50, 75),
      ramp: true,
    });
    expect(parsed('cd ramp 10m 65-45%').steps[0]).toEqual({
      kind: 'cooldown',
      durationS: 600,
      target: pct(65, 45),
      ramp: true,
    });
  });

  it('reads heart-rate zones, watts, cadence, warm-up, cool-down and free ride', () => {
    expect(parsed('2h Z2').steps[0]).toEqual({
      kind: 'steady',
      durationS: 7200,
      target: { type: 'hrZone', zone: 2 },
    });
    expect(parsed('wu 10m 55%').steps[0]).toEqual({ kind: 'warmup', durationS: 600, target: pct(55) });
    expect(parsed('cd 5m 50%').steps[0]).toEqual({ kind: 'cooldown', durationS: 300, target: pct(50) });
    expect(parsed('5m 250W').steps[0]).toEqual({
      kind: 'steady',
      durationS: 300,
      target: { type: 'watts', low: 250, high: 250 },
    });
    expect(parsed('10m 90% @95rpm').steps[0]).toEqual({
      kind: 'steady',
      durationS: 600,
      target: pct(90),
      cadenceRpm: 95,
    });
    expect(parsed('free 30m').steps[0]).toEqual({ kind: 'free', durationS: 1800 });
  });

  it('reads a whole session over lines or commas, any case, × for x, compound durations', () => {
    const text = 'WU 10M 55%\n4 × (8min 110%, 2m 50%)\n1h30m 65% ; CD 5m 50%';
    const w = parsed(text);
    expect(w.steps).toHaveLength(4);
    expect(w.steps[1]).toMatchObject({ kind: 'repeat', count: 4 });
    expect(w.steps[2]).toEqual({ kind: 'steady', durationS: 5400, target: pct(65) });
    expect(serializeWorkoutText(w)).toBe('wu 10m 55%, 4x(8m 110%, 2m 50%), 1h30m 65%, cd 5m 50%');
  });

  it('points at the problem with a code and a position', () => {
    expect(errorOf('')).toEqual({ code: 'empty', position: 0 });
    expect(errorOf('10m')).toEqual({ code: 'expectedTarget', position: 3 });
    expect(errorOf('10m 95')).toEqual({ code: 'expectedUnit', position: 6 });
    expect(errorOf('10 95%')).toEqual({ code: 'expectedUnit', position: 2 });
    expect(errorOf('wu 95%')).toEqual({ code: 'expectedDuration', position: 3 });
    expect(errorOf('3x(30s 150%, 30s 50%')).toEqual({ code: 'expectedCloseParenthesis', position: 20 });
    expect(errorOf('3x()')).toEqual({ code: 'emptyRepeat', position: 0 });
    expect(errorOf('3x(2x30s 150%)')).toEqual({ code: 'nestedRepeat', position: 3 });
    expect(errorOf('wu cd 10m 50%')).toEqual({ code: 'duplicateKeyword', position: 3 });
    expect(errorOf('ramp wu ramp 10m 50-60%')).toEqual({ code: 'duplicateKeyword', position: 8 });
    expect(parsed('ramp wu 10m 50-60%')).toEqual(parsed('wu ramp 10m 50-60%'));
    expect(errorOf('10m10m 50%')).toEqual({ code: 'duplicateUnit', position: 3 });
    expect(errorOf('10m 5m 50%')).toEqual({ code: 'duplicateUnit', position: 4 });
    expect(parsed('1h 30m 65%').steps[0]).toEqual({ kind: 'steady', durationS: 5400, target: pct(65) });
    expect(errorOf('10m 90% @95')).toEqual({ code: 'expectedRpm', position: 8 });
    expect(errorOf('10m 90% junk')).toEqual({ code: 'unexpectedCharacter', position: 8 });
  });

  it('formats durations in the shortest h/m/s form', () => {
    expect(formatDurationText(5400)).toBe('1h30m');
    expect(formatDurationText(90)).toBe('1m30s');
    expect(formatDurationText(30)).toBe('30s');
    expect(formatDurationText(3661)).toBe('1h1m1s');
  });
});

// Valid workouts, canonical in the model: whole seconds, ranges low ≤ high, `ramp` only when true.
const value = fc.oneof(
  fc.integer({ min: 1, max: 300 }),
  fc.integer({ min: 10, max: 3000 }).map((n) => n / 10),
);
const targetArb: fc.Arbitrary<Target> = fc.oneof(
  fc
    .tuple(value, value)
    .map(([a, b]): Target => ({ type: 'ftpPercent', low: Math.min(a, b), high: Math.max(a, b) })),
  value.map((v): Target => ({ type: 'ftpPercent', low: v, high: v })),
  fc.integer({ min: 1, max: 1500 }).map((w): Target => ({ type: 'watts', low: w, high: w })),
  fc.integer({ min: 1, max: 5 }).map((zone): Target => ({ type: 'hrZone', zone })),
);
const stepArb: fc.Arbitrary<PlainStep> = fc
  .record({
    kind: fc.constantFrom('warmup', 'steady', 'cooldown', 'free'),
    durationS: fc.integer({ min: 1, max: 7200 }),
    target: fc.option(targetArb, { nil: undefined }),
    ramp: fc.boolean(),
    cadenceRpm: fc.option(fc.integer({ min: 40, max: 130 }), { nil: undefined }),
  })
  .map(({ kind, durationS, target, ramp, cadenceRpm }): PlainStep => {
    const t = target ?? (kind === 'free' ? undefined : pct(60));
    const withRamp = ramp && t !== undefined && t.type !== 'hrZone';
    return {
      kind,
      durationS,
      ...(t === undefined ? {} : { target: t }),
      ...(withRamp ? { ramp: true as const } : {}),
      ...(cadenceRpm === undefined ? {} : { cadenceRpm }),
    };
  });
const workoutArb: fc.Arbitrary<Workout> = fc.record({
  steps: fc.array(
    fc.oneof(
      stepArb,
      fc.record({
        kind: fc.constant('repeat' as const),
        count: fc.integer({ min: 1, max: 50 }),
        steps: fc.array(stepArb, { minLength: 1, maxLength: 4 }),
      }),
    ),
    { minLength: 1, maxLength: 6 },
  ),
});

describe('workout text: round trips', () => {
  it('parse(serialize(w)) equals w', () => {
    fc.assert(
      fc.property(workoutArb, (w) => {
        expect(parsed(serializeWorkoutText(w))).toEqual(w);
      }),
      { numRuns: 300 },
    );
  });

  it('serialize(parse(x)) is stable: serializing it again changes nothing', () => {
    // Texts riders might type: canonical ones with their spacing, case and separators scrambled.
    const messy = fc
      .tuple(workoutArb, fc.constantFrom(', ', ',', ' ; ', '\n', ',\n'), fc.boolean())
      .map(([w, sep, upper]) => {
        const text = serializeWorkoutText(w).split(', ').join(sep);
        return upper ? text.toUpperCase() : text;
      });
    fc.assert(
      fc.property(messy, (text) => {
        const once = serializeWorkoutText(parsed(text));
        expect(serializeWorkoutText(parsed(once))).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});

describe('workout text: any input', () => {
  it('never throws: garbage gives a code and a position inside the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789xXhms%Ww-@rpmZz(), ;\n.abc×'.split('')) }),
        (text) => {
          const result = parseWorkoutText(text);
          if (!result.ok) {
            expect(result.error.position).toBeGreaterThanOrEqual(0);
            expect(result.error.position).toBeLessThanOrEqual(text.length);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
