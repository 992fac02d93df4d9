import {
  averageCadenceRpm,
  averageHeartRateBpm,
  averagePowerW,
  elevationGainM,
  maxHeartRateBpm,
  maxPowerW,
  normalizedPowerW,
  sliceStreams,
} from '@vatio/analysis';
import type { ActivityStreams, Lap } from './activity.ts';

/**
 * How far a lap's stated duration may run past its window before the lap is taken as inconsistent, s.
 * FIT lap times are in milliseconds while the timeline is whole seconds, and devices round a lap's
 * start and its duration separately: a consistent lap ends within a second of where the next begins.
 */
export const LAP_OVERRUN_TOLERANCE_S = 1.5;

/**
 * The file's laps made to fit the ride. Each lap's window starts at its own start (never before the
 * ride) and ends at the first of: its stated end (start + elapsed, else timer), the next lap's start,
 * the ride's end (`rideEndS`, the activity's elapsed time). So no lap outlasts the ride and the laps'
 * durations never add up to more than it.
 *
 * A lap whose stated duration runs past that window by more than `LAP_OVERRUN_TOLERANCE_S`, or that
 * starts before the ride, or that states no duration at all, is inconsistent: its figures describe
 * some other span (the Edge 1030 Plus virtual ride states laps of 3,000 s and 3,300 s, overlapping, in a
 * 2,759 s ride, with no values; the truncated Sigma file's one lap has no duration and 4.9 m over a
 * 113 km ride), so every figure is computed again from the 1 Hz streams within the clipped window. A consistent lap
 * keeps the device's figures, less any that contradict each other (`impossibleFigures`), and only the
 * ones it lacks are computed from the streams (a lap with no NP). A lap starting at or after the ride's end is dropped. The per-window
 * figures are the ride summary's own definitions (@vatio/analysis): average and maximum power over
 * recorded seconds, NP (Coggan), heart rate, cadence without zeros, ascent (`elevationGainM`).
 */
export function lapsWithinRide(
  laps: readonly Lap[],
  streams: ActivityStreams,
  rideEndS: number,
  warnings: string[],
): Lap[] {
  const sorted = laps
    .filter((l) => Number.isFinite(l.startTimeS))
    .slice()
    .sort((a, b) => a.startTimeS - b.startTimeS);
  const inside = sorted.filter((l) => Math.max(0, l.startTimeS) < rideEndS - 0.5);
  const dropped = sorted.length - inside.length + (laps.length - sorted.length);
  let recomputed = 0;
  const out = inside.map((lap, i) => {
    const startS = Math.max(0, lap.startTimeS);
    const nextS = i + 1 < inside.length ? Math.max(0, inside[i + 1]!.startTimeS) : rideEndS;
    const stated = positive(lap.elapsedTimeS) ?? positive(lap.timerTimeS);
    const endS = Math.min(nextS, rideEndS, stated === undefined ? Number.POSITIVE_INFINITY : startS + stated);
    const windowS = Math.max(0, endS - startS);
    const inconsistent =
      stated === undefined ||
      lap.startTimeS < -LAP_OVERRUN_TOLERANCE_S ||
      (stated !== undefined && stated > windowS + LAP_OVERRUN_TOLERANCE_S) ||
      (lap.timerTimeS !== undefined &&
        lap.elapsedTimeS !== undefined &&
        lap.timerTimeS > lap.elapsedTimeS + LAP_OVERRUN_TOLERANCE_S);
    // A lap ending with the ride takes every second recorded after it (the last reading stands at the
    // ride's elapsed time, one second beyond the window).
    const measured = measureWindow(
      streams,
      startS,
      endS >= rideEndS ? Math.max(endS, streams.timeS.length) : endS,
    );
    measured.elapsedTimeS = windowS;
    if (measured.timerTimeS !== undefined) measured.timerTimeS = Math.min(measured.timerTimeS, windowS);
    if (inconsistent) {
      recomputed++;
      return { startTimeS: startS, ...measured, ...(lap.trigger ? { trigger: lap.trigger } : {}) };
    }
    // Consistent: the device's figures, its durations trimmed to the window (a rounding second at most).
    const elapsedTimeS = Math.min(lap.elapsedTimeS ?? windowS, windowS);
    const own: Lap = { ...lap, startTimeS: startS, elapsedTimeS };
    if (lap.timerTimeS !== undefined) own.timerTimeS = Math.min(lap.timerTimeS, elapsedTimeS);
    for (const key of impossibleFigures(own)) delete own[key];
    for (const key of Object.keys(measured) as (keyof typeof measured)[]) {
      if (own[key] === undefined || !Number.isFinite(own[key])) own[key] = measured[key];
    }
    return own;
  });
  if (dropped > 0) warnings.push(`${dropped} lap(s) start after the ride ends; left out.`);
  if (recomputed > 0) {
    warnings.push(
      `${recomputed} lap(s) state a duration longer than the ride allows (past its end or over the next lap); clipped, with their figures computed from the recorded seconds.`,
    );
  }
  return out;
}

