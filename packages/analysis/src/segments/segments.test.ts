import { describe, expect, it } from 'vitest';
import { speedForPowerMps } from '../predict/events.ts';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import { consistencyPct, relativePerformance, segmentTrend } from './efforts.ts';
import { bearingDeg, haversineM, type LatLng } from './geo.ts';
import { MATCH_RADIUS_M, matchDistanceM, matchSegment } from './matching.ts';
import {
  pacingAdvice,
  pacingEfficiency,
  pacingPhysics,
  pacingStrategy,
  recommendedPacing,
  thirdsPowerW,
} from './pacing.ts';
import { SEGMENT_SECTIONS, segmentClimbsOf } from './segment-climbs.ts';
import { detectClimbs } from '../climbing/climbs.ts';
import { CLIMB_OPTIONS } from '../report/options.ts';

/** A point `m` metres from `p` on heading `deg` (flat-earth step; fine over a few km). */
function move(p: LatLng, m: number, deg: number): LatLng {
  const rad = (deg * Math.PI) / 180;
  const dLat = (m * Math.cos(rad)) / 111_195;
  const dLng = (m * Math.sin(rad)) / (111_195 * Math.cos((p.latDeg * Math.PI) / 180));
  return { latDeg: p.latDeg + dLat, lngDeg: p.lngDeg + dLng };
}

interface Leg {
  lengthM: number;
  gradePct: number;
  headingDeg: number;
}

/** A 1 Hz ride over straight legs at a steady speed, with altitude following each leg's grade. */
function ride(
  legs: Leg[],
  opts: { start?: LatLng; speedMps?: number; powerW?: number; offsetM?: number } = {},
) {
  const speed = opts.speedMps ?? 5;
  let p = move(opts.start ?? { latDeg: 40.4, lngDeg: -3.7 }, opts.offsetM ?? 0, 90);
  let alt = 600;
  const lat: number[] = [];
  const lng: number[] = [];
  const altitude: number[] = [];
  const distance: number[] = [];
  let d = 0;
  for (const leg of legs) {
    for (let s = 0; s < leg.lengthM; s += speed) {
      lat.push(p.latDeg);
      lng.push(p.lngDeg);
      altitude.push(alt);
      distance.push(d);
      p = move(p, speed, leg.headingDeg);
      alt += (speed * leg.gradePct) / 100;
      d += speed;
    }
  }
  const power = distance.map(() => opts.powerW ?? 250);
  return streamsFromSeconds({
    latDeg: lat,
    lngDeg: lng,
    altitudeM: altitude,
    distanceM: distance,
    powerW: power,
  });
}

const flat = (lengthM: number, headingDeg = 0): Leg => ({ lengthM, gradePct: 0, headingDeg });
const up = (lengthM: number, gradePct: number, headingDeg = 0): Leg => ({ lengthM, gradePct, headingDeg });

describe('geo', () => {
  it('haversine and bearing agree with known values', () => {
    // One degree of latitude on the mean sphere: 2πR/360 = 111,195 m.
    expect(haversineM({ latDeg: 0, lngDeg: 0 }, { latDeg: 1, lngDeg: 0 })).toBeCloseTo(111_195, -1);
    expect(bearingDeg({ latDeg: 0, lngDeg: 0 }, { latDeg: 0, lngDeg: 1 })).toBeCloseTo(90, 6);
    expect(bearingDeg({ latDeg: 1, lngDeg: 0 }, { latDeg: 0, lngDeg: 0 })).toBeCloseTo(180, 6);
  });
});

