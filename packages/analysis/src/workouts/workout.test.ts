import { describe, expect, it } from 'vitest';
import { flattenWorkout, type Workout, workoutDurationS } from './workout.ts';

const pct = (low: number, high = low) => ({ type: 'ftpPercent', low, high }) as const;

// wu 10m ramp 50→75 %, 3 × (5 min 100 %, 2 min 50 %), cd 5 min 60→40 %, at FTP 200 W.
const workout: Workout = {
  steps: [
    { kind: 'warmup', durationS: 600, target: pct(50, 75), ramp: true },
    {
      kind: 'repeat',
      count: 3,
      steps: [
        { kind: 'steady', durationS: 300, target: pct(100), cadenceRpm: 95 },
        { kind: 'steady', durationS: 120, target: pct(50) },
      ],
    },
    { kind: 'cooldown', durationS: 300, target: pct(60, 40), ramp: true },
  ],
};

describe('workout model', () => {
  it('adds durations with repeats expanded: 600 + 3·(300 + 120) + 300 = 2160 s', () => {
    expect(workoutDurationS(workout)).toBe(2160);
    expect(workoutDurationS({ steps: [] })).toBe(0);
  });

  it('flattens repeats into steps on the workout clock with watts from FTP', () => {
    const flat = flattenWorkout(workout, 200);
    expect(flat).toHaveLength(8);
    expect(flat.map((s) => [s.startS, s.endS])).toEqual([
      [0, 600],
      [600, 900],
      [900, 1020],
      [1020, 1320],
      [1320, 1440],
      [1440, 1740],
      [1740, 1860],
      [1860, 2160],
    ]);
    // Ramp 50→75 % of 200 W: 100 → 150 W.
    expect(flat[0]).toMatchObject({
      ramp: true,
      powerStartW: 100,
      powerEndW: 150,
      powerLowW: 100,
      powerHighW: 150,
    });
    expect(flat[1]).toMatchObject({
      powerLowW: 200,
      powerHighW: 200,
      cadenceRpm: 95,
      repeat: { round: 1, count: 3 },
    });
    expect(flat[6]).toMatchObject({ powerLowW: 100, sourcePath: [1, 1], repeat: { round: 3, count: 3 } });
    // Descending ramp 60→40 %: starts at 120 W, ends at 80 W; band ordered 80–120.
    expect(flat[7]).toMatchObject({ powerStartW: 120, powerEndW: 80, powerLowW: 80, powerHighW: 120 });
    expect(flat.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('gives a range its middle as start and end, and estimates heart-rate zones from Coggan levels', () => {
    const flat = flattenWorkout(
      {
        steps: [
          { kind: 'steady', durationS: 1200, target: pct(88, 94) },
          { kind: 'steady', durationS: 600, target: { type: 'hrZone', zone: 2 } },
          { kind: 'free', durationS: 60 },
        ],
      },
      300,
    );
    // 88–94 % of 300 W = 264–282 W, middle 273 W.
    expect(flat[0]).toMatchObject({ powerLowW: 264, powerHighW: 282, powerStartW: 273, powerEndW: 273 });
    // Zone 2 ↔ level 2 endurance 56–75 % → 168–225 W, flagged as an estimate.
    expect(flat[1]).toMatchObject({ powerLowW: 168, powerHighW: 225, powerEstimated: true });
    expect(flat[2]!.powerLowW).toBeUndefined();
  });

  it('without FTP gives watts only to watt targets', () => {
    const flat = flattenWorkout(
      {
        steps: [
          { kind: 'steady', durationS: 60, target: { type: 'watts', low: 250, high: 250 } },
          { kind: 'steady', durationS: 60, target: pct(90) },
        ],
      },
      undefined,
    );
    expect(flat[0]!.powerLowW).toBe(250);
    expect(flat[1]!.powerLowW).toBeUndefined();
  });
});
