import type { PowerStreams } from '../power/power-summary.ts';
import { W_PRIME_PLAUSIBLE_J } from './cp-plausibility.ts';

export interface WPrimeParameters {
  readonly cpW: number;
  readonly wPrimeJ: number;
}

/**
 * Time constant of W′ reconstitution (Skiba et al. 2012): τ = 546·e^(−0.01·D_CP) + 316 s, with
 * D_CP = CP − mean power of the seconds below CP (GoldenCheetah `WPrime.cpp`). A second of the
 * timeline without power (a pause or a dropout) is recovery at 0 W: it counts among the seconds below
 * CP, as it does in the differential form, since W′ comes back while the rider is stopped and the
 * integral lets that time pass. Undefined when no second is below CP.
 */
export function skibaTauS(streams: PowerStreams, cpW: number): number | undefined {
  const power = streams.powerW;
  if (power === undefined) return undefined;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < power.length; i++) {
    const raw = power[i]!;
    const p = streams.gapMask[i] === 0 && Number.isFinite(raw) ? raw : 0;
    if (p >= cpW) continue;
    sum += p;
    count++;
  }
  if (count === 0) return undefined;
  return 546 * Math.exp(-0.01 * (cpW - sum / count)) + 316;
}

/**
 * W′ balance, integral form (Skiba, Chidnok, Vanhatalo & Jones 2012, *MSSE* 44(8):1526,
 * "Modeling the expenditure and reconstitution of work capacity above critical power"):
 * W′bal(t) = W′ − Σ_{u ≤ t} W′exp(u)·e^(−(t−u)/τ), W′exp(u) = max(0, P(u) − CP)·1 s, computed
 * recursively in O(n). One value per second of the timeline, in J.
 *
 * Seconds without power (pauses, dropouts) expend nothing and let time pass, so W′ keeps
 * reconstituting through a stop; they count in D_CP as 0 W (`skibaTauS`). With no second below CP,
 * τ is undefined and nothing reconstitutes.
 */
export function wPrimeBalanceIntegralJ(
  streams: PowerStreams,
  params: WPrimeParameters,
): Float64Array | undefined {
  const power = streams.powerW;
  const { cpW, wPrimeJ } = params;
  if (power === undefined || !(cpW > 0 && wPrimeJ > 0)) return undefined;
  const tauS = skibaTauS(streams, cpW);
  const decay = tauS === undefined ? 1 : Math.exp(-1 / tauS);
  const out = new Float64Array(power.length);
  let expended = 0;
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    const above = streams.gapMask[i] === 0 && Number.isFinite(p) && p > cpW ? p - cpW : 0;
    expended = expended * decay + above;
    out[i] = wPrimeJ - expended;
  }
  return out;
}

/**
 * W′ balance, differential form (Skiba, Fulford, Clarke & Skiba 2015, *Eur J Appl Physiol*
 * 115:703; GoldenCheetah calls it Froncioni/Clarke): above CP, W′bal −= (P − CP)·Δt; below,
 * W′bal += (CP − P)·(W′ − W′bal)/W′·Δt, with Δt = 1 s. One value per second, in J.
 *
 * Divergent: a pause or dropout is rest here (P = 0 for reconstitution, as Sauce does when it pads
 * gaps); a pause is not an effort, and W′ does come back while the rider is stopped.
 */
export function wPrimeBalanceDifferentialJ(
  streams: PowerStreams,
  params: WPrimeParameters,
): Float64Array | undefined {
  const power = streams.powerW;
  const { cpW, wPrimeJ } = params;
  if (power === undefined || !(cpW > 0 && wPrimeJ > 0)) return undefined;
  const out = new Float64Array(power.length);
  let balance = wPrimeJ;
  for (let i = 0; i < power.length; i++) {
    const raw = power[i]!;
    const p = streams.gapMask[i] === 0 && Number.isFinite(raw) ? raw : 0;
    balance = wPrimeBalanceDifferentialStepJ(balance, p, params);
    out[i] = balance;
  }
  return out;
}

/**
 * One second of the differential form (above): the balance after a second at `powerW`. The live ride
 * view steps it as each second is recorded, so its figure is the ride page's for the same seconds.
 * A second without power is rest: pass 0.
 */
export function wPrimeBalanceDifferentialStepJ(
  balanceJ: number,
  powerW: number,
  params: WPrimeParameters,
): number {
  const { cpW, wPrimeJ } = params;
  if (powerW >= cpW) return balanceJ - (powerW - cpW);
  return balanceJ + ((cpW - powerW) * (wPrimeJ - balanceJ)) / wPrimeJ;
}

/** Lowest value of a W′ balance series (the deepest the rider dug), in J. */
export function minimumWPrimeBalanceJ(balance: Float64Array | undefined): number | undefined {
  if (balance === undefined || balance.length === 0) return undefined;
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < balance.length; i++) if (balance[i]! < min) min = balance[i]!;
  return min;
}

