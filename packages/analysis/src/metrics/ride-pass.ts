import type { WPrimeParameters } from '../curve/w-prime-balance.ts';
import { isHeartRate } from '../heart/heart-rate-summary.ts';
import { NP_WINDOW_S, XPOWER_TAU_S } from '../power/normalized-power.ts';
import { type PowerZone, zoneIndexOf } from '../power/zones.ts';
import type { ActivityStreams } from '../streams/activity-streams.ts';

/** The per-second figures of `summarizeRide` that one walk along the timeline gives. */
export interface RidePass {
  readonly movingTimeS: number;
  readonly averagePowerW: number | undefined;
  readonly maxPowerW: number | undefined;
  readonly workKj: number | undefined;
  readonly normalizedPowerW: number | undefined;
  readonly xPowerW: number | undefined;
  readonly timeInPowerZonesS: number[] | undefined;
  readonly minWPrimeBalanceJ: number | undefined;
  readonly averageHeartRateBpm: number | undefined;
  readonly maxHeartRateBpm: number | undefined;
  readonly averageCadenceRpm: number | undefined;
  readonly leftBalancePct: number | undefined;
  readonly torqueEffectivenessPct: number | undefined;
  readonly pedalSmoothnessPct: number | undefined;
}

/**
 * `movingTimeS`, `averagePowerW`, `maxPowerW`, `workKj`, `normalizedPowerW`, `xPowerW`,
 * `timeInPowerZonesS`, `minimumWPrimeBalanceJ(wPrimeBalanceDifferentialJ(…))`, `averageHeartRateBpm`,
 * `maxHeartRateBpm`, `averageCadenceRpm` (zeros left out), `leftRightBalance`,
 * `averageTorqueEffectivenessPct` and `averagePedalSmoothnessPct` in one pass over the timeline instead
 * of one pass each: a 4-hour ride's channels are 115 kB apiece, so fourteen passes read them from
 * memory again and again, and the rolling sums (NP, xPower, W′) wait on their own additions, which
 * interleave here.
 *
 * Each figure is the same arithmetic, in the same order, as the function named above (the sums run
 * over the same seconds in timeline order, the windows and recurrences are the same), so the numbers
 * are the same to the last bit; ride-summary.test.ts checks it against those functions. Undefined
 * when a channel's length differs from the gap mask's (then only those functions say what they do).
 */
export function ridePass(
  streams: ActivityStreams,
  options: { zones: readonly PowerZone[] | undefined; criticalPower: WPrimeParameters | undefined },
): RidePass | undefined {
  const n = streams.gapMask.length;
  const {
    powerW,
    heartRateBpm,
    cadenceRpm,
    leftRightBalancePct,
    torqueEffectivenessPct,
    pedalSmoothnessPct,
  } = streams;
  // Streams whose channels are not all as long as the mask are left to the functions themselves.
  for (const channel of [
    powerW,
    heartRateBpm,
    cadenceRpm,
    leftRightBalancePct,
    torqueEffectivenessPct,
    pedalSmoothnessPct,
  ]) {
    if (channel && channel.length !== n) return undefined;
  }
  const sums = new RideSums(streams, options);
  // The first seconds on their own, then the rest. Node 20's V8 compiles a long loop in the middle of
  // its first call (on-stack replacement), before the code after the loop has ever run, and then enters
  // that compiled loop on every later call too, only to drop out of it at the loop's end for want of
  // type information, every time: the walk along 4 hours ran several times slower than it should. A
  // short first slice runs the code after the loop once before the loop is ever compiled.
  // One second per call (issue 28): V8 allocates a function's type feedback only once it has run a
  // while, so a first slice walked in one call could run the code after the loop before there was
  // any feedback to keep, and the stall came back in one process out of three.
  const head = Math.min(n, WARM_UP_S);
  for (let i = 0; i < head; i++) sums.add(i, i + 1);
  sums.add(head, n);
  return sums.result();
}

/** Seconds walked before the rest of the ride (see `ridePass`): fewer than any loop is compiled after. */
const WARM_UP_S = 16;