describe('segment climbs', () => {
  it('a ride over one climb gives one climb with its ends, profile and effort', () => {
    const climbs = segmentClimbsOf(ride([flat(1000), up(1500, 6), flat(1000)]));
    expect(climbs).toHaveLength(1);
    const c = climbs[0]!;
    expect(c.lengthM).toBeCloseTo(1500, -2);
    expect(c.averageGradePct).toBeCloseTo(6, 0);
    expect(c.sectionGradePct).toHaveLength(SEGMENT_SECTIONS);
    expect(c.effort.splitsS).toHaveLength(SEGMENT_SECTIONS + 1);
    expect(c.effort.averagePowerW).toBeCloseTo(250, 6);
    expect(c.effort.elapsedS).toBeCloseTo(300, -1);
    expect(haversineM(c.start, move({ latDeg: 40.4, lngDeg: -3.7 }, 1000, 0))).toBeLessThan(10);
  });

  it("the climbs it is given (the ride report's, issue 28) give the segment climbs it finds itself", () => {
    const s = ride([flat(1000), up(1500, 6), flat(500), up(800, 5), flat(500)]);
    const detected = detectClimbs(s, CLIMB_OPTIONS)!;
    expect(detected.length).toBeGreaterThan(0);
    expect(segmentClimbsOf(s, detected)).toEqual(segmentClimbsOf(s));
    expect(segmentClimbsOf({ ...s, latDeg: undefined }, detected)).toEqual([]);
  });

  it('a ride without positions has no segment climbs', () => {
    const s = ride([flat(500), up(1000, 6)]);
    expect(segmentClimbsOf({ ...s, latDeg: undefined })).toEqual([]);
  });
});

describe('matching', () => {
  const route = [flat(1000), up(1500, 6), flat(800, 90)];
  const segment = segmentClimbsOf(ride(route))[0]!;

  it('two rides of the same climb match (other speed, GPS offset of 15 m)', () => {
    const again = segmentClimbsOf(ride(route, { speedMps: 4, offsetM: 15 }))[0]!;
    expect(matchDistanceM(again, segment)).toBeDefined();
    expect(matchSegment(again, [segment])).toBe(segment);
  });

  it('a climb starting 150 m further up the road does not match', () => {
    const other = segmentClimbsOf(ride([flat(1150), up(1350, 6), flat(800, 90)]))[0]!;
    expect(haversineM(other.start, segment.start)).toBeGreaterThan(MATCH_RADIUS_M);
    expect(matchSegment(other, [segment])).toBeUndefined();
  });

  it('a climb from the same start up another road (a fork) does not match', () => {
    const fork = segmentClimbsOf(ride([flat(1000), up(1500, 6, 40), flat(800, 90)]))[0]!;
    expect(matchSegment(fork, [segment])).toBeUndefined();
  });

  it('the same road ridden the other way does not match', () => {
    const reversed = { start: segment.end, end: segment.start, lengthM: segment.lengthM };
    expect(matchDistanceM(reversed, segment)).toBeUndefined();
  });

  it('a climb between the same ends but 20 % longer (a detour) does not match', () => {
    expect(matchDistanceM({ ...segment, lengthM: segment.lengthM * 1.2 }, segment)).toBeUndefined();
    expect(matchDistanceM({ ...segment, lengthM: segment.lengthM * 1.05 }, segment)).toBeDefined();
  });

  it('the nearest of two candidate segments wins', () => {
    const near = { ...segment, start: move(segment.start, 5, 0) };
    const far = { ...segment, start: move(segment.start, 40, 0) };
    expect(matchSegment(segment, [far, near])).toBe(near);
  });
});