/** GoldenCheetah's `WPrime::PCP`: CP is raised in steps of 3 W ("+/- 3w is ok"), at most to 500 W. */
export const CORRECTION_CP_STEP_W = 3;
export const CORRECTION_CP_MAX_W = 500;
/** `WPrime::PCP` does not try when W′ is under 10 kJ or the balance goes below −10 kJ ("W′ not set properly"). */
export const CORRECTION_MIN_W_PRIME_J = 10_000;
export const CORRECTION_MIN_BALANCE_J = -10_000;
/**
 * Vatio's fallback when GoldenCheetah's correction does not apply: W′ raised in steps of 100 J (a
 * hundredth of the ±2 kJ GoldenCheetah calls W′'s typical accuracy), CP kept, at most to the largest
 * plausible W′ (`W_PRIME_PLAUSIBLE_J`, 50 kJ).
 */
export const CORRECTION_W_PRIME_STEP_J = 100;

/**
 * The CP and W′ a ride's W′ balance is drawn with, and why.
 * - `fitted`: the balance never goes below zero with the CP and W′ given: they stand.
 * - `cp-raised`: it would; a negative balance means the rider did work the model says was impossible,
 *   so that CP and W′ are wrong for this ride. As GoldenCheetah does (`WPrime::PCP`, `minForCP`), CP is
 *   raised from the given value in steps of 3 W, W′ kept, until the lowest balance of the
 *   differential form is above 0 J.
 * - `w-prime-raised`: GoldenCheetah's correction does not apply (W′ under 10 kJ, the balance below
 *   −10 kJ, or no CP up to 500 W keeps it above zero); Vatio's fallback raises W′ instead, CP kept, to
 *   the smallest value in steps of 100 J whose balance stays above 0 J.
 * - `unsupported`: not even a W′ of 50 kJ (the plausible maximum) keeps it above zero: no balance is
 *   shown.
 */
export interface WPrimeBalanceParameters {
  readonly status: 'fitted' | 'cp-raised' | 'w-prime-raised' | 'unsupported';
  /** The parameters the balance is drawn with (the fitted ones when unsupported). */
  readonly cpW: number;
  readonly wPrimeJ: number;
  /** The parameters given, and the lowest balance they give (J, below zero unless `fitted`). */
  readonly fittedCpW: number;
  readonly fittedWPrimeJ: number;
  readonly fittedMinJ: number;
}

/**
 * Which CP and W′ to draw a ride's W′ balance with (`WPrimeBalanceParameters`). GoldenCheetah's
 * `WPrime::PCP` (`src/Metrics/WPrime.cpp`): from the athlete's CP it adds 3 W until `minForCP(cp)`
 * (the lowest balance of the differential form, W′ unchanged) is above zero, up to 500 W, and does not
 * try when W′ < 10 kJ or the balance is below −10 kJ. GoldenCheetah keeps W′ and raises CP (it never
 * raises W′); its ride chart still draws the negative balance and adds "Minimum CP=…" (`AllPlot.cpp`).
 * Divergent: Vatio never shows a balance below zero as a fact, so it draws the balance with that
 * minimum CP and says so; where GoldenCheetah would not try, it raises W′ instead
 * (`CORRECTION_W_PRIME_STEP_J`). Undefined without power.
 */
export function wPrimeBalanceParameters(
  streams: PowerStreams,
  params: WPrimeParameters,
): WPrimeBalanceParameters | undefined {
  const fittedMinJ = minimumWPrimeBalanceJ(wPrimeBalanceDifferentialJ(streams, params));
  if (fittedMinJ === undefined) return undefined;
  const fitted = { fittedCpW: params.cpW, fittedWPrimeJ: params.wPrimeJ, fittedMinJ };
  if (fittedMinJ >= 0) return { status: 'fitted', cpW: params.cpW, wPrimeJ: params.wPrimeJ, ...fitted };
  const lowest = (cpW: number, wPrimeJ: number) =>
    minimumWPrimeBalanceJ(wPrimeBalanceDifferentialJ(streams, { cpW, wPrimeJ })) ?? Number.NEGATIVE_INFINITY;
  if (params.wPrimeJ >= CORRECTION_MIN_W_PRIME_J && fittedMinJ >= CORRECTION_MIN_BALANCE_J) {
    for (let cpW = params.cpW; cpW <= CORRECTION_CP_MAX_W; cpW += CORRECTION_CP_STEP_W) {
      if (lowest(cpW, params.wPrimeJ) > 0)
        return { status: 'cp-raised', cpW, wPrimeJ: params.wPrimeJ, ...fitted };
    }
  }
  for (
    let wPrimeJ = params.wPrimeJ + CORRECTION_W_PRIME_STEP_J;
    wPrimeJ <= W_PRIME_PLAUSIBLE_J.max;
    wPrimeJ += CORRECTION_W_PRIME_STEP_J
  ) {
    if (lowest(params.cpW, wPrimeJ) > 0)
      return { status: 'w-prime-raised', cpW: params.cpW, wPrimeJ, ...fitted };
  }
  return { status: 'unsupported', cpW: params.cpW, wPrimeJ: params.wPrimeJ, ...fitted };
}
