import { describe, expect, it } from 'vitest';
import { workoutLoad, workoutTargetPowerW } from './metrics.ts';
import type { Workout } from './workout.ts';

const pct = (low: number, high = low) => ({ type: 'ftpPercent', low, high }) as const;

describe('workout target power trace', () => {
  it('samples a ramp at the middle of each second: 100→200 W over 10 s is 105, 115 … 195', () => {
    const trace = workoutTargetPowerW(
      {
        steps: [
          { kind: 'warmup', durationS: 10, target: { type: 'watts', low: 100, high: 200 }, ramp: true },
        ],
      },
      undefined,
    );
    expect(Array.from(trace)).toEqual([105, 115, 125, 135, 145, 155, 165, 175, 185, 195]);
  });

  it('holds a range at its middle and leaves a free ride without power', () => {
    const trace = workoutTargetPowerW(
      {
        steps: [
          { kind: 'steady', durationS: 2, target: pct(88, 94) },
          { kind: 'free', durationS: 1 },
        ],
      },
      300,
    );
    // (88 + 94)/2 = 91 % of 300 W = 273 W.
    expect(trace[0]).toBeCloseTo(273, 9);
    expect(trace[1]).toBeCloseTo(273, 9);
    expect(trace[2]).toBeNaN();
  });
});

describe('workout load (Coggan NP, IF, TSS of the plan)', () => {
  it('scores one hour at 75 % of a 200 W FTP: NP 150 W, IF 0.75, TSS 1 · 0.75² · 100 = 56.25', () => {
    const load = workoutLoad({ steps: [{ kind: 'steady', durationS: 3600, target: pct(75) }] }, 200);
    expect(load.npW).toBeCloseTo(150, 9);
    expect(load.intensityFactor).toBeCloseTo(0.75, 9);
    expect(load.tss).toBeCloseTo(56.25, 9);
  });

  it('one hour at FTP is 100 TSS whatever the FTP', () => {
    expect(
      workoutLoad({ steps: [{ kind: 'steady', durationS: 3600, target: pct(100) }] }, 317).tss,
    ).toBeCloseTo(100, 9);
  });

  it('takes the 30-s rolling mean before the 4th power (60 s at 300 W then 60 s at 100 W, FTP 200)', () => {
    const workout: Workout = {
      steps: [
        { kind: 'steady', durationS: 60, target: { type: 'watts', low: 300, high: 300 } },
        { kind: 'steady', durationS: 60, target: { type: 'watts', low: 100, high: 100 } },
      ],
    };
    // Windows ending at s = 29…120−1: 31 full at 300 W, 29 mixed holding k seconds of 100 W
    // (mean 300 − 200k/30, k = 1…29), 31 full at 100 W; NP = (mean of m⁴)^¼.
    let sum = 31 * 300 ** 4 + 31 * 100 ** 4;
    for (let k = 1; k <= 29; k++) sum += (300 - (200 * k) / 30) ** 4;
    const np = (sum / 91) ** 0.25;
    const load = workoutLoad(workout, 200);
    expect(load.npW).toBeCloseTo(np, 9);
    expect(load.intensityFactor).toBeCloseTo(np / 200, 9);
    expect(load.tss).toBeCloseTo(((120 * np * (np / 200)) / (200 * 3600)) * 100, 9);
    // Above the plain mean (200 W): NP weighs the hard minute more.
    expect(np).toBeGreaterThan(200);
  });

  it('has no figure without FTP, with a free ride, or shorter than one 30-s window', () => {
    expect(
      workoutLoad({ steps: [{ kind: 'steady', durationS: 600, target: pct(90) }] }, undefined).reason,
    ).toBe('ftpRequired');
    const free = workoutLoad(
      {
        steps: [
          { kind: 'steady', durationS: 600, target: pct(90) },
          { kind: 'free', durationS: 600 },
        ],
      },
      250,
    );
    expect(free).toMatchObject({ reason: 'untargetedSeconds', durationS: 1200 });
    expect(free.tss).toBeUndefined();
    expect(workoutLoad({ steps: [{ kind: 'steady', durationS: 29, target: pct(90) }] }, 250).reason).toBe(
      'tooShort',
    );
  });

  it('flags heart-rate-zone power as an estimate: 1 h in zone 2 ↔ 65.5 % FTP → TSS 42.9025', () => {
    const load = workoutLoad(
      { steps: [{ kind: 'steady', durationS: 3600, target: { type: 'hrZone', zone: 2 } }] },
      200,
    );
    // Middle of 56–75 % = 65.5 %; TSS = 0.655² · 100.
    expect(load.estimated).toBe(true);
    expect(load.tss).toBeCloseTo(42.9025, 9);
  });
});
