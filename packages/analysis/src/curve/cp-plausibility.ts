import type { CriticalPowerFit } from './power-duration-models.ts';

/**
 * Physiological bounds a critical-power fit must meet before Vatio shows it. A fit can describe the
 * curve well and still be impossible for a human (a 3P fit to a ride's 1–20 min bests reading CP
 * 120 W with W′ 108 kJ): a good R² is not a plausible rider.
 *
 * The bounds are Vatio's, set as wide margins around what reviews of CP testing in cyclists report
 * (Chorley & Lamb 2020, *Sports* 8(9):123; Poole, Burnley, Vanhatalo, Rossiter & Jones 2016, *Med Sci
 * Sports Exerc* 48(11):2320): CP from a novice's 50 W to beyond a world-class rider's 600 W; W′ from 5
 * kJ (GoldenCheetah's W′ balance already treats W′ under 10 kJ as "not set properly", `WPrime::PCP`)
 * to 50 kJ, about twice the largest values reported for trained cyclists. A 3P model's Pmax is its
 * power as t → 0: a model whose Pmax is below the ride's own best 5 s contradicts the data it was
 * fitted to. docs/formulas/critical-power.md, "Plausibility".
 */
export const CP_PLAUSIBLE_W = { min: 50, max: 600 } as const;
export const W_PRIME_PLAUSIBLE_J = { min: 5_000, max: 50_000 } as const;
/** The best this many seconds a 3P model's Pmax must reach. */
export const PMAX_CHECK_DURATION_S = 5;

export type ImplausibleReason =
  | 'cp-too-low'
  | 'cp-too-high'
  | 'w-prime-too-low'
  | 'w-prime-too-high'
  | 'pmax-below-best-5s';

/**
 * Every bound the fit breaks (none: plausible). `best5sW` is the ride's (or window's) best 5 s power;
 * without it the Pmax check is skipped.
 */
export function implausibleReasons(
  fit: Pick<CriticalPowerFit, 'cpW' | 'wPrimeJ' | 'pmaxW'>,
  best5sW: number | undefined,
): ImplausibleReason[] {
  const reasons: ImplausibleReason[] = [];
  if (fit.cpW < CP_PLAUSIBLE_W.min) reasons.push('cp-too-low');
  if (fit.cpW > CP_PLAUSIBLE_W.max) reasons.push('cp-too-high');
  if (fit.wPrimeJ < W_PRIME_PLAUSIBLE_J.min) reasons.push('w-prime-too-low');
  if (fit.wPrimeJ > W_PRIME_PLAUSIBLE_J.max) reasons.push('w-prime-too-high');
  if (fit.pmaxW !== undefined && best5sW !== undefined && fit.pmaxW < best5sW) {
    reasons.push('pmax-below-best-5s');
  }
  return reasons;
}
