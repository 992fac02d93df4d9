import type { PowerStreams } from '../power/power-summary.ts';

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
