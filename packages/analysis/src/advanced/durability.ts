import { bestAveragePowerW } from '../curve/mean-max.ts';
import type { ActivityStreams } from '../streams/activity-streams.ts';

/**
 * Durability ("fatigue resistance"): the best power a rider holds after a given amount of work
 * against the best held fresh (Maunder, Seiler, Mildenhall, Kilding & Plews 2021, Sports Med
 * 51:1619–1628, "The importance of 'durability' in the physiological profiling of endurance athletes";
 * the per-kg work buckets follow Mateo-March et al. 2022, IJSPP 17:1420 and Spragg et al. 2023).
 * Here: the best 5-min power in the part of each ride before `workKj`, and after it.
 */
export const DURABILITY_EFFORT_S = 300;
/** Work done before an effort counts as "fatigued": 15 kJ/kg (≈ 1,050 kJ at 70 kg). */
export const DURABILITY_WORK_KJ_PER_KG = 15;
/** Without a weight: a fixed 1,000 kJ. */
export const DURABILITY_WORK_KJ_DEFAULT = 1000;

export interface DurabilitySplit {
  /** Best 5-min power before the work was done, W. */
  readonly freshW: number | undefined;
  /** Best 5-min power that starts after the work was done, W. */
  readonly fatiguedW: number | undefined;
}

/**
 * Splits the ride at the second its accumulated work (power of the recorded seconds) reaches
 * `workKj` and takes the best 5-min power on each side (efforts between pauses, `split`).
 */
export function durabilitySplit(
  streams: Pick<ActivityStreams, 'powerW' | 'gapMask'>,
  workKj: number,
): DurabilitySplit | undefined {
  const power = streams.powerW;
  if (!power) return undefined;
  let joules = 0;
  let at = -1;
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    if (streams.gapMask[i] === 0 && p > 0) joules += p;
    if (joules >= workKj * 1000) {
      at = i + 1;
      break;
    }
  }
  const best = (from: number, to: number) => {
    if (to - from < DURABILITY_EFFORT_S) return undefined;
    const part = { powerW: power.subarray(from, to), gapMask: streams.gapMask.subarray(from, to) };
    return bestAveragePowerW(part, DURABILITY_EFFORT_S, { gaps: 'split' })?.powerW;
  };
  if (at < 0) return { freshW: best(0, power.length), fatiguedW: undefined };
  return { freshW: best(0, at), fatiguedW: best(at, power.length) };
}

/**
 * The period's durability: the best fatigued 5-min power over the best fresh one, %, over rides
 * long enough to have both. 100 % = no loss; well-trained riders hold about 90–97 % after
 * 15 kJ/kg (Mateo-March et al. 2022).
 */
export function durabilityOf(
  splits: readonly DurabilitySplit[],
): { retainedPct: number; freshW: number; fatiguedW: number; rides: number } | undefined {
  let freshW = 0;
  let fatiguedW = 0;
  let rides = 0;
  for (const s of splits) {
    if (s.fatiguedW === undefined) continue;
    rides++;
    fatiguedW = Math.max(fatiguedW, s.fatiguedW);
  }
  for (const s of splits) if (s.freshW !== undefined) freshW = Math.max(freshW, s.freshW);
  if (rides === 0 || !(freshW > 0)) return undefined;
  return { retainedPct: (100 * fatiguedW) / freshW, freshW, fatiguedW, rides };
}
