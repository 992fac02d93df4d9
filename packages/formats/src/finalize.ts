import type { Activity, ActivityStreams, ChannelName } from './activity.ts';
import { MAX_SPAN_S } from './timeline/resample.ts';

/**
 * A power or cadence channel that reads 0 for the whole ride means no sensor was paired (the Sigma
 * fixture writes 4 h 40 of zeros): keeping it would give an NP of 0 W, so it is treated as absent.
 */
export function dropAllZeroChannels(streams: ActivityStreams, warnings: string[]): void {
  for (const name of ['powerW', 'cadenceRpm'] as const) {
    const values = streams[name];
    if (!values) continue;
    let nonZero = false;
    for (const v of values) {
      if (Number.isFinite(v) && v !== 0) {
        nonZero = true;
        break;
      }
    }
    if (!nonZero) {
      delete streams[name];
      warnings.push(`${name} is 0 for the whole activity (no sensor paired); treated as absent.`);
    }
  }
}

/**
 * Highest 1-second power kept, in watts. World-class track sprinters produce about 1,600 W of maximal
 * power on an ergometer (Dorel et al. 2005, Int J Sports Med 26:739) and the strongest field sprints
 * peak around 2,000–2,500 W for a second; 3,000 W leaves a wide margin. Anything above is a sensor or
 * transmission fault (the o_synce fixture records 21,733 W for 4 s while its own session maximum is
 * 446 W).
 */
export const MAX_PLAUSIBLE_POWER_W = 3000;

/**
 * Power above `MAX_PLAUSIBLE_POWER_W` becomes "no value" (NaN), never a clamp: a spike left in place
 * sets the ride's maximum and the 1-s best of every curve it is merged into, and adds its watts to work
 * and average power. The second stays recorded (not a gap), so moving time is unchanged.
 */
export function dropImpossiblePower(streams: ActivityStreams, warnings: string[]): void {
  const power = streams.powerW;
  if (!power) return;
  const spikes = dropAbove(power, MAX_PLAUSIBLE_POWER_W);
  if (spikes.length > 0) {
    let highest = 0;
    for (const v of spikes) highest = Math.max(highest, v);
    warnings.push(
      `${spikes.length} s of power above ${MAX_PLAUSIBLE_POWER_W} W (up to ${Math.round(highest)} W) are sensor spikes; left out.`,
    );
  }
}

/**
 * Values above `limit` become NaN; returns them, in order. A loop alone in its function, returning as
 * soon as it ends: see `ridePass` (@vatio/analysis, metrics/ride-pass.ts) on why code after a long loop
 * costs so much on Node 20.
 */
function dropAbove(values: Float64Array, limit: number): number[] {
  const dropped: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v > limit) {
      dropped.push(v);
      values[i] = Number.NaN;
    }
  }
  return dropped;
}

/**
 * The physically possible range of each channel; a value outside it (or ±Infinity) is a corrupt
 * file or a broken sensor, not riding. Wide on purpose: only impossible values go, never a real
 * extreme. Issue 16: a GPX with power −1e308 decoded, then failed every database insert of its
 * summary and ended as a generic server error.
 */
export const CHANNEL_BOUNDS: Readonly<
  Record<Exclude<ChannelName, 'latDeg' | 'lngDeg'>, readonly [number, number]>