type Measured = Omit<Lap, 'startTimeS' | 'trigger'>;

/**
 * How far a device's lap NP may stand above its lap maximum and still be its own figure: devices round
 * both and some seed the 30-s window with the seconds before the lap (the Wahoo Bolt fixture's last lap:
 * NP 285 W, maximum 284 W). 5 % keeps those; the o_synce laps are 2 to 5 times their maximum.
 */
const NP_OVER_MAX_TOLERANCE = 0.05;

/**
 * A lap's own figures that cannot both be true, to be measured instead. NP is a fourth-power mean of
 * 30-s rolling averages, each at most the lap's maximum, so NP above the maximum is impossible (the
 * o_synce fixture states an NP of 975 W for a lap whose maximum is 446 W); likewise an average above
 * the maximum. A heart rate of 0 bpm is no heart rate: devices write 0 into laps where no strap was
 * worn (the Coros, Onelap and Zwift fixtures).
 */
function impossibleFigures(lap: Lap): (keyof Measured)[] {
  const out: (keyof Measured)[] = [];
  const max = lap.maxPowerW;
  if (max !== undefined) {
    if (
      lap.normalizedPowerW !== undefined &&
      lap.normalizedPowerW > max * (1 + NP_OVER_MAX_TOLERANCE) + 0.5
    ) {
      out.push('normalizedPowerW');
    }
    if (lap.avgPowerW !== undefined && lap.avgPowerW > max + 0.5) out.push('avgPowerW', 'maxPowerW');
  }
  if (lap.avgHeartRateBpm !== undefined && lap.avgHeartRateBpm <= 0) out.push('avgHeartRateBpm');
  if (lap.maxHeartRateBpm !== undefined && lap.maxHeartRateBpm <= 0) out.push('maxHeartRateBpm');
  return out;
}

/** Every lap figure over the window [startS, endS) of the 1 Hz streams; undefined where not recorded. */
export function measureWindow(streams: ActivityStreams, startS: number, endS: number): Measured {
  const slice = sliceStreams(streams, startS, endS);
  let movingS = 0;
  for (let i = 0; i < slice.gapMask.length; i++) if (slice.gapMask[i] === 0) movingS++;
  const elapsedTimeS = Math.max(0, endS - startS);
  const timerTimeS = Math.min(movingS, elapsedTimeS);
  const distanceM = distanceWithin(slice.distanceM);
  const out: Measured = {
    elapsedTimeS,
    timerTimeS,
    distanceM,
    avgPowerW: averagePowerW(slice),
    maxPowerW: maxPowerW(slice),
    normalizedPowerW: normalizedPowerW(slice),
    avgHeartRateBpm: averageHeartRateBpm(slice),
    maxHeartRateBpm: maxHeartRateBpm(slice),
    avgCadenceRpm: averageCadenceRpm(slice, { includeZeros: false }),
    // Average speed as devices state it for a lap: distance over timer (moving) time.
    avgSpeedMps: distanceM !== undefined && timerTimeS > 0 ? distanceM / timerTimeS : undefined,
    ascentM: elevationGainM(slice),
  };
  for (const key of Object.keys(out) as (keyof Measured)[]) if (out[key] === undefined) delete out[key];
  return out;
}

/** Distance covered within a window of the cumulative distance: last finite reading minus the first. */
function distanceWithin(distance: Float64Array | undefined): number | undefined {
  if (!distance) return undefined;
  let first = Number.NaN;
  let last = Number.NaN;
  for (const d of distance) {
    if (!Number.isFinite(d)) continue;
    if (Number.isNaN(first)) first = d;
    last = d;
  }
  return Number.isNaN(first) ? undefined : Math.max(0, last - first);
}

function positive(v: number | undefined): number | undefined {
  return v !== undefined && Number.isFinite(v) && v > 0 ? v : undefined;
}
