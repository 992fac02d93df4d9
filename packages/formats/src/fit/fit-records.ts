import type { RecordMesg } from '@garmin/fitsdk';
import type { ChannelName } from '../activity.ts';
import { isPlausiblePosition, semicirclesToDegrees } from '../geo/geo.ts';
import type { SampleSeries } from '../timeline/resample.ts';
import { isUnknownSideBalance, leftShareFromBalance } from './balance.ts';
import { num } from './fit-values.ts';

const NaN_ = Number.NaN;

export interface RecordSamples {
  series: SampleSeries;
  /** Records whose balance had no side flag and were left out. */
  unknownSideBalance: number;
}

function mean(a: number | undefined, b: number | undefined): number {
  if (a !== undefined && b !== undefined) return (a + b) / 2;
  return a ?? b ?? NaN_;
}

/**
 * Element `k` of an array field (power phase: 0 = start angle, 1 = end angle, FIT power_phase_type), NaN
 * when absent or invalid (the SDK gives null for an invalid element).
 */
function element(value: unknown, k: number): number {
  return (Array.isArray(value) ? num(value[k]) : k === 0 ? num(value) : undefined) ?? NaN_;
}

/**
 * Converts FIT record messages (decoded with scale/offset applied) into samples in SI-ish units.
 * `startFit` is the FIT time of second 0; records outside [fromFit, toFit] are skipped (multisport).
 */
export function recordsToSamples(
  records: readonly RecordMesg[],
  startFit: number,
  fromFit = Number.NEGATIVE_INFINITY,
  toFit = Number.POSITIVE_INFINITY,
): RecordSamples {
  const timeS: number[] = [];
  const ch: Record<ChannelName, number[]> = {
    powerW: [],
    heartRateBpm: [],
    cadenceRpm: [],
    speedMps: [],
    distanceM: [],
    altitudeM: [],
    latDeg: [],
    lngDeg: [],
    temperatureC: [],
    leftRightBalancePct: [],
    torqueEffectivenessPct: [],
    torqueEffectivenessLeftPct: [],
    torqueEffectivenessRightPct: [],
    pedalSmoothnessPct: [],
    pedalSmoothnessLeftPct: [],
    pedalSmoothnessRightPct: [],
    platformCentreOffsetLeftMm: [],
    platformCentreOffsetRightMm: [],
    powerPhaseStartLeftDeg: [],
    powerPhaseEndLeftDeg: [],
    powerPhasePeakStartLeftDeg: [],
    powerPhasePeakEndLeftDeg: [],
    powerPhaseStartRightDeg: [],
    powerPhaseEndRightDeg: [],
    powerPhasePeakStartRightDeg: [],
    powerPhasePeakEndRightDeg: [],
  };
  let unknownSideBalance = 0;
  for (const r of records) {
    const ts = num(r.timestamp);
    if (ts === undefined || ts < fromFit || ts > toFit) continue;
    timeS.push(ts - startFit);
    ch.powerW.push(num(r.power) ?? NaN_);
    const hr = num(r.heartRate);
    // 0 bpm is what apps write when no strap is paired (Zwift, Onelap): no value, not a reading.
    ch.heartRateBpm.push(hr !== undefined && hr > 0 ? hr : NaN_);
    const cadence = num(r.cadence);
    ch.cadenceRpm.push(cadence === undefined ? NaN_ : cadence + (num(r.fractionalCadence) ?? 0));
    // enhanced_* are the 32-bit versions of speed/altitude (FIT profile, record fields 73/78).
    ch.speedMps.push(num(r.enhancedSpeed) ?? num(r.speed) ?? NaN_);
    ch.distanceM.push(num(r.distance) ?? NaN_);
    ch.altitudeM.push(num(r.enhancedAltitude) ?? num(r.altitude) ?? NaN_);
    const lat = num(r.positionLat);
    const lng = num(r.positionLong);
    const latDeg = lat === undefined ? NaN_ : semicirclesToDegrees(lat);
    const lngDeg = lng === undefined ? NaN_ : semicirclesToDegrees(lng);
    const plausible = isPlausiblePosition(latDeg, lngDeg);
    ch.latDeg.push(plausible ? latDeg : NaN_);
    ch.lngDeg.push(plausible ? lngDeg : NaN_);
    ch.temperatureC.push(num(r.temperature) ?? NaN_);
    const balance = num(r.leftRightBalance);
    if (isUnknownSideBalance(balance)) unknownSideBalance++;
    ch.leftRightBalancePct.push(leftShareFromBalance(balance) ?? NaN_);
    const teL = num(r.leftTorqueEffectiveness);
    const teR = num(r.rightTorqueEffectiveness);
    ch.torqueEffectivenessLeftPct.push(teL ?? NaN_);
    ch.torqueEffectivenessRightPct.push(teR ?? NaN_);
    ch.torqueEffectivenessPct.push(mean(teL, teR));
    const psL = num(r.leftPedalSmoothness);
    const psR = num(r.rightPedalSmoothness);
    ch.pedalSmoothnessLeftPct.push(psL ?? NaN_);
    ch.pedalSmoothnessRightPct.push(psR ?? NaN_);
    ch.pedalSmoothnessPct.push(num(r.combinedPedalSmoothness) ?? mean(psL, psR));
    ch.platformCentreOffsetLeftMm.push(num(r.leftPco) ?? NaN_);
    ch.platformCentreOffsetRightMm.push(num(r.rightPco) ?? NaN_);
    ch.powerPhaseStartLeftDeg.push(element(r.leftPowerPhase, 0));
    ch.powerPhaseEndLeftDeg.push(element(r.leftPowerPhase, 1));
    ch.powerPhasePeakStartLeftDeg.push(element(r.leftPowerPhasePeak, 0));
    ch.powerPhasePeakEndLeftDeg.push(element(r.leftPowerPhasePeak, 1));
    ch.powerPhaseStartRightDeg.push(element(r.rightPowerPhase, 0));
    ch.powerPhaseEndRightDeg.push(element(r.rightPowerPhase, 1));
    ch.powerPhasePeakStartRightDeg.push(element(r.rightPowerPhasePeak, 0));
    ch.powerPhasePeakEndRightDeg.push(element(r.rightPowerPhasePeak, 1));
  }
  return { series: { timeS, channels: ch }, unknownSideBalance };
}
