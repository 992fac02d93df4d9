import { describe, expect, test } from 'vitest';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import { cadenceProfile } from './cadence-profile.ts';
import { durabilityOf, durabilitySplit } from './durability.ts';
import { GRADIENT_CURVE_DURATIONS_S, powerCurvesByGradient } from './gradient-curve.ts';
import { advancedSummary } from './advanced-summary.ts';
import {
  acuteChronicRatio,
  fatigueResistanceGap,
  fatigueResistanceScore,
  overallScore,
  readinessScore,
} from './scores.ts';
import { detectSprints, hardEfforts, repeatability } from './sprints.ts';
import { steadySegments, ventilatoryThresholds } from './thresholds.ts';

const fill = (...parts: Array<[number, number]>) => parts.flatMap(([n, v]) => new Array<number>(n).fill(v));

/** A ride at 10 m/s: 20 min flat at 200 W, 10 min up 6 % at 300 W, 10 min down 5 % at 100 W. */
function hillRide() {
  const n = 2400;
  const speed = 10;
  const grade = fill([1200, 0], [600, 0.06], [600, -0.05]);
  const altitude: number[] = [];
  let alt = 100;
  for (let i = 0; i < n; i++) {
    altitude.push(alt);
    alt += grade[i]! * speed;
  }
  return streamsFromSeconds({
    powerW: fill([1200, 200], [600, 300], [600, 100]),
    distanceM: Array.from({ length: n }, (_, i) => i * speed),
    altitudeM: altitude,
    speedMps: new Array<number>(n).fill(speed),
  });
}

