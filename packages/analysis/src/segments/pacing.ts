/**
 * Pacing on a segment: how the rider spread their power over its thirds, and how a rider of the same
 * mean power would spread it to get up fastest.
 *
 * The model is the steady-state road cycling model of Martin, Milliken, Cobb, McFadden & Coggan
 * (1998, *J Appl Biomech* 14:276) as `predict/events.ts` states it: η·P = v·(m·g·(Crr·cos θ + sin θ))
 * + ½·ρ·CdA·v³ + v·(91 + 8.7·v)·10⁻³ (wheel bearings); steady speed on each third, so no kinetic term. For a fixed time-weighted mean power P̄ the time is least when the speed is the same
 * on every part (proof in docs/formulas/segments.md: the work is P̄·T, and by the power-mean inequality
 * the aerodynamic work for a given time is least at one speed), so the power follows the gradient:
 * more where it is steeper. Holding one speed up a steep ramp can ask for far more than the mean, which
 * a rider cannot sustain; the recommendation is therefore bounded to ±PACING_RANGE of the mean, the
 * largest variation Swain (1997, *Med Sci Sports Exerc* 29:1104) modelled for hills, which also kept
 * the mean power.
 */
import {
  DEFAULT_AIR_DENSITY,
  DEFAULT_CDA_M2,
  DEFAULT_CRR,
  bearingLossW,
  DRIVETRAIN_EFFICIENCY,
  GRAVITY_MPS2,
  type PhysicsParameters,
  speedForPowerMps,
  steadyCourseTimeS,
} from '../predict/events.ts';
import { SEGMENT_SECTIONS } from './segment-climbs.ts';

/** Recommended power stays within ±10 % of the mean (Swain 1997's largest modelled variation). */
export const PACING_RANGE = 0.1;
/** The first and last thirds within ±5 % of the mean are an even split (Vatio's threshold). */
export const EVEN_SPLIT_RATIO = 0.05;
/** Sections whose power varies by more than 15 % (coefficient of variation) are surging. */
export const SURGING_CV = 0.15;

export type PacingStrategy = 'even' | 'negative_split' | 'fast_start' | 'surging';
export type PacingAdvice =
  | 'even_optimal'
  | 'fast_start'
  | 'negative_split_good'
  | 'surging'
  | 'follow_gradient'
  | 'push_steep_third';

/** Power on a gradient (rise/run) for a steady speed, W (negative where gravity does more than enough). */
export function powerForSpeedW(speedMps: number, gradient: number, p: PhysicsParameters): number {
  const theta = Math.atan(gradient);
  const resist = p.massKg * GRAVITY_MPS2 * (p.crr * Math.cos(theta) + Math.sin(theta));
  const aero = 0.5 * p.airDensity * p.cdaM2 * speedMps ** 3;
  return (aero + resist * speedMps + bearingLossW(speedMps)) / DRIVETRAIN_EFFICIENCY;
}

/** Martin's parameters for a rider of this mass and the stated defaults (no wind, sea-level air). */
export function pacingPhysics(massKg: number): PhysicsParameters {
  return { massKg, cdaM2: DEFAULT_CDA_M2, crr: DEFAULT_CRR, airDensity: DEFAULT_AIR_DENSITY };
}

/** Mean gradient of each third, %, from the profile's sections. */
export function thirdsGradePct(sectionGradePct: readonly number[]): [number, number, number] {
  return thirds(sectionGradePct.map((g) => ({ value: g, weight: 1 })));
}

/** Time-weighted mean power of each third of an effort, W (NaN where it had no power). */
export function thirdsPowerW(
  splitsS: readonly number[],
  sectionPowerW: readonly (number | null)[],
): [number, number, number] {
  return thirds(
    sectionPowerW.map((p, k) => ({
      value: p ?? Number.NaN,
      weight: Math.max(0, (splitsS[k + 1] ?? 0) - (splitsS[k] ?? 0)),
    })),
  );
}

function thirds(values: { value: number; weight: number }[]): [number, number, number] {
  const per = values.length / 3;
  const out: number[] = [];
  for (let t = 0; t < 3; t++) {
    let sum = 0;
    let w = 0;
    for (let k = Math.round(t * per); k < Math.round((t + 1) * per); k++) {
      const v = values[k];
      if (!v || !Number.isFinite(v.value)) continue;
      sum += v.value * v.weight;
      w += v.weight;
    }
    out.push(w > 0 ? sum / w : Number.NaN);
  }
  return out as [number, number, number];
}

export interface RecommendedPacing {
  /** Power for each third, W: same time-weighted mean as the effort. */
  readonly powerW: [number, number, number];
  /** Modelled time at one constant power (the mean) and at the recommended powers, s. */
  readonly evenTimeS: number;
  readonly recommendedTimeS: number;
}

/**
 * The power per third that rides the segment fastest for a mean power `meanPowerW`: one speed v for
 * the thirds (each third's power for v, bounded to ±PACING_RANGE of the mean), v found by bisection so
 * that the time-weighted mean of the three powers is the mean power.
 */