describe('pacing', () => {
  const physics = pacingPhysics(80);

  it('on a climb getting steeper (3, 6, 9 %) recommends more power where steeper, same mean, faster', () => {
    const r = recommendedPacing({ lengthM: 3000, thirdsGradePct: [3, 6, 9], meanPowerW: 250, physics });
    const [a, b, c] = r.powerW;
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThan(c);
    for (const p of r.powerW) {
      expect(p).toBeGreaterThanOrEqual(225 - 1e-6);
      expect(p).toBeLessThanOrEqual(275 + 1e-6);
    }
    // The time-weighted mean is the mean power: recompute the thirds' times with the model.
    expect(r.recommendedTimeS).toBeLessThan(r.evenTimeS);
    expect(r.evenTimeS - r.recommendedTimeS).toBeGreaterThan(1);
  });

  it('keeps the mean power', () => {
    const r = recommendedPacing({ lengthM: 3000, thirdsGradePct: [2, 8, 4], meanPowerW: 300, physics });
    const times = r.powerW.map((p, i) => 1000 / speedForPowerMps(p, [0.02, 0.08, 0.04][i]!, physics));
    const mean = r.powerW.reduce((s, p, i) => s + p * times[i]!, 0) / times.reduce((s, t) => s + t, 0);
    expect(mean).toBeCloseTo(300, 3);
    expect(r.powerW[1]).toBeGreaterThan(r.powerW[2]);
    expect(r.powerW[2]).toBeGreaterThan(r.powerW[0]);
  });

  it('on an even gradient recommends even power', () => {
    const r = recommendedPacing({ lengthM: 2000, thirdsGradePct: [5, 5, 5], meanPowerW: 280, physics });
    for (const p of r.powerW) expect(p).toBeCloseTo(280, 3);
    expect(r.recommendedTimeS).toBeCloseTo(r.evenTimeS, 6);
  });

  const splits = Array.from({ length: SEGMENT_SECTIONS + 1 }, (_, k) => k * 30);
  const sections = (f: (k: number) => number) => Array.from({ length: SEGMENT_SECTIONS }, (_, k) => f(k));

  it('names the strategy by thirds', () => {
    const strategy = (power: number[]) =>
      pacingStrategy({ thirdsPowerW: thirdsPowerW(splits, power), splitsS: splits, sectionPowerW: power });
    expect(strategy(sections(() => 250))).toBe('even');
    expect(strategy(sections((k) => (k < 4 ? 290 : k < 8 ? 250 : 220)))).toBe('fast_start');
    expect(strategy(sections((k) => (k < 4 ? 230 : k < 8 ? 250 : 275)))).toBe('negative_split');
    expect(strategy(sections((k) => (k % 2 === 0 ? 180 : 320)))).toBe('surging');
  });

  it('scores 1 for the recommendation ridden exactly and advises on the known profile', () => {
    const r = recommendedPacing({ lengthM: 3000, thirdsGradePct: [3, 6, 9], meanPowerW: 250, physics });
    const exact = sections((k) => r.powerW[Math.floor(k / 4)]!);
    expect(
      pacingEfficiency({ splitsS: splits, sectionPowerW: exact, recommendedW: r.powerW, meanPowerW: 250 }),
    ).toBeCloseTo(1, 9);
    const fast = sections((k) => (k < 4 ? 290 : k < 8 ? 250 : 215));
    const eff = pacingEfficiency({
      splitsS: splits,
      sectionPowerW: fast,
      recommendedW: r.powerW,
      meanPowerW: 250,
    });
    expect(eff).toBeLessThan(0.8);
    const thirds = thirdsPowerW(splits, fast);
    const advice = pacingAdvice({
      strategy: pacingStrategy({ thirdsPowerW: thirds, splitsS: splits, sectionPowerW: fast }),
      efficiency: eff,
      thirdsPowerW: thirds,
      recommendedW: r.powerW,
      thirdsGradePct: [3, 6, 9],
    });
    expect(advice).toEqual(['fast_start', 'push_steep_third']);
    const even = sections(() => 250);
    expect(
      pacingAdvice({
        strategy: 'even',
        efficiency: 0.9,
        thirdsPowerW: thirdsPowerW(splits, even),
        recommendedW: r.powerW,
        thirdsGradePct: [3, 6, 9],
      }),
    ).toEqual(['even_optimal', 'push_steep_third']);
  });
});

describe('efforts', () => {
  const e = (elapsedS: number) => ({ elapsedS, averagePowerW: 250 });
  it('relative performance, trend and consistency', () => {
    expect(relativePerformance([e(300), e(310), e(290)])).toEqual([1, 300 / 310, 300 / 290]);
    expect(segmentTrend([e(300), e(300), e(300), e(280), e(285), e(282)])).toBe('improving');
    expect(segmentTrend([e(300), e(305)])).toBe('stable');
    expect(segmentTrend([e(300), e(320)])).toBe('declining');
    expect(consistencyPct([e(300), e(300)])).toBe(100);
    expect(consistencyPct([e(300)])).toBeUndefined();
  });
});
