import type { PowerStreams } from './power-summary.ts';

/**
 * One zone of a zone model, in watts: `minW ≤ P < maxW` (ZONE_BOUNDARY_RULE). `maxW` is Infinity for the
 * open top zone.
 */
export interface PowerZone {
  /** Stable id, never translated: `z1` … `z7`. */
  readonly id: string;
  /** 1-based zone number as the spec shows it. */
  readonly zone: number;
  /** i18n key of the zone's name; the words live in the web app's locales. */
  readonly nameKey: string;
  readonly minW: number;
  readonly maxW: number;
}

/**
 * The one rule for every zone boundary in Vatio (power and heart rate): a zone holds its lower bound
 * and not its upper one, so a value exactly on a boundary belongs to the upper zone (55 % of FTP is Z2,
 * 75 % is Z3; 68 % of LTHR is heart-rate Z2). It is GoldenCheetah's rule (`Zones::whichZone`:
 * `value >= lo && value < hi`, "the end of range is actually in the next zone"), and the spec's
 * "Z1 under 55".
 */
export const ZONE_BOUNDARY_RULE = 'lower-inclusive' as const;

/**
 * Coggan's seven power levels in % of FTP, split at 55/75/90/105/120/150 (ZONE_BOUNDARY_RULE at each).
 * Source: Allen & Coggan, *Training and Racing with a Power Meter*; GoldenCheetah `Zones.cpp`
 * uses the same boundaries (of CP by default).
 */
export const COGGAN_POWER_ZONE_UPPER_PCT = [55, 75, 90, 105, 120, 150] as const;

const COGGAN_NAME_KEYS = [
  'zones.power.activeRecovery',
  'zones.power.endurance',
  'zones.power.tempo',
  'zones.power.lactateThreshold',
  'zones.power.vo2max',
  'zones.power.anaerobicCapacity',
  'zones.power.neuromuscular',
] as const;

/** The seven Coggan zones in watts for a given FTP. */
export function cogganPowerZones(input: { ftpW: number }): PowerZone[] {
  const { ftpW } = input;
  if (!(ftpW > 0)) throw new RangeError('ftpW must be positive');
  const bounds = [
    0,
    ...COGGAN_POWER_ZONE_UPPER_PCT.map((pct) => (pct * ftpW) / 100),
    Number.POSITIVE_INFINITY,
  ];
  return COGGAN_NAME_KEYS.map((nameKey, k) => ({
    id: `z${k + 1}`,
    zone: k + 1,
    nameKey,
    minW: bounds[k]!,
    maxW: bounds[k + 1]!,
  }));
}

/**
 * Index of the zone that `powerW` falls in: the first zone whose upper bound is above the value, so a
 * value on a boundary belongs to the upper zone (ZONE_BOUNDARY_RULE). -1 without zones.
 */
export function zoneIndexOf(zones: readonly PowerZone[], powerW: number): number {
  if (zones.length === 0) return -1;
  for (let k = 0; k < zones.length; k++) if (powerW < zones[k]!.maxW) return k;
  return zones.length - 1;
}

/** Seconds spent in each zone over the recorded seconds with a power value (gaps excluded). */
export function timeInPowerZonesS(streams: PowerStreams, zones: readonly PowerZone[]): number[] | undefined {
  const power = streams.powerW;
  if (power === undefined || zones.length === 0) return undefined;
  const seconds = new Array<number>(zones.length).fill(0);
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(p)) continue;
    const k = zoneIndexOf(zones, p);
    seconds[k] = seconds[k]! + 1;
  }
  return seconds;
}

/** A user-defined power band, e.g. sweet spot; bands may overlap zones and each other. */
export interface PowerBand {
  readonly id: string;
  readonly minW: number;
  readonly maxW: number;
}

/**
 * Sweet spot as TrainerRoad defines it: 88–94 % of FTP (users ask for it; Sauce #102).
 * Offered as a ready-made band; nothing uses it unless asked.
 */
export const SWEET_SPOT_PCT = { minPct: 88, maxPct: 94 } as const;

/** A band from percentages of FTP. */
export function bandFromPercentOfFtp(input: {
  id: string;
  minPct: number;
  maxPct: number;
  ftpW: number;
}): PowerBand {
  return { id: input.id, minW: (input.minPct * input.ftpW) / 100, maxW: (input.maxPct * input.ftpW) / 100 };
}

/** Seconds with `minW ≤ P ≤ maxW` for each band, over the recorded seconds. */
export function timeInPowerBandsS(streams: PowerStreams, bands: readonly PowerBand[]): number[] | undefined {
  const power = streams.powerW;
  if (power === undefined) return undefined;
  const seconds = new Array<number>(bands.length).fill(0);
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(p)) continue;
    for (let k = 0; k < bands.length; k++) {
      const band = bands[k]!;
      if (p >= band.minW && p <= band.maxW) seconds[k] = seconds[k]! + 1;
    }
  }
  return seconds;
}
