import type { ActivityStreams } from '@vatio/analysis';

/** At most this many points per series: enough for a chart as wide as a screen, small as JSON. */
export const MAX_SERIES_POINTS = 600;

export interface CompareSeries {
  time_s: number[];
  distance_m: (number | null)[];
  power_w: (number | null)[];
  heart_rate_bpm: (number | null)[];
  speed_mps: (number | null)[];
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

class Mean {
  sum = 0;
  n = 0;
  add(v: number | undefined) {
    if (v !== undefined && Number.isFinite(v)) {
      this.sum += v;
      this.n++;
    }
  }
  value(digits: number): number | null {
    return this.n === 0 ? null : round(this.sum / this.n, digits);
  }
}

/**
 * A ride's power, heart rate and speed averaged into buckets for overlaying two rides: the bucket of
 * each recorded second is `bucketOf(i)` (paused seconds and sensor gaps count nowhere, never as zero).
 */
function bucketed(s: ActivityStreams, buckets: number, bucketOf: (i: number) => number): CompareSeries {
  const make = () => Array.from({ length: buckets }, () => new Mean());
  const time = make();
  const distance = make();
  const power = make();
  const hr = make();
  const speed = make();
  for (let i = 0; i < s.timeS.length; i++) {
    if (s.gapMask[i]) continue;
    const b = bucketOf(i);
    if (b < 0 || b >= buckets) continue;
    time[b]!.add(s.timeS[i]);
    distance[b]!.add(s.distanceM?.[i]);
    power[b]!.add(s.powerW?.[i]);
    hr[b]!.add(s.heartRateBpm?.[i]);
    speed[b]!.add(s.speedMps?.[i]);
  }
  const out: CompareSeries = { time_s: [], distance_m: [], power_w: [], heart_rate_bpm: [], speed_mps: [] };
  for (let b = 0; b < buckets; b++) {
    const t = time[b]!.value(0);
    if (t === null) continue; // a bucket wholly paused
    out.time_s.push(t);
    out.distance_m.push(distance[b]!.value(0));
    out.power_w.push(power[b]!.value(0));
    out.heart_rate_bpm.push(hr[b]!.value(0));
    out.speed_mps.push(speed[b]!.value(2));
  }
  return out;
}

/** Equal-time buckets over the whole ride (seconds from its start). */
export function seriesByTime(s: ActivityStreams, maxPoints = MAX_SERIES_POINTS): CompareSeries {
  const n = s.timeS.length;
  const width = Math.max(1, Math.ceil(n / maxPoints));
  return bucketed(s, Math.ceil(n / width), (i) => Math.floor(i / width));
}

/** Equal-distance buckets over the ride's recorded distance; empty without a distance channel. */
export function seriesByDistance(s: ActivityStreams, maxPoints = MAX_SERIES_POINTS): CompareSeries {
  const d = s.distanceM;
  let total = 0;
  if (d)
    for (let i = 0; i < d.length; i++)
      if (!s.gapMask[i] && Number.isFinite(d[i]!)) total = Math.max(total, d[i]!);
  if (!d || total <= 0) return { time_s: [], distance_m: [], power_w: [], heart_rate_bpm: [], speed_mps: [] };
  const stepM = total / maxPoints;
  return bucketed(s, maxPoints, (i) => {
    const v = d[i]!;
    return Number.isFinite(v) ? Math.min(maxPoints - 1, Math.floor(v / stepM)) : -1;
  });
}