> = {
  // Power is never negative at the crank; the top is MAX_PLAUSIBLE_POWER_W (above, with its sources).
  powerW: [0, MAX_PLAUSIBLE_POWER_W],
  // FIT stores heart rate as uint8 (0–254 valid); the highest rates recorded in people are ~300 bpm
  // (tachyarrhythmias), so 300 keeps every real reading.
  heartRateBpm: [0, 300],
  // FIT cadence is uint8 too; spin-bike records are about 250 rpm.
  cadenceRpm: [0, 300],
  // The paced bicycle speed record is 296 km/h = 82 m/s (Mueller-Korenek, 2018): 100 m/s is beyond it.
  speedMps: [0, 100],
  // Cumulative distance: FIT's uint32 in cm ends at 42,950 km; no single ride is longer.
  distanceM: [0, 42_950_000],
  // The Dead Sea shore is at −430 m (FIT's altitude offset is −500 m); Everest 8,849 m, 9,000 kept.
  altitudeM: [-500, 9000],
  // The coldest (−89 °C, Vostok) and hottest (56.7 °C) air ever measured, with room for a device
  // warmed in the sun: −90 to 80 °C.
  temperatureC: [-90, 80],
  leftRightBalancePct: [0, 100],
  torqueEffectivenessPct: [0, 100],
  torqueEffectivenessLeftPct: [0, 100],
  torqueEffectivenessRightPct: [0, 100],
  pedalSmoothnessPct: [0, 100],
  pedalSmoothnessLeftPct: [0, 100],
  pedalSmoothnessRightPct: [0, 100],
  // Platform centre offset: FIT sint8 in mm. The whole type's range: real Vector records (the Edge
  // 1030 Plus fixture) hold a few seconds at 122 mm among readings of a few mm, so no narrower bound
  // separates a corrupt file from a pedal's own transient; the time mean barely moves (3 s in 3,900).
  platformCentreOffsetLeftMm: [-128, 127],
  platformCentreOffsetRightMm: [-128, 127],
  // Power phase angles: FIT uint8 × (360/256)°, a crank angle measured clockwise from top dead centre.
  powerPhaseStartLeftDeg: [0, 360],
  powerPhaseEndLeftDeg: [0, 360],
  powerPhasePeakStartLeftDeg: [0, 360],
  powerPhasePeakEndLeftDeg: [0, 360],
  powerPhaseStartRightDeg: [0, 360],
  powerPhaseEndRightDeg: [0, 360],
  powerPhasePeakStartRightDeg: [0, 360],
  powerPhasePeakEndRightDeg: [0, 360],
};

/** Positions: outside ±90° / ±180° a coordinate names no place on Earth. */
const POSITION_BOUNDS = { latDeg: [-90, 90], lngDeg: [-180, 180] } as const;

/**
 * Values outside their channel's physical range become "no value" (NaN), one warning per channel.
 * Shared by every decoder (FIT, TCX, GPX) after resampling, so no impossible number reaches the
 * analysis or the database. Runs after `dropImpossiblePower` and `dropAltitudeSpikes`, whose own
 * warnings explain the common sensor faults.
 */
export function dropOutOfRange(streams: ActivityStreams, warnings: string[]): void {
  const bounds = { ...CHANNEL_BOUNDS, ...POSITION_BOUNDS } as Record<ChannelName, readonly [number, number]>;
  for (const name of Object.keys(bounds) as ChannelName[]) {
    const values = streams[name];
    if (!values) continue;
    const [min, max] = bounds[name];
    const dropped = dropOutside(values, min, max);
    if (dropped.count > 0) {
      warnings.push(
        `${dropped.count} s of ${name} outside ${min}…${max} (e.g. ${dropped.example}) are impossible values; left out.`,
      );
    }
  }
}

/** Values outside [min, max], or infinite, become NaN; returns how many and the first of them. */
function dropOutside(values: Float64Array, min: number, max: number): { count: number; example: number } {
  let count = 0;
  let example = Number.NaN;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    // NaN fails both comparisons and stays as it is.
    if (v < min || v > max) {
      if (count === 0) example = v;
      count++;
      values[i] = Number.NaN;
    }
  }
  return { count, example };
}

/** Half-width of the window an altitude sample is compared with, s. */
const ALTITUDE_WINDOW_S = 15;
/**
 * How far an altitude sample may stand from the median of its ±15 s neighbours, m. Riding down a
 * 10 % slope at 72 km/h drops 2 m/s, so a real profile stays within ~30 m of that median; barometric
 * glitches do not (the Edge 1040 fixture jumps from 1,085 m to 12,136 m and back within 3 s).
 */