describe('advanced metrics', () => {
  test('the power curve split by gradient keeps each effort on its terrain', () => {
    const curves = powerCurvesByGradient(hillRide())!;
    const at = (cls: 'climbing' | 'flat' | 'descending', d: number) =>
      curves[cls].powerW[GRADIENT_CURVE_DURATIONS_S.indexOf(d as never)];
    // The centred 30-s gradient blurs each change of slope over 15 s either side.
    expect(curves.climbing.timeS).toBeGreaterThanOrEqual(585);
    expect(curves.climbing.timeS).toBeLessThanOrEqual(615);
    expect(at('climbing', 300)).toBe(300);
    // The flat 20 min may take in the first seconds of the climb (blurred below 4 %): 200–201 W.
    expect(at('flat', 1200)).toBeGreaterThanOrEqual(200);
    expect(at('flat', 1200)).toBeLessThan(201);
    expect(at('descending', 300)).toBe(100);
    // No 20-min climb exists.
    expect(at('climbing', 1200)).toBeNull();
  });

  test('durability: best 5 min before and after the work threshold', () => {
    // 30 min at 250 W = 450 kJ, then 10 min at 240 W: after 450 kJ the best 5 min is 240 W.
    const streams = streamsFromSeconds({ powerW: fill([1800, 250], [600, 240]) });
    const split = durabilitySplit(streams, 450)!;
    expect(split.freshW).toBe(250);
    expect(split.fatiguedW).toBe(240);
    expect(durabilityOf([split])!.retainedPct).toBeCloseTo(96, 6);
    // A short ride never reaches the work: fresh only.
    expect(durabilitySplit(streamsFromSeconds({ powerW: fill([600, 300]) }), 450)!.fatiguedW).toBeUndefined();
  });

  test('fatigue resistance above 100 % is not scored: the fresh reference was not maximal (issue 25)', () => {
    // 30 min at 250 W (450 kJ) then 10 min at 264 W: 105.6 % "retained" (as 361 W after 1,080 kJ
    // against 342 W fresh, 105.4 %, was scored 100/100).
    const split = durabilitySplit(streamsFromSeconds({ powerW: fill([1800, 250], [600, 264]) }), 450)!;
    const retained = durabilityOf([split])!.retainedPct;
    expect(retained).toBeCloseTo(105.6, 6);
    expect(fatigueResistanceGap(retained)).toBe('fresh_not_maximal');
    expect(fatigueResistanceScore(retained)).toBeUndefined();
    expect(fatigueResistanceScore((361 / 342) * 100)).toBeUndefined();
    // At or under 100 %: (retained − 70) / 30 · 100, so 100 % → 100, 96 % → 87, 70 % → 0.
    expect(fatigueResistanceScore(100)).toBe(100);
    expect(fatigueResistanceScore(96)).toBe(87);
    expect(fatigueResistanceScore(70)).toBe(0);
    // The written summary says what happened instead of "high durability".
    const lines = advancedSummary({
      vo2max: undefined,
      readiness: undefined,
      durability: { retainedPct: retained },
      improvement: undefined,
      repeatability: undefined,
      leftBalancePct: undefined,
      climbingVsFlat20MinPct: undefined,
      missingPower: false,
    });
    expect(lines.map((l) => l.key)).toEqual(['advanced.summary.durability.fresh_not_maximal']);
  });

  test('sprints: peak acceleration from speed and torque from power over cadence', () => {
    // FTP 250: a 10-s jump at 1000 W and 120 rpm, speed rising 1 m/s each second.
    const power = fill([60, 150], [10, 1000], [60, 150]);
    const speed = [...fill([60, 10]), ...Array.from({ length: 10 }, (_, k) => 11 + k), ...fill([60, 20])];
    const cadence = fill([60, 85], [10, 120], [60, 85]);
    const sprints = detectSprints(
      streamsFromSeconds({ powerW: power, speedMps: speed, cadenceRpm: cadence }),
      250,
    );
    expect(sprints).toHaveLength(1);
    expect(sprints[0]!.peakPowerW).toBe(1000);
    expect(sprints[0]!.peakAccelerationMps2).toBeCloseTo(1, 6);
    // τ = 1000 / (2π · 120 / 60) = 79.58 N·m.
    expect(sprints[0]!.peakTorqueNm).toBeCloseTo(1000 / (4 * Math.PI), 6);
  });

  test('repeatability of hard efforts', () => {
    const power = fill([300, 150], [120, 330], [180, 150], [120, 300], [180, 150], [120, 300], [300, 150]);
    const efforts = hardEfforts(streamsFromSeconds({ powerW: power }), 250);
    expect(efforts).toHaveLength(3);
    const r = repeatability(efforts.map((e) => e.averagePowerW))!;
    expect(r.efforts).toBe(3);
    expect(r.indexPct).toBeLessThan(100);
    expect(repeatability([300, 300, 300])!.indexPct).toBe(100);
    expect(repeatability([300, 270, 240])!.indexPct).toBeCloseTo(85, 6);
  });

  test('VT1 and VT2: heart rates from the rider’s own line, else FTP fractions alone', () => {
    // Ten 5-min steps from 120 to 300 W with HR = 60 + 0.4 · P.
    const steps = Array.from({ length: 10 }, (_, k) => 120 + 20 * k);
    const streams = streamsFromSeconds({
      powerW: steps.flatMap((w) => fill([300, w])),
      heartRateBpm: steps.flatMap((w) => fill([300, 60 + 0.4 * w])),
    });
    const segments = steadySegments(streams);
    expect(segments).toHaveLength(10);
    const vt = ventilatoryThresholds(280, segments)!;
    expect(vt.method).toBe('power_hr_line');
    expect(vt.vt1.powerW).toBe(210);
    expect(vt.vt1.heartRateBpm).toBeCloseTo(144, 6);
    expect(vt.vt2.heartRateBpm).toBeCloseTo(172, 6);
    const bare = ventilatoryThresholds(280, segments.slice(0, 3))!;
    expect(bare.method).toBe('ftp_fraction');
    expect(bare.vt2.heartRateBpm).toBeUndefined();
  });

  test('cadence profile and the summary scores', () => {
    const profile = cadenceProfile(
      streamsFromSeconds({
        cadenceRpm: fill([60, 85], [30, 95], [10, 0]),
        powerW: fill([60, 200], [40, 260]),
      }),
    )!;
    expect(profile.timeByCadenceS[4]).toBe(60);
    expect(profile.timeByCadenceS[5]).toBe(30);
    expect(profile.byPower.get(200)).toEqual({ timeS: 60, cadenceSum: 85 * 60 });
    expect(readinessScore({ tsb: 0, acwr: 1 }).score).toBe(70);
    expect(readinessScore({ tsb: -10, acwr: 1.6 }).score).toBe(20);
    expect(acuteChronicRatio([...fill([21, 50]), ...fill([7, 100])])).toBeCloseTo(100 / 62.5, 6);
    expect(overallScore([{ key: 'readiness', score: 60 }])).toBeUndefined();
    expect(
      overallScore([
        { key: 'readiness', score: 60 },
        { key: 'vo2max', score: 80 },
      ])!.score,
    ).toBe(70);
  });
});
