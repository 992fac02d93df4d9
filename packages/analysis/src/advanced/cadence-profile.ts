import type { ActivityStreams } from '../streams/activity-streams.ts';

/** Cadence bins of 10 rpm from 40 to 130 rpm (below and above fall in the end bins). */
export const CADENCE_BIN_RPM = 10;
export const CADENCE_FROM_RPM = 40;
export const CADENCE_TO_RPM = 130;
/** Power bins of 50 W for cadence against power. */
export const POWER_BIN_W = 50;

export interface CadenceProfile {
  /** Seconds pedalled in each cadence bin, `CADENCE_FROM_RPM` upwards. */
  readonly timeByCadenceS: number[];
  /** Per 50-W power bin: seconds and summed cadence (mean = sum / seconds). */
  readonly byPower: Map<number, { timeS: number; cadenceSum: number }>;
}

/** Where the rider pedals (cadence > 0 and power > 0 when recorded), one pass along the ride. */
export function cadenceProfile(
  streams: Pick<ActivityStreams, 'cadenceRpm' | 'powerW' | 'gapMask'>,
): CadenceProfile | undefined {
  const cadence = streams.cadenceRpm;
  if (!cadence) return undefined;
  const bins = (CADENCE_TO_RPM - CADENCE_FROM_RPM) / CADENCE_BIN_RPM;
  const timeByCadenceS = new Array<number>(bins).fill(0);
  const byPower = new Map<number, { timeS: number; cadenceSum: number }>();
  const power = streams.powerW;
  // The bin of the second before and its entry: neighbouring seconds mostly share a 50-W bin, so the
  // map is looked up only when the bin changes (issue 28: a lookup and a set every second).
  let lastBin = Number.NaN;
  let lastEntry = { timeS: 0, cadenceSum: 0 };
  let any = false;
  for (let i = 0; i < cadence.length; i++) {
    const rpm = cadence[i]!;
    if (streams.gapMask[i] !== 0 || !(rpm > 0)) continue;
    any = true;
    const k = Math.min(bins - 1, Math.max(0, Math.floor((rpm - CADENCE_FROM_RPM) / CADENCE_BIN_RPM)));
    timeByCadenceS[k]!++;
    const p = power?.[i];
    if (p !== undefined && p > 0) {
      const bin = Math.floor(p / POWER_BIN_W) * POWER_BIN_W;
      if (bin !== lastBin) {
        const found = byPower.get(bin);
        if (found) lastEntry = found;
        else {
          lastEntry = { timeS: 0, cadenceSum: 0 };
          byPower.set(bin, lastEntry);
        }
        lastBin = bin;
      }
      lastEntry.timeS++;
      lastEntry.cadenceSum += rpm;
    }
  }
  return any ? { timeByCadenceS, byPower } : undefined;
}

/** Several rides' profiles added together. */
export function mergeCadenceProfiles(profiles: readonly CadenceProfile[]): CadenceProfile | undefined {
  if (profiles.length === 0) return undefined;
  const timeByCadenceS = profiles[0]!.timeByCadenceS.map(() => 0);
  const byPower = new Map<number, { timeS: number; cadenceSum: number }>();
  for (const p of profiles) {
    p.timeByCadenceS.forEach((t, k) => {
      timeByCadenceS[k]! += t;
    });
    for (const [bin, v] of p.byPower) {
      const e = byPower.get(bin) ?? { timeS: 0, cadenceSum: 0 };
      e.timeS += v.timeS;
      e.cadenceSum += v.cadenceSum;
      byPower.set(bin, e);
    }
  }
  return { timeByCadenceS, byPower };
}