/** The running sums of `ridePass`, kept between slices of the timeline. */
class RideSums {
  private readonly gapMask: Uint8Array;
  // Absent channels read as NaN throughout (no second then counts); their figures are left undefined.
  private readonly p: Float64Array;
  private readonly h: Float64Array;
  private readonly c: Float64Array;
  private readonly lr: Float64Array;
  private readonly t: Float64Array;
  private readonly s: Float64Array;
  private readonly zones: readonly PowerZone[] | undefined;
  private readonly zoneSeconds: number[];
  private readonly wPrime: boolean;
  private readonly cpW: number;
  private readonly wPrimeJ: number;
  // exponentialMean's smoothing factor, computed as there.
  private readonly alpha = 1 - Math.exp(-1 / XPOWER_TAU_S);

  private moving = 0;
  private powerSum = 0;
  private powerCount = 0;
  private powerMax = Number.NEGATIVE_INFINITY;
  // rollingMean + fourthPowerMeanRoot (NP).
  private windowSum = 0;
  private run = 0;
  private npSum = 0;
  private npCount = 0;
  // exponentialMean + fourthPowerMeanRoot (xPower).
  private state = Number.NaN;
  private xpSum = 0;
  private xpCount = 0;
  // wPrimeBalanceDifferentialJ + minimumWPrimeBalanceJ.
  private wBalance: number;
  private wMin = Number.POSITIVE_INFINITY;
  private hrSum = 0;
  private hrCount = 0;
  private hrMax = Number.NEGATIVE_INFINITY;
  private cadenceSum = 0;
  private cadenceCount = 0;
  private balanceWeighted = 0;
  private balanceTotal = 0;
  private teWeighted = 0;
  private teTotal = 0;
  private psWeighted = 0;
  private psTotal = 0;

  constructor(
    private readonly streams: ActivityStreams,
    options: { zones: readonly PowerZone[] | undefined; criticalPower: WPrimeParameters | undefined },
  ) {
    const { gapMask, powerW: power } = streams;
    const n = gapMask.length;
    let none: Float64Array | undefined;
    const orNone = (channel: Float64Array | undefined) => {
      if (channel) return channel;
      none ??= new Float64Array(n).fill(Number.NaN);
      return none;
    };
    this.gapMask = gapMask;
    this.p = orNone(power);
    this.h = orNone(streams.heartRateBpm);
    this.c = orNone(streams.cadenceRpm);
    this.lr = orNone(streams.leftRightBalancePct);
    this.t = orNone(streams.torqueEffectivenessPct);
    this.s = orNone(streams.pedalSmoothnessPct);
    this.zones = power && options.zones && options.zones.length > 0 ? options.zones : undefined;
    this.zoneSeconds = new Array<number>(this.zones?.length ?? 0).fill(0);
    const cp = options.criticalPower;
    this.wPrime = power !== undefined && cp !== undefined && cp.cpW > 0 && cp.wPrimeJ > 0;
    this.cpW = cp?.cpW ?? 0;
    this.wPrimeJ = cp?.wPrimeJ ?? 0;
    this.wBalance = this.wPrimeJ;
  }

