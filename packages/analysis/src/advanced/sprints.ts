import type { ActivityStreams } from '../streams/activity-streams.ts';

/**
 * Sprints: runs of at least 5 s above 150 % of FTP that reach at least 200 % (Coggan level 7,
 * neuromuscular power, starts at 150 % FTP; Allen & Coggan 2010). In each: peak acceleration from
 * the speed channel (change over one second, after a 3-s centred mean against GPS jitter) and peak
 * crank torque τ = P / ω, ω = 2π·cadence/60 (ANT+ Bicycle Power profile), over seconds pedalled
 * above 30 rpm.
 */
export const SPRINT_ENTRY_FTP = 1.5;
export const SPRINT_PEAK_FTP = 2;
export const SPRINT_MIN_S = 5;
const MIN_CADENCE_RPM = 30;

export interface Sprint {
  readonly startS: number;
  readonly durationS: number;
  readonly peakPowerW: number;
  readonly peakAccelerationMps2: number | undefined;
  readonly peakTorqueNm: number | undefined;
}

export function detectSprints(
  streams: Pick<ActivityStreams, 'powerW' | 'speedMps' | 'cadenceRpm' | 'gapMask'>,
  ftpW: number,
): Sprint[] {
  const power = streams.powerW;
  if (!power || !(ftpW > 0)) return [];
  const out: Sprint[] = [];
  const n = power.length;
  let i = 0;
  while (i < n) {
    if (!(streams.gapMask[i] === 0 && power[i]! >= SPRINT_ENTRY_FTP * ftpW)) {
      i++;
      continue;
    }
    let j = i;
    let peak = 0;
    while (j < n && streams.gapMask[j] === 0 && power[j]! >= SPRINT_ENTRY_FTP * ftpW) {
      peak = Math.max(peak, power[j]!);
      j++;
    }
    if (j - i >= SPRINT_MIN_S && peak >= SPRINT_PEAK_FTP * ftpW) {
      out.push({
        startS: i,
        durationS: j - i,
        peakPowerW: peak,
        peakAccelerationMps2: peakAcceleration(streams.speedMps, i, j),
        peakTorqueNm: peakTorque(power, streams.cadenceRpm, i, j),
      });
    }
    i = j;
  }
  return out;
}

function smoothSpeed(speed: Float64Array, i: number): number {
  const a = speed[i - 1];
  const b = speed[i];
  const c = speed[i + 1];
  if (a === undefined || b === undefined || c === undefined) return Number.NaN;
  return (a + b + c) / 3;
}

function peakAcceleration(speed: Float64Array | undefined, from: number, to: number): number | undefined {
  if (!speed) return undefined;
  let best: number | undefined;
  // The sprint's first second is usually where the jump starts: look from one second before it.
  for (let i = Math.max(1, from); i < to; i++) {
    const a = smoothSpeed(speed, i) - smoothSpeed(speed, i - 1);
    if (Number.isFinite(a) && (best === undefined || a > best)) best = a;
  }
  return best;
}

function peakTorque(
  power: Float64Array,
  cadence: Float64Array | undefined,
  from: number,
  to: number,
): number | undefined {
  if (!cadence) return undefined;
  let best: number | undefined;
  for (let i = from; i < to; i++) {
    const rpm = cadence[i]!;
    if (!(rpm >= MIN_CADENCE_RPM)) continue;
    const torque = power[i]! / ((2 * Math.PI * rpm) / 60);
    if (best === undefined || torque > best) best = torque;
  }
  return best;
}

/**
 * Hard efforts for repeatability: runs of at least 60 s whose 30-s mean power stays above FTP
 * (above threshold: Coggan levels 5 and up), each with its mean power. Riders call these
 * "intervals" or "attacks".
 */
export const HARD_EFFORT_MIN_S = 60;

export function hardEfforts(
  streams: Pick<ActivityStreams, 'powerW' | 'gapMask'>,
  ftpW: number,
): Array<{ startS: number; durationS: number; averagePowerW: number }> {
  const power = streams.powerW;
  if (!power || !(ftpW > 0)) return [];
  const n = power.length;
  // Trailing 30-s mean; a gap restarts it.
  const rolling = new Float64Array(n).fill(Number.NaN);
  let sum = 0;
  let run = 0;
  for (let i = 0; i < n; i++) {
    const p = power[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(p)) {
      sum = 0;
      run = 0;
      continue;
    }
    sum += p;
    run++;
    if (run > 30) sum -= power[i - 30]!;
    if (run >= 30) rolling[i] = sum / 30;
  }
  const out: Array<{ startS: number; durationS: number; averagePowerW: number }> = [];
  let i = 0;
  while (i < n) {
    if (!(rolling[i]! > ftpW)) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && rolling[j]! > ftpW) j++;
    // The rolling mean lags: the effort began up to 29 s before its window first exceeded FTP.
    const start = Math.max(0, i - 29);
    if (j - start >= HARD_EFFORT_MIN_S) {
      let total = 0;
      for (let k = start; k < j; k++) total += power[k]!;
      out.push({ startS: start, durationS: j - start, averagePowerW: total / (j - start) });
    }
    i = j;
  }
  return out;
}

/**
 * Repeatability of a ride's hard efforts: the mean of efforts 2…n over the first, %, and their
 * coefficient of variation (SD / mean, %). Needs three efforts. A repeated-sprint style
 * "decrement" (Glaister 2008, Sports Med 38:1–19: fatigue as the fall from the best effort) applied
 * to the efforts a rider chose on the road.
 */
export function repeatability(
  powersW: readonly number[],
): { indexPct: number; cvPct: number; efforts: number } | undefined {
  if (powersW.length < 3) return undefined;
  const first = powersW[0]!;
  const rest = powersW.slice(1);
  const restMean = rest.reduce((a, b) => a + b, 0) / rest.length;
  const mean = powersW.reduce((a, b) => a + b, 0) / powersW.length;
  const sd = Math.sqrt(powersW.reduce((a, b) => a + (b - mean) ** 2, 0) / powersW.length);
  if (!(first > 0 && mean > 0)) return undefined;
  return { indexPct: (100 * restMean) / first, cvPct: (100 * sd) / mean, efforts: powersW.length };
}
