import { describe, expect, it } from 'vitest';
import { validateWorkout } from './validation.ts';
import type { PlainStep, Workout } from './workout.ts';

const pct = (low: number, high = low) => ({ type: 'ftpPercent', low, high }) as const;
const one = (step: PlainStep): Workout => ({ steps: [step] });
const codes = (w: Workout, ftpW?: number) =>
  validateWorkout(w, ftpW === undefined ? {} : { ftpW }).map((i) => i.code);

describe('workout validation', () => {
  it('accepts a plain valid workout', () => {
    expect(codes(one({ kind: 'steady', durationS: 600, target: pct(95) }), 250)).toEqual([]);
  });

  it('rejects a 0-s step and a fractional one', () => {
    expect(codes(one({ kind: 'steady', durationS: 0, target: pct(95) }), 250)).toEqual([
      'stepDurationInvalid',
    ]);
    expect(codes(one({ kind: 'steady', durationS: 1.5, target: pct(95) }), 250)).toEqual([
      'stepDurationInvalid',
    ]);
  });

  it('rejects more than 6 h in total (6 h exactly is fine)', () => {
    expect(codes(one({ kind: 'steady', durationS: 21600, target: pct(60) }), 250)).toEqual([]);
    expect(
      codes(
        {
          steps: [
            { kind: 'repeat', count: 2, steps: [{ kind: 'steady', durationS: 10801, target: pct(60) }] },
          ],
        },
        250,
      ),
    ).toEqual(['workoutTooLong']);
  });

  it('keeps targets in (0, 300] % FTP: 300 % passes, 400 % and 0 % do not', () => {
    expect(codes(one({ kind: 'steady', durationS: 10, target: pct(300) }), 250)).toEqual([]);
    expect(codes(one({ kind: 'steady', durationS: 10, target: pct(400) }), 250)).toEqual([
      'targetOutOfRange',
    ]);
    expect(codes(one({ kind: 'steady', durationS: 10, target: pct(0) }), 250)).toEqual(['targetOutOfRange']);
    expect(codes(one({ kind: 'steady', durationS: 10, target: pct(-5) }), 250)).toEqual(['targetOutOfRange']);
  });

  it('compares watts with FTP: 750 W at FTP 250 is 300 % (fine), 1000 W is 400 %', () => {
    const w = (watts: number) =>
      one({ kind: 'steady', durationS: 10, target: { type: 'watts', low: watts, high: watts } });
    expect(codes(w(750), 250)).toEqual([]);
    expect(codes(w(1000), 250)).toEqual(['targetOutOfRange']);
    // Without FTP only the sign is checked, and no FTP is needed for watt targets.
    expect(codes(w(1000))).toEqual([]);
    expect(codes(w(0))).toEqual(['targetOutOfRange']);
  });

  it('bounds repeats to 1–50 and refuses empty or nested blocks', () => {
    const step: PlainStep = { kind: 'steady', durationS: 30, target: pct(120) };
    expect(codes({ steps: [{ kind: 'repeat', count: 0, steps: [step] }] }, 250)).toEqual([
      'repeatCountInvalid',
    ]);
    expect(codes({ steps: [{ kind: 'repeat', count: 50, steps: [step] }] }, 250)).toEqual([]);
    expect(codes({ steps: [{ kind: 'repeat', count: 51, steps: [step] }] }, 250)).toEqual([
      'repeatCountInvalid',
    ]);
    expect(codes({ steps: [{ kind: 'repeat', count: 2, steps: [] }] }, 250)).toEqual(['emptyRepeat']);
    const nested = { kind: 'repeat', count: 2, steps: [step] } as unknown as PlainStep;
    expect(
      validateWorkout({ steps: [{ kind: 'repeat', count: 2, steps: [nested] }] }, { ftpW: 250 }),
    ).toEqual([{ code: 'nestedRepeat', path: [0, 0] }]);
  });

  it('asks for FTP when a target is relative (% FTP or heart-rate zone)', () => {
    expect(codes(one({ kind: 'steady', durationS: 60, target: pct(90) }))).toEqual(['ftpRequired']);
    expect(codes(one({ kind: 'steady', durationS: 60, target: { type: 'hrZone', zone: 2 } }))).toEqual([
      'ftpRequired',
    ]);
  });

  it('names inverted ranges, bad zones, targetless steps, heart-rate ramps and cadence', () => {
    expect(codes(one({ kind: 'steady', durationS: 60, target: pct(94, 88) }), 250)).toEqual([
      'rangeInverted',
    ]);
    // A descending ramp is not inverted: low is its start.
    expect(codes(one({ kind: 'cooldown', durationS: 60, target: pct(65, 45), ramp: true }), 250)).toEqual([]);
    expect(codes(one({ kind: 'steady', durationS: 60, target: { type: 'hrZone', zone: 6 } }), 250)).toEqual([
      'hrZoneInvalid',
    ]);
    expect(codes(one({ kind: 'steady', durationS: 60 }), 250)).toEqual(['targetMissing']);
    expect(codes(one({ kind: 'free', durationS: 60 }), 250)).toEqual([]);
    expect(
      codes(one({ kind: 'steady', durationS: 60, target: { type: 'hrZone', zone: 2 }, ramp: true }), 250),
    ).toEqual(['rampNeedsPower']);
    expect(codes(one({ kind: 'steady', durationS: 60, target: pct(90), cadenceRpm: 0 }), 250)).toEqual([
      'cadenceInvalid',
    ]);
    expect(codes({ steps: [] })).toEqual(['emptyWorkout']);
  });

  it('gives the path of the faulty step inside a repeat', () => {
    const issues = validateWorkout(
      {
        steps: [
          { kind: 'warmup', durationS: 600, target: pct(55) },
          {
            kind: 'repeat',
            count: 5,
            steps: [
              { kind: 'steady', durationS: 30, target: pct(150) },
              { kind: 'steady', durationS: 0, target: pct(50) },
            ],
          },
        ],
      },
      { ftpW: 250 },
    );
    expect(issues).toEqual([{ code: 'stepDurationInvalid', path: [1, 1] }]);
  });
});