export const ALTITUDE_SPIKE_M = 50;

/**
 * Altitude spikes become "no value" (NaN): left in place they add kilometres of phantom climbing to
 * the ride's elevation gain and break climb detection. Kept seconds stay recorded.
 */
export function dropAltitudeSpikes(streams: ActivityStreams, warnings: string[]): void {
  const altitude = streams.altitudeM;
  if (!altitude) return;
  const flagged = altitudeSpikes(altitude);
  for (const i of flagged) altitude[i] = Number.NaN;
  flagged.push(...dropDisplacedRuns(altitude));
  if (flagged.length > 0) {
    warnings.push(
      `${flagged.length} s of altitude more than ${ALTITUDE_SPIKE_M} m off the surrounding profile are glitches; left out.`,
    );
  }
}

/** Indices of the altitude samples farther than ALTITUDE_SPIKE_M from their window's median, in order. */
export function altitudeSpikes(altitude: Float64Array): number[] {
  const n = altitude.length;
  const flagged: number[] = [];
  const window: number[] = [];
  // The rule: a sample is a spike when it stands more than ALTITUDE_SPIKE_M from the median of the
  // finite values within ±ALTITUDE_WINDOW_S. The median is one of the window's values: when all of them
  // lie within the tolerance of this sample, so does the median, and no sort is needed (almost every
  // second of a real ride). That is checked on wider ranges first, which can only say "all within":
  // the blocks of ALTITUDE_BLOCK_S around a sample's block cover its window.
  const blocks = Math.ceil(n / ALTITUDE_BLOCK_S);
  const blockMax = new Float64Array(blocks).fill(Number.NEGATIVE_INFINITY);
  const blockMin = new Float64Array(blocks).fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i < n; i++) {
    const v = altitude[i]!;
    if (!Number.isFinite(v)) continue;
    const b = (i / ALTITUDE_BLOCK_S) | 0;
    if (v > blockMax[b]!) blockMax[b] = v;
    if (v < blockMin[b]!) blockMin[b] = v;
  }
  for (let b = 0; b < blocks; b++) {
    const first = Math.max(0, b - 1);
    const last = Math.min(blocks - 1, b + 1);
    const max = Math.max(blockMax[first]!, blockMax[b]!, blockMax[last]!);
    const min = Math.min(blockMin[first]!, blockMin[b]!, blockMin[last]!);
    // Every finite sample of the block lies in [min, max]: all of them pass when that span does.
    if (max - min <= ALTITUDE_SPIKE_M) continue;
    const end = Math.min(n, (b + 1) * ALTITUDE_BLOCK_S);
    for (let i = b * ALTITUDE_BLOCK_S; i < end; i++) {
      const v = altitude[i]!;
      if (!Number.isFinite(v)) continue;
      if (max - v <= ALTITUDE_SPIKE_M && v - min <= ALTITUDE_SPIKE_M) continue;
      const from = Math.max(0, i - ALTITUDE_WINDOW_S);
      const to = Math.min(n - 1, i + ALTITUDE_WINDOW_S);
      window.length = 0;
      let high = v;
      let low = v;
      for (let j = from; j <= to; j++) {
        const w = altitude[j]!;
        if (!Number.isFinite(w)) continue;
        window.push(w);
        if (w > high) high = w;
        if (w < low) low = w;
      }
      // The window itself within the tolerance: no sort (as above).
      if (high - v <= ALTITUDE_SPIKE_M && v - low <= ALTITUDE_SPIKE_M) continue;
      window.sort((a, c) => a - c);
      const median = window[Math.floor(window.length / 2)]!;
      if (Math.abs(v - median) > ALTITUDE_SPIKE_M) flagged.push(i);
    }
  }
  return flagged;
}