export function recommendedPacing(input: {
  readonly lengthM: number;
  readonly thirdsGradePct: readonly [number, number, number];
  readonly meanPowerW: number;
  readonly physics: PhysicsParameters;
}): RecommendedPacing {
  const { meanPowerW: mean, physics } = input;
  const d = input.lengthM / 3;
  const grades = input.thirdsGradePct.map((g) => g / 100);
  const lo = mean * (1 - PACING_RANGE);
  const hi = mean * (1 + PACING_RANGE);
  const powersAt = (v: number) =>
    grades.map((g) => Math.min(hi, Math.max(lo, powerForSpeedW(v, g, physics))));
  const meanAt = (powers: number[]) => {
    const times = powers.map((p, i) => d / speedForPowerMps(p, grades[i]!, physics));
    const total = times.reduce((a, b) => a + b, 0);
    return { mean: powers.reduce((a, p, i) => a + p * times[i]!, 0) / total, total };
  };
  let vLo = 0.1;
  let vHi = 30;
  for (let it = 0; it < 60; it++) {
    const v = (vLo + vHi) / 2;
    if (meanAt(powersAt(v)).mean < mean) vLo = v;
    else vHi = v;
  }
  const powers = powersAt((vLo + vHi) / 2) as [number, number, number];
  const segments = grades.map((gradient) => ({ distanceM: d, gradient }));
  return {
    powerW: powers,
    evenTimeS: steadyCourseTimeS(segments, mean, physics),
    recommendedTimeS: meanAt(powers).total,
  };
}

/**
 * The effort's strategy: surging when its sections' power varies by more than SURGING_CV; else by the
 * first third against the last: more than EVEN_SPLIT_RATIO of the mean above is a fast start, below a
 * negative split, else even.
 */
export function pacingStrategy(input: {
  readonly thirdsPowerW: readonly number[];
  readonly splitsS: readonly number[];
  readonly sectionPowerW: readonly (number | null)[];
}): PacingStrategy {
  const weighted = input.sectionPowerW
    .map((p, k) => ({ p, w: (input.splitsS[k + 1] ?? 0) - (input.splitsS[k] ?? 0) }))
    .filter((s): s is { p: number; w: number } => s.p !== null && s.w > 0);
  const w = weighted.reduce((a, s) => a + s.w, 0);
  const mean = weighted.reduce((a, s) => a + s.p * s.w, 0) / w;
  const sd = Math.sqrt(weighted.reduce((a, s) => a + s.w * (s.p - mean) ** 2, 0) / w);
  if (mean > 0 && sd / mean > SURGING_CV) return 'surging';
  const [first, , last] = input.thirdsPowerW;
  const split = (first! - last!) / mean;
  if (split > EVEN_SPLIT_RATIO) return 'fast_start';
  if (split < -EVEN_SPLIT_RATIO) return 'negative_split';
  return 'even';
}

/**
 * Pacing efficiency in [0, 1] (Vatio's score): 1 − 2·D, where D is the time-weighted mean absolute
 * difference between each section's power and the recommended power of its third, over the mean power.
 * Riding the recommendation exactly scores 1; 5 % off on average 0.9; 25 % off or more 0.
 */
export function pacingEfficiency(input: {
  readonly splitsS: readonly number[];
  readonly sectionPowerW: readonly (number | null)[];
  readonly recommendedW: readonly [number, number, number];
  readonly meanPowerW: number;
}): number {
  let dev = 0;
  let w = 0;
  const perThird = SEGMENT_SECTIONS / 3;
  input.sectionPowerW.forEach((p, k) => {
    const t = (input.splitsS[k + 1] ?? 0) - (input.splitsS[k] ?? 0);
    if (p === null || !(t > 0)) return;
    dev += Math.abs(p - input.recommendedW[Math.min(2, Math.floor(k / perThird))]!) * t;
    w += t;
  });
  if (!(w > 0) || !(input.meanPowerW > 0)) return 0;
  return Math.min(1, Math.max(0, 1 - (2 * dev) / w / input.meanPowerW));
}

/**
 * Advice keys (spec 001 §4): even above 0.85 is optimal; a fast start is too fast; a negative split
 * above 0.8 is good; surging is too variable; otherwise follow the gradient. Also "push the steepest
 * third" when the rider rode it more than 5 % below its recommendation.
 */
export function pacingAdvice(input: {
  readonly strategy: PacingStrategy;
  readonly efficiency: number;
  readonly thirdsPowerW: readonly number[];
  readonly recommendedW: readonly number[];
  readonly thirdsGradePct: readonly number[];
}): PacingAdvice[] {
  const advice: PacingAdvice[] = [];
  const { strategy, efficiency } = input;
  if (strategy === 'even' && efficiency > 0.85) advice.push('even_optimal');
  else if (strategy === 'fast_start') advice.push('fast_start');
  else if (strategy === 'negative_split' && efficiency > 0.8) advice.push('negative_split_good');
  else if (strategy === 'surging') advice.push('surging');
  else advice.push('follow_gradient');
  let steepest = 0;
  input.thirdsGradePct.forEach((g, i) => {
    if (g > input.thirdsGradePct[steepest]!) steepest = i;
  });
  const actual = input.thirdsPowerW[steepest]!;
  const recommended = input.recommendedW[steepest]!;
  if (Number.isFinite(actual) && actual < recommended * 0.95) advice.push('push_steep_third');
  return advice;
}
