import { type HeartStreams, isHeartRate } from './heart-rate-summary.ts';

export interface HeartRateZone {
  /** Stable id, never translated: `z1` … `z5`. */
  readonly id: string;
  readonly zone: number;
  /** i18n key of the zone's name. */
  readonly nameKey: string;
  /** Lowest bpm of the zone, inclusive (ZONE_BOUNDARY_RULE in power/zones.ts: one rule for every zone). */
  readonly minBpm: number;
  /** Upper bound of the zone, exclusive: that bpm belongs to the next zone; Infinity for the top zone. */
  readonly maxBpm: number;
}

const NAME_KEYS = [
  'zones.heart.recovery',
  'zones.heart.endurance',
  'zones.heart.tempo',
  'zones.heart.threshold',
  'zones.heart.vo2max',
] as const;

/** Five zones from four bounds in bpm; a value on a bound belongs to the upper zone (ZONE_BOUNDARY_RULE). */
function zonesFromUpperBpm(upperBpm: readonly number[]): HeartRateZone[] {
  const bounds = [0, ...upperBpm, Number.POSITIVE_INFINITY];
  return NAME_KEYS.map((nameKey, k) => ({
    id: `z${k + 1}`,
    zone: k + 1,
    nameKey,
    minBpm: bounds[k]!,
    maxBpm: bounds[k + 1]!,
  }));
}

/** Upper bounds of the spec's heart-rate zones, in % (spec 000 §9: Z1 under 68 … Z5 over 105). */
export const HEART_RATE_ZONE_UPPER_PCT = [68, 83, 94, 105] as const;

/**
 * The spec's default: five zones in % of maximum heart rate, 68/83/94/105.
 * Note: these are Coggan's bounds in % of *LTHR* (GoldenCheetah `HrZones.cpp`); applied to maximum
 * heart rate, as the spec asks, zone 5 (> 105 % of max) cannot be reached and zone 4 holds every
 * hard effort. Kept because the spec makes it the default; `hrZonesPercentOfLthr` is the accepted form.
 */
export function hrZonesPercentOfMax(input: { maxHrBpm: number }): HeartRateZone[] {
  if (!(input.maxHrBpm > 0)) throw new RangeError('maxHrBpm must be positive');
  return zonesFromUpperBpm(HEART_RATE_ZONE_UPPER_PCT.map((pct) => (pct * input.maxHrBpm) / 100));
}

/** Coggan heart-rate zones in % of lactate-threshold heart rate: 68/83/94/105 (Allen & Coggan). */
export function hrZonesPercentOfLthr(input: { lthrBpm: number }): HeartRateZone[] {
  if (!(input.lthrBpm > 0)) throw new RangeError('lthrBpm must be positive');
  return zonesFromUpperBpm(HEART_RATE_ZONE_UPPER_PCT.map((pct) => (pct * input.lthrBpm) / 100));
}

/** Upper bounds of the heart-rate-reserve zones, in % of reserve. */
export const HEART_RATE_RESERVE_ZONE_UPPER_PCT = [60, 70, 80, 90] as const;

/**
 * Zones on heart-rate reserve (Karvonen, Kentala & Mustala 1957): bpm = rest + pct·(max − rest),
 * split at 60/70/80/90 % of reserve, the usual five-zone split (used by Dreeve).
 */
export function hrZonesHeartRateReserve(input: { restingHrBpm: number; maxHrBpm: number }): HeartRateZone[] {
  const { restingHrBpm, maxHrBpm } = input;
  if (!(restingHrBpm > 0 && maxHrBpm > restingHrBpm))
    throw new RangeError('need 0 < restingHrBpm < maxHrBpm');
  return zonesFromUpperBpm(
    HEART_RATE_RESERVE_ZONE_UPPER_PCT.map((pct) => restingHrBpm + (pct * (maxHrBpm - restingHrBpm)) / 100),
  );
}

/**
 * Zone index of a heart rate: the first zone whose upper bound is above it, so a heart rate on a
 * boundary belongs to the upper zone (ZONE_BOUNDARY_RULE, the same as power zones).
 */
export function heartRateZoneIndexOf(zones: readonly HeartRateZone[], bpm: number): number {
  for (let k = 0; k < zones.length; k++) if (bpm < zones[k]!.maxBpm) return k;
  return zones.length - 1;
}

/** Seconds spent in each zone over the recorded seconds with a heart-rate reading. */
export function timeInHeartRateZonesS(
  streams: HeartStreams,
  zones: readonly HeartRateZone[],
): number[] | undefined {
  const hr = streams.heartRateBpm;
  if (hr === undefined || zones.length === 0) return undefined;
  const seconds = new Array<number>(zones.length).fill(0);
  for (let i = 0; i < hr.length; i++) {
    const v = hr[i]!;
    if (streams.gapMask[i] !== 0 || !isHeartRate(v)) continue;
    const k = heartRateZoneIndexOf(zones, v);
    seconds[k] = seconds[k]! + 1;
  }
  return seconds;
}
