import type { PowerStreams } from '../power/power-summary.ts';

/** Surge threshold: 5-s power above 120 % of FTP, the floor of Coggan's level 6 (anaerobic capacity). */
export const SURGE_THRESHOLD_OF_FTP = 1.2;
/** Rolling window of a surge, s: long enough to ignore a pedal-stroke spike, short enough for a jump. */
export const SURGE_WINDOW_S = 5;
/** Seconds below the threshold that separate two surges; closer ones are one surge. */
export const SURGE_SEPARATION_S = 30;

/**
 * Surges in a ride: episodes where the trailing 5-s mean power is at or above 120 % of FTP, separated
 * by at least 30 s below it (closer bursts are one surge: a jump and its re-acceleration). The rolling
 * window restarts after a gap; a gap ends a surge and separates it from the next. Vatio's definition (the spec's "attacks per
 * hour" has none): 120 % is where Coggan's level 6 starts, as in the power-zone page.
 */
export function surgeCount(streams: PowerStreams, ftpW: number): number {
  const power = streams.powerW;
  if (power === undefined || !(ftpW > 0)) return 0;
  const threshold = SURGE_THRESHOLD_OF_FTP * ftpW;
  const window: number[] = [];
  let sum = 0;
  let surges = 0;
  let inSurge = false;
  let below = Number.POSITIVE_INFINITY;
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(p)) {
      // A pause separates surges: the next one after it is a new surge.
      window.length = 0;
      sum = 0;
      inSurge = false;
      below = Number.POSITIVE_INFINITY;
      continue;
    }
    window.push(p);
    sum += p;
    if (window.length > SURGE_WINDOW_S) sum -= window.shift()!;
    const high = window.length === SURGE_WINDOW_S && sum / SURGE_WINDOW_S >= threshold;
    if (high) {
      if (!inSurge && below >= SURGE_SEPARATION_S) surges++;
      inSurge = true;
      below = 0;
    } else {
      if (inSurge) inSurge = false;
      below++;
    }
  }
  return surges;
}

/** Fraction of W′ a drop must reach to count as a match. */
export const MATCH_DROP_OF_W_PRIME = 0.2;

/**
 * Matches burned: drops of W′ balance of at least 20 % of W′ from the highest balance since the last
 * match. After a match the rider must win back half that drop (10 % of W′) from the lowest point
 * before another can count, so one long effort is one match. Vatio's definition of the cycling
 * metaphor ("burning a match", Allen & Coggan), on the W′ balance of Skiba (w-prime-balance.ts).
 */
export function wPrimeMatches(balanceJ: ArrayLike<number>, wPrimeJ: number): number {
  if (!(wPrimeJ > 0)) return 0;
  const drop = MATCH_DROP_OF_W_PRIME * wPrimeJ;
  let matches = 0;
  let ready = true;
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  for (let i = 0; i < balanceJ.length; i++) {
    const b = balanceJ[i]!;
    if (!Number.isFinite(b)) continue;
    if (ready) {
      if (b > high) high = b;
      if (high - b >= drop) {
        matches++;
        ready = false;
        low = b;
      }
    } else {
      if (b < low) low = b;
      if (b - low >= drop / 2) {
        ready = true;
        high = b;
      }
    }
  }
  return matches;
}

export const ENERGY_ZONES = ['endurance', 'tempo', 'threshold', 'vo2max', 'neuromuscular'] as const;
export type EnergyZone = (typeof ENERGY_ZONES)[number];

/** Lower bound of each energy zone, % of FTP (Coggan: levels 1–2, 3, 4, 5, 6–7). */
const ENERGY_ZONE_FLOOR_PCT = [0, 75, 90, 105, 120] as const;

/**
 * Mechanical work by intensity, kJ: each recorded second's power (1 s × P W = P J) added to the band
 * its power falls in: endurance < 75 % FTP (Coggan levels 1–2), tempo 75–90 %, threshold 90–105 %,
 * VO2max 105–120 %, neuromuscular ≥ 120 % (levels 6–7: anaerobic capacity and neuromuscular power).
 * A boundary belongs to the upper band, as in the power zones. Gaps count nothing.
 */
export function energyByZoneKj(streams: PowerStreams, ftpW: number): Record<EnergyZone, number> {
  const out: Record<EnergyZone, number> = {
    endurance: 0,
    tempo: 0,
    threshold: 0,
    vo2max: 0,
    neuromuscular: 0,
  };
  const power = streams.powerW;
  if (power === undefined || !(ftpW > 0)) return out;
  const bounds = ENERGY_ZONE_FLOOR_PCT.map((pct) => (pct * ftpW) / 100);
  const joules = [0, 0, 0, 0, 0];
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(p) || p <= 0) continue;
    let k = bounds.length - 1;
    while (k > 0 && p < bounds[k]!) k--;
    joules[k]! += p;
  }
  ENERGY_ZONES.forEach((zone, k) => {
    out[zone] = joules[k]! / 1000;
  });
  return out;
}

/**
 * Three advice blocks as message keys `tactical.advice.<block>.<level>`, from the period's figures:
 * - surges: ≥ 20 an hour `frequent` (race-like riding: train repeatability), ≥ 8 `moderate`,
 *   else `rare` (add short accelerations to be ready for attacks);
 * - matches: ≥ 3 an hour `many` (pace above CP less often, or raise CP), ≥ 1 `some`, else `none`
 *   (efforts above CP are missing), `unknown` without a CP/W′ fit;
 * - energy: VO2max + neuromuscular ≥ 15 % of the work `intense` (protect recovery), endurance
 *   ≥ 80 % `aerobic` (room for threshold and VO2max work), else `balanced`.
 * Vatio's heuristics; the thresholds are stated so the advice can be checked against the numbers.
 */
export function tacticalAdvice(input: {
  surgesPerHour: number;
  /** Undefined without a CP/W′ fit: the matches block then says so (`unknown`). */
  matchesPerHour: number | undefined;
  energyKj: Readonly<Record<EnergyZone, number>>;
}): { block: 'surges' | 'matches' | 'energy'; key: string }[] {
  const surges = input.surgesPerHour >= 20 ? 'frequent' : input.surgesPerHour >= 8 ? 'moderate' : 'rare';
  const m = input.matchesPerHour;
  const matches = m === undefined ? 'unknown' : m >= 3 ? 'many' : m >= 1 ? 'some' : 'none';
  const e = input.energyKj;
  const total = ENERGY_ZONES.reduce((sum, zone) => sum + e[zone], 0);
  let energy = 'balanced';
  if (total > 0 && (e.vo2max + e.neuromuscular) / total >= 0.15) energy = 'intense';
  else if (total > 0 && e.endurance / total >= 0.8) energy = 'aerobic';
  return [
    { block: 'surges', key: `tactical.advice.surges.${surges}` },
    { block: 'matches', key: `tactical.advice.matches.${matches}` },
    { block: 'energy', key: `tactical.advice.energy.${energy}` },
  ];
}
