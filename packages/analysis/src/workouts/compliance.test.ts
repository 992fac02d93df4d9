import { describe, expect, it } from 'vitest';
import { ratioScore, workoutCompliance } from './compliance.ts';
import type { Workout } from './workout.ts';

const pct = (low: number, high = low) => ({ type: 'ftpPercent', low, high }) as const;
const filled = (n: number, v: number) => new Float64Array(n).fill(v);
const concat = (...parts: Float64Array[]) => Float64Array.from(parts.flatMap((p) => Array.from(p)));

function compliance(args: Parameters<typeof workoutCompliance>[0]) {
  const result = workoutCompliance(args);
  if (!result.ok) throw new Error(result.reason);
  return result.compliance;
}

describe('workout compliance', () => {
  it('a ride exactly on plan scores 100', () => {
    const c = compliance({
      workout: { steps: [{ kind: 'steady', durationS: 600, target: pct(100) }] },
      ftpW: 200,
      powerW: filled(600, 200),
    });
    expect(c).toMatchObject({ durationRatio: 1, inTargetFraction: 1, score: 100 });
    expect(c.tssRatio).toBeCloseTo(1, 12);
  });

  it('an early stop after half of the plan: unridden steps count as missed, score 50', () => {
    const workout: Workout = {
      steps: [
        { kind: 'steady', durationS: 600, target: pct(100) },
        { kind: 'steady', durationS: 600, target: pct(100) },
      ],
    };
    const c = compliance({ workout, ftpW: 200, powerW: filled(600, 200) });
    // Duration 600/1200; TSS (1/6 h · 100) / (1/3 h · 100) = 0.5; in target 600/1200.
    expect(c.durationRatio).toBe(0.5);
    expect(c.tssRatio).toBeCloseTo(0.5, 12);
    expect(c.inTargetFraction).toBe(0.5);
    expect(c.score).toBeCloseTo(100 * (0.25 * 0.5 + 0.25 * 0.5 + 0.5 * 0.5), 9);
    expect(c.steps.map((s) => [s.riddenS, s.inTargetFraction])).toEqual([
      [600, 1],
      [0, 0],
    ]);
  });

  it('counts ±5 % of a single target as on target: 209 W in, 211 W out for 200 W', () => {
    const power = Float64Array.from({ length: 600 }, (_, i) => (i % 2 === 0 ? 209 : 211));
    const c = compliance({
      workout: { steps: [{ kind: 'steady', durationS: 600, target: pct(100) }] },
      ftpW: 200,
      powerW: power,
    });
    expect(c.inTargetFraction).toBe(0.5);
    // Every 30-s window holds 15 of each: NP 210 W, IF 1.05; TSS 600·210·1.05/(200·3600)·100 = 18.375
    // against 16.667 planned: ratio 1.1025, part score 0.8975.
    expect(c.rideTss).toBeCloseTo(18.375, 9);
    expect(c.tssRatio).toBeCloseTo(1.1025, 9);
    expect(c.score).toBeCloseTo(100 * (0.25 * 1 + 0.25 * 0.8975 + 0.5 * 0.5), 9);
    // With ±10 % both count.
    const wide = compliance({
      workout: { steps: [{ kind: 'steady', durationS: 600, target: pct(100) }] },
      ftpW: 200,
      powerW: power,
      tolerance: 0.1,
    });
    expect(wide.inTargetFraction).toBe(1);
  });

  it('takes a range as it is (88–94 % of 250 W = 220–235 W), with no extra tolerance', () => {
    const c = compliance({
      workout: { steps: [{ kind: 'steady', durationS: 4, target: pct(88, 94) }] },
      ftpW: 250,
      powerW: Float64Array.from([219, 220, 235, 236]),
    });
    expect(c.steps[0]!.inTargetS).toBe(2);
  });

  it('follows a ramp second by second: 100→200 W targets 105 … 195 W', () => {
    const workout: Workout = {
      steps: [{ kind: 'warmup', durationS: 10, target: { type: 'watts', low: 100, high: 200 }, ramp: true }],
    };
    const targets = Array.from({ length: 10 }, (_, k) => 105 + 10 * k);
    const within = compliance({
      workout,
      ftpW: 200,
      powerW: Float64Array.from(targets.map((t) => t * 1.04)),
    });
    expect(within.steps[0]!.inTargetS).toBe(10);
    const outside = compliance({
      workout,
      ftpW: 200,
      powerW: Float64Array.from(targets.map((t) => t * 1.06)),
    });
    expect(outside.steps[0]!.inTargetS).toBe(0);
  });

  it('judges heart-rate-zone steps on heart rate with LTHR (zone 2 = 68–83 % of 170 = 115.6–141.1 bpm)', () => {
    const c = compliance({
      workout: { steps: [{ kind: 'steady', durationS: 4, target: { type: 'hrZone', zone: 2 } }] },
      ftpW: 250,
      powerW: filled(4, 160),
      heartRateBpm: Float64Array.from([115, 116, 141, 142]),
      lthrBpm: 170,
    });
    expect(c.steps[0]!.inTargetS).toBe(2);
  });

  it('leaves free rides out of time in target, and scores on what can be measured', () => {
    const c = compliance({
      workout: {
        steps: [
          { kind: 'steady', durationS: 600, target: pct(100) },
          { kind: 'free', durationS: 600 },
        ],
      },
      ftpW: undefined,
      powerW: concat(filled(600, 200), filled(600, 120)),
    });
    // Without FTP a % FTP step has no band and there is no TSS: only duration is scored.
    expect(c.tssRatio).toBeUndefined();
    expect(c.inTargetFraction).toBeUndefined();
    expect(c.score).toBe(100);
    expect(c.steps[1]!.inTargetFraction).toBeUndefined();
    expect(c.steps[1]!.meanPowerW).toBe(120);
  });

  it('needs power', () => {
    const workout: Workout = { steps: [{ kind: 'steady', durationS: 60, target: pct(90) }] };
    expect(workoutCompliance({ workout, ftpW: 250, powerW: undefined })).toEqual({
      ok: false,
      reason: 'noPower',
    });
    expect(workoutCompliance({ workout, ftpW: 250, powerW: filled(60, Number.NaN) })).toEqual({
      ok: false,
      reason: 'noPower',
    });
  });

  it('ratio score: 1 at 100 %, 0.8 at 80 % and 120 %, 0 at 0 and 200 %', () => {
    expect([1, 0.8, 1.2, 0, 2, 3].map(ratioScore).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([
      1, 0.8, 0.8, 0, 0, 0,
    ]);
  });
});