  /** Walks seconds `from..to`, after the ones before `from`. */
  add(from: number, to: number): void {
    const { gapMask, p, h, c, lr, t, s, zones, zoneSeconds, wPrime, cpW, wPrimeJ, alpha } = this;
    let { moving, powerSum, powerCount, powerMax, windowSum, run, npSum, npCount, state, xpSum, xpCount } =
      this;
    let { wBalance, wMin, hrSum, hrCount, hrMax, cadenceSum, cadenceCount } = this;
    let { balanceWeighted, balanceTotal, teWeighted, teTotal, psWeighted, psTotal } = this;
    for (let i = from; i < to; i++) {
      const recorded = gapMask[i] === 0;
      if (recorded) moving++;
      const pw = p[i]!;
      if (recorded && pw > powerMax) powerMax = pw;
      if (recorded && Number.isFinite(pw)) {
        powerSum += pw;
        powerCount++;
        if (zones) {
          const k = zoneIndexOf(zones, pw);
          zoneSeconds[k] = zoneSeconds[k]! + 1;
        }
        windowSum += pw;
        run++;
        if (run > NP_WINDOW_S) windowSum -= p[i - NP_WINDOW_S]!;
        if (run >= NP_WINDOW_S) {
          const mean = windowSum / NP_WINDOW_S;
          if (!Number.isNaN(mean)) {
            const sq = mean * mean;
            npSum += sq * sq;
            npCount++;
          }
        }
        state = Number.isNaN(state) ? pw : state + alpha * (pw - state);
        if (!Number.isNaN(state)) {
          const sq = state * state;
          xpSum += sq * sq;
          xpCount++;
        }
      } else {
        windowSum = 0;
        run = 0;
        state = Number.NaN;
      }
      if (wPrime) {
        const w = recorded && Number.isFinite(pw) ? pw : 0;
        if (w >= cpW) wBalance -= w - cpW;
        else wBalance += ((cpW - w) * (wPrimeJ - wBalance)) / wPrimeJ;
        if (wBalance < wMin) wMin = wBalance;
      }
      const bpm = h[i]!;
      if (recorded && isHeartRate(bpm)) {
        hrSum += bpm;
        hrCount++;
        if (bpm > hrMax) hrMax = bpm;
      }
      const rpm = c[i]!;
      if (recorded && Number.isFinite(rpm) && rpm > 0) {
        cadenceSum += rpm;
        cadenceCount++;
      }
      if (recorded && pw > 0) {
        const left = lr[i]!;
        if (left >= 0 && left <= 100) {
          balanceWeighted += pw * left;
          balanceTotal += pw;
        }
        // A reading of 0 at positive power is impossible by the definitions (TE = net / positive
        // torque, PS = mean / peak power): it is a device's "not measured" (pedaling/torque-effectiveness.ts).
        const tv = t[i]!;
        if (Number.isFinite(tv) && tv > 0) {
          teWeighted += pw * tv;
          teTotal += pw;
        }
        const sv = s[i]!;
        if (Number.isFinite(sv) && sv > 0) {
          psWeighted += pw * sv;
          psTotal += pw;
        }
      }
    }
    Object.assign(this, { moving, powerSum, powerCount, powerMax, windowSum, run, npSum, npCount, state });
    Object.assign(this, { xpSum, xpCount, wBalance, wMin, hrSum, hrCount, hrMax, cadenceSum, cadenceCount });
    Object.assign(this, { balanceWeighted, balanceTotal, teWeighted, teTotal, psWeighted, psTotal });
  }

  result(): RidePass {
    const { powerW: power, heartRateBpm: hr, cadenceRpm: cadence } = this.streams;
    const { leftRightBalancePct: balance, torqueEffectivenessPct: te, pedalSmoothnessPct: ps } = this.streams;
    const { powerSum, powerCount, powerMax, npSum, npCount, xpSum, xpCount, hrSum, hrCount, hrMax } = this;
    const {
      cadenceSum,
      cadenceCount,
      balanceWeighted,
      balanceTotal,
      teWeighted,
      teTotal,
      psWeighted,
      psTotal,
    } = this;
    return {
      movingTimeS: this.moving,
      averagePowerW: power && powerCount > 0 ? powerSum / powerCount : undefined,
      maxPowerW: power && powerMax !== Number.NEGATIVE_INFINITY ? powerMax : undefined,
      workKj: power && powerCount > 0 ? powerSum / 1000 : undefined,
      normalizedPowerW: power && npCount > 0 ? (npSum / npCount) ** 0.25 : undefined,
      xPowerW: power && xpCount > 0 ? (xpSum / xpCount) ** 0.25 : undefined,
      timeInPowerZonesS: this.zones ? this.zoneSeconds : undefined,
      minWPrimeBalanceJ: this.wPrime && this.gapMask.length > 0 ? this.wMin : undefined,
      averageHeartRateBpm: hr && hrCount > 0 ? hrSum / hrCount : undefined,
      maxHeartRateBpm: hr && hrMax !== Number.NEGATIVE_INFINITY ? hrMax : undefined,
      averageCadenceRpm: cadence && cadenceCount > 0 ? cadenceSum / cadenceCount : undefined,
      leftBalancePct: balance && power && balanceTotal !== 0 ? balanceWeighted / balanceTotal : undefined,
      torqueEffectivenessPct: te && power && teTotal > 0 ? teWeighted / teTotal : undefined,
      pedalSmoothnessPct: ps && power && psTotal > 0 ? psWeighted / psTotal : undefined,
    };
  }
}