/**
 * Width of the blocks the spike check looks at first, s: a sample's window (±ALTITUDE_WINDOW_S) lies
 * within its own block and the two next to it.
 */
const ALTITUDE_BLOCK_S = ALTITUDE_WINDOW_S + 1;

/** A change between consecutive readings larger than this is a jump, not riding, m/s. */
const ALTITUDE_JUMP_M = 30;
/** The longest displaced run treated as a glitch, s; longer ones are left for a person to judge. */
const MAX_GLITCH_RUN_S = 180;

/**
 * Runs too long for the median window: the profile jumps away and back (the Edge 1040 fixture sits
 * at 9,922 m for over 20 s between readings of 1,109 m). A run bounded by jumps on both sides, shorter
 * than three minutes, whose neighbours before and after agree with each other within the spike
 * tolerance while the run does not, is dropped. Returns the indices dropped.
 */
function dropDisplacedRuns(altitude: Float64Array): number[] {
  const finite = new Int32Array(altitude.length);
  let count = 0;
  for (let i = 0; i < altitude.length; i++) if (Number.isFinite(altitude[i]!)) finite[count++] = i;
  const jumps: number[] = []; // positions k in `finite` where a new run starts
  for (let k = 1; k < count; k++) {
    if (Math.abs(altitude[finite[k]!]! - altitude[finite[k - 1]!]!) > ALTITUDE_JUMP_M) jumps.push(k);
  }
  const dropped: number[] = [];
  for (let j = 0; j + 1 < jumps.length; j++) {
    const from = jumps[j]!;
    const to = jumps[j + 1]!; // the run is finite[from .. to-1]
    const startI = finite[from]!;
    const endI = finite[to - 1]!;
    if (endI - startI + 1 > MAX_GLITCH_RUN_S) continue;
    const before = altitude[finite[from - 1]!]!;
    const after = altitude[finite[to]!]!;
    const inside = altitude[startI]!;
    if (Math.abs(before - after) <= ALTITUDE_SPIKE_M && Math.abs(inside - before) > ALTITUDE_SPIKE_M) {
      for (let k = from; k < to; k++) {
        altitude[finite[k]!] = Number.NaN;
        dropped.push(finite[k]!);
      }
      j++; // the closing jump is consumed with this run
    }
  }
  return dropped;
}

const CYCLING_NAME = /bike|biker|biking|cycl|velo|edge|wahoo|elemnt|karoo|zwift|rouvy|trainerroad/i;

/**
 * Sport when the file does not name one: power or pedal data is only recorded on a bike, and cycling
 * computers and apps name themselves. Otherwise 'unknown' rather than a guess.
 */
export function inferSport(
  streams: ActivityStreams,
  deviceNames: ReadonlyArray<string | undefined>,
): Pick<Activity, 'sport' | 'sportSource'> {
  if (streams.powerW || streams.leftRightBalancePct || streams.torqueEffectivenessPct) {
    return { sport: 'cycling', sportSource: 'inferred' };
  }
  if (deviceNames.some((n) => n !== undefined && CYCLING_NAME.test(n))) {
    return { sport: 'cycling', sportSource: 'inferred' };
  }
  return { sport: 'unknown', sportSource: 'unknown' };
}

/**
 * A device's elapsed or timer time when it can be this ride's: finite, from 0 to a week (MAX_SPAN_S, the
 * longest timeline a file gets). A damaged session or lap can state 87 years, which is no ride's and
 * does not even fit the rides table's integer seconds; the decoders then measure the ride's own.
 */
export function plausibleDurationS(seconds: number | undefined): number | undefined {
  return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 && seconds <= MAX_SPAN_S
    ? seconds
    : undefined;
}

/** Span of the timeline in seconds (time of the last second that has data). */
export function dataSpanS(streams: ActivityStreams): number {
  return Math.max(0, streams.timeS.length - 1);
}
