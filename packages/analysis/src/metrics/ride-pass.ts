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
  const { gapMask, powerW: power, heartRateBpm: hr, cadenceRpm: cadence } = streams;
  const { leftRightBalancePct: balance, torqueEffectivenessPct: te, pedalSmoothnessPct: ps } = streams;
  const n = gapMask.length;
  // Streams whose channels are not all as long as the mask are left to the functions themselves.
  for (const channel of [power, hr, cadence, balance, te, ps])
    if (channel && channel.length !== n) return undefined;
  // Absent channels read as NaN throughout (no second then counts); their figures are left undefined.
  const none =
    power && hr && cadence && balance && te && ps ? undefined : new Float64Array(n).fill(Number.NaN);
  const p = power ?? none!;
  const h = hr ?? none!;
  const c = cadence ?? none!;
  const lr = balance ?? none!;
  const t = te ?? none!;
  const s = ps ?? none!;

  const zones = power && options.zones && options.zones.length > 0 ? options.zones : undefined;
  const zoneSeconds = new Array<number>(zones?.length ?? 0).fill(0);
  const cp = options.criticalPower;
  const wPrime = power !== undefined && cp !== undefined && cp.cpW > 0 && cp.wPrimeJ > 0;
  const cpW = cp?.cpW ?? 0;
  const wPrimeJ = cp?.wPrimeJ ?? 0;
  // exponentialMean's smoothing factor, computed as there.
  const alpha = 1 - Math.exp(-1 / XPOWER_TAU_S);

  let moving = 0;
  let powerSum = 0;
  let powerCount = 0;
  let powerMax = Number.NEGATIVE_INFINITY;
  // rollingMean + fourthPowerMeanRoot (NP).
  let windowSum = 0;
  let run = 0;
  let npSum = 0;
  let npCount = 0;
  // exponentialMean + fourthPowerMeanRoot (xPower).
  let state = Number.NaN;
  let xpSum = 0;
  let xpCount = 0;
  // wPrimeBalanceDifferentialJ + minimumWPrimeBalanceJ.
  let wBalance = wPrimeJ;
  let wMin = Number.POSITIVE_INFINITY;
  let hrSum = 0;
  let hrCount = 0;
  let hrMax = Number.NEGATIVE_INFINITY;
  let cadenceSum = 0;
  let cadenceCount = 0;
  let balanceWeighted = 0;
  let balanceTotal = 0;
  let teWeighted = 0;
  let teTotal = 0;
  let psWeighted = 0;
  let psTotal = 0;

  for (let i = 0; i < n; i++) {
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
      const tv = t[i]!;
      if (Number.isFinite(tv)) {
        teWeighted += pw * tv;
        teTotal += pw;
      }
      const sv = s[i]!;
      if (Number.isFinite(sv)) {
        psWeighted += pw * sv;
        psTotal += pw;
      }
    }
  }

  const leftPct = balance && power && balanceTotal !== 0 ? balanceWeighted / balanceTotal : undefined;
  return {
    movingTimeS: moving,
    averagePowerW: power && powerCount > 0 ? powerSum / powerCount : undefined,
    maxPowerW: power && powerMax !== Number.NEGATIVE_INFINITY ? powerMax : undefined,
    workKj: power && powerCount > 0 ? powerSum / 1000 : undefined,
    normalizedPowerW: power && npCount > 0 ? (npSum / npCount) ** 0.25 : undefined,
    xPowerW: power && xpCount > 0 ? (xpSum / xpCount) ** 0.25 : undefined,
    timeInPowerZonesS: zones ? zoneSeconds : undefined,
    minWPrimeBalanceJ: wPrime && n > 0 ? wMin : undefined,
    averageHeartRateBpm: hr && hrCount > 0 ? hrSum / hrCount : undefined,
    maxHeartRateBpm: hr && hrMax !== Number.NEGATIVE_INFINITY ? hrMax : undefined,
    averageCadenceRpm: cadence && cadenceCount > 0 ? cadenceSum / cadenceCount : undefined,
    leftBalancePct: leftPct,
    torqueEffectivenessPct: te && power && teTotal > 0 ? teWeighted / teTotal : undefined,
    pedalSmoothnessPct: ps && power && psTotal > 0 ? psWeighted / psTotal : undefined,
  };
}
