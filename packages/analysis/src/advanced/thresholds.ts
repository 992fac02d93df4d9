import type { ActivityStreams } from '../streams/activity-streams.ts';

/**
 * VT1 and VT2 from power. Seiler's three-zone model puts the first ventilatory threshold (VT1, ~2 mM
 * lactate) and the second (VT2, respiratory compensation, ~4 mM) around the boundaries of his zones
 * 1/2 and 2/3 (Seiler & Kjerland 2006, Scand J Med Sci Sports 16:49–56; Seiler 2010, IJSPP 5:276–291).
 * In power: VT1 ≈ 75 % FTP (the top of Coggan's level 2) and VT2 ≈ 100 % FTP (FTP is the power held
 * near the maximal lactate steady state; Allen & Coggan 2010). Without gas exchange these are
 * population fractions, and Vatio says so (`method`).
 */
export const VT1_FTP_FRACTION = 0.75;
export const VT2_FTP_FRACTION = 1.0;

/** A steady stretch: 5 min of recorded riding whose 1-min means stay within ±7.5 % of its mean. */
export const STEADY_SEGMENT_S = 300;
const STEADY_TOLERANCE = 0.075;
/** Heart rate lags power by 1–2 min: only the segment's last 3 minutes count for its heart rate. */
const HR_SETTLED_FROM_S = 120;

export interface SteadySegment {
  readonly powerW: number;
  readonly heartRateBpm: number;
}

/** Non-overlapping 5-min steady stretches with power and heart rate, back to back along the ride. */
export function steadySegments(
  streams: Pick<ActivityStreams, 'powerW' | 'heartRateBpm' | 'gapMask'>,
): SteadySegment[] {
  const power = streams.powerW;
  const hr = streams.heartRateBpm;
  if (!power || !hr) return [];
  const out: SteadySegment[] = [];
  for (let start = 0; start + STEADY_SEGMENT_S <= power.length; start += STEADY_SEGMENT_S) {
    let ok = true;
    let sumP = 0;
    let sumHr = 0;
    let nHr = 0;
    const minutes: number[] = [];
    let minuteSum = 0;
    for (let k = 0; k < STEADY_SEGMENT_S && ok; k++) {
      const i = start + k;
      const p = power[i]!;
      if (streams.gapMask[i] !== 0 || !Number.isFinite(p)) ok = false;
      sumP += p;
      minuteSum += p;
      if ((k + 1) % 60 === 0) {
        minutes.push(minuteSum / 60);
        minuteSum = 0;
      }
      const h = hr[i]!;
      if (k >= HR_SETTLED_FROM_S && h > 0) {
        sumHr += h;
        nHr++;
      }
    }
    if (!ok || nHr < 120) continue;
    const mean = sumP / STEADY_SEGMENT_S;
    if (!(mean > 0) || minutes.some((m) => Math.abs(m - mean) > STEADY_TOLERANCE * mean)) continue;
    out.push({ powerW: mean, heartRateBpm: sumHr / nHr });
  }
  return out;
}

/** Least-squares line heart rate = a + b · power over the steady segments, with its r². */
export function powerHeartRateLine(
  segments: readonly SteadySegment[],
): { interceptBpm: number; slopeBpmPerW: number; r2: number; n: number } | undefined {
  const n = segments.length;
  if (n < 2) return undefined;
  const mx = segments.reduce((a, s) => a + s.powerW, 0) / n;
  const my = segments.reduce((a, s) => a + s.heartRateBpm, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const s of segments) {
    sxx += (s.powerW - mx) ** 2;
    sxy += (s.powerW - mx) * (s.heartRateBpm - my);
    syy += (s.heartRateBpm - my) ** 2;
  }
  if (!(sxx > 0)) return undefined;
  const slope = sxy / sxx;
  const r2 = syy > 0 ? (sxy * sxy) / (sxx * syy) : 0;
  return { interceptBpm: my - slope * mx, slopeBpmPerW: slope, r2, n };
}

/** At least 8 segments from below VT1 to near VT2 and r² ≥ 0.6 before the line gives heart rates. */
export const MIN_STEADY_SEGMENTS = 8;
export const MIN_LINE_R2 = 0.6;

export interface VentilatoryThresholds {
  readonly vt1: { readonly powerW: number; readonly heartRateBpm: number | undefined };
  readonly vt2: { readonly powerW: number; readonly heartRateBpm: number | undefined };
  /** `power_hr_line`: heart rates read off the rider's own line; `ftp_fraction`: powers only. */
  readonly method: 'power_hr_line' | 'ftp_fraction';
  readonly confidence: 'low' | 'medium';
  readonly segments: number;
  readonly r2: number | undefined;
}

/**
 * VT1/VT2 power as the published fractions of FTP; their heart rates from the rider's own
 * power–heart-rate line over steady segments when that line is good (≥ 8 segments spanning 60 % to
 * 90 % of FTP, r² ≥ 0.6), else none. The heart-rate deflection point (Conconi 1982) is not used: it
 * appears in under half of riders and misplaces the threshold when it does (Jeukendrup et al. 1997,
 * Sports Med 23:2).
 */
export function ventilatoryThresholds(
  ftpW: number,
  segments: readonly SteadySegment[],
): VentilatoryThresholds | undefined {
  if (!(ftpW > 0)) return undefined;
  const vt1W = VT1_FTP_FRACTION * ftpW;
  const vt2W = VT2_FTP_FRACTION * ftpW;
  const line = powerHeartRateLine(segments);
  const spans = segments.some((s) => s.powerW <= 0.6 * ftpW) && segments.some((s) => s.powerW >= 0.9 * ftpW);
  const usable =
    line !== undefined &&
    line.n >= MIN_STEADY_SEGMENTS &&
    line.r2 >= MIN_LINE_R2 &&
    line.slopeBpmPerW > 0 &&
    spans;
  const hrAt = (w: number) => (usable ? line.interceptBpm + line.slopeBpmPerW * w : undefined);
  return {
    vt1: { powerW: vt1W, heartRateBpm: hrAt(vt1W) },
    vt2: { powerW: vt2W, heartRateBpm: hrAt(vt2W) },
    method: usable ? 'power_hr_line' : 'ftp_fraction',
    confidence: usable && line.r2 >= 0.8 ? 'medium' : 'low',
    segments: segments.length,
    r2: line?.r2,
  };
}
