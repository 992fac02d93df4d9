import { isPlausiblePosition, semicirclesToDegrees } from '../../geo/geo.ts';
import { isUnknownSideBalance, leftShareFromBalance } from '../balance.ts';
import type { RecordSamples } from '../fit-records.ts';
import type { RecordColumns } from './record-columns.ts';

const NaN_ = Number.NaN;
const opt = (v: number | undefined): number | undefined =>
  v === undefined || Number.isNaN(v) ? undefined : v;

function mean(a: number, b: number): number {
  const aOk = !Number.isNaN(a);
  const bOk = !Number.isNaN(b);
  if (aOk && bOk) return (a + b) / 2;
  return aOk ? a : bOk ? b : NaN_;
}

/** FIT time of the first record at or after `fromFit` (fit-records/decode-fit do the same on messages). */
export function firstRecordTime(records: RecordColumns, fromFit: number): number | undefined {
  const t = records.fields.timestamp;
  for (let i = 0; i < records.count; i++) {
    const v = t[i] ?? NaN_;
    if (!Number.isNaN(v) && v >= fromFit) return v;
  }
  return undefined;
}

/**
 * `recordsToSamples` (fit-records.ts) over columns: the same rules, value for value (NaN in a column is
 * the SDK's absent field). The differential test holds the two to identical output.
 */
export function columnsToSamples(
  records: RecordColumns,
  startFit: number,
  fromFit = Number.NEGATIVE_INFINITY,
  toFit = Number.POSITIVE_INFINITY,
): RecordSamples {
  const f = records.fields;
  const timeS: number[] = [];
  const powerW: number[] = [];
  const heartRateBpm: number[] = [];
  const cadenceRpm: number[] = [];
  const speedMps: number[] = [];
  const distanceM: number[] = [];
  const altitudeM: number[] = [];
  const latDeg: number[] = [];
  const lngDeg: number[] = [];
  const temperatureC: number[] = [];
  const leftRightBalancePct: number[] = [];
  const torqueEffectivenessPct: number[] = [];
  const torqueEffectivenessLeftPct: number[] = [];
  const torqueEffectivenessRightPct: number[] = [];
  const pedalSmoothnessPct: number[] = [];
  const pedalSmoothnessLeftPct: number[] = [];
  const pedalSmoothnessRightPct: number[] = [];
  let unknownSideBalance = 0;
  for (let i = 0; i < records.count; i++) {
    const ts = f.timestamp[i] ?? NaN_;
    if (Number.isNaN(ts) || ts < fromFit || ts > toFit) continue;
    timeS.push(ts - startFit);
    powerW.push(f.power[i] ?? NaN_);
    const hr = f.heartRate[i] ?? NaN_;
    heartRateBpm.push(hr > 0 ? hr : NaN_);
    const cadence = f.cadence[i] ?? NaN_;
    const fraction = f.fractionalCadence[i] ?? NaN_;
    cadenceRpm.push(Number.isNaN(cadence) ? NaN_ : cadence + (Number.isNaN(fraction) ? 0 : fraction));
    const enhancedSpeed = f.enhancedSpeed[i] ?? NaN_;
    speedMps.push(Number.isNaN(enhancedSpeed) ? (f.speed[i] ?? NaN_) : enhancedSpeed);
    distanceM.push(f.distance[i] ?? NaN_);
    const enhancedAltitude = f.enhancedAltitude[i] ?? NaN_;
    altitudeM.push(Number.isNaN(enhancedAltitude) ? (f.altitude[i] ?? NaN_) : enhancedAltitude);
    const lat = f.positionLat[i] ?? NaN_;
    const lng = f.positionLong[i] ?? NaN_;
    const la = Number.isNaN(lat) ? NaN_ : semicirclesToDegrees(lat);
    const lo = Number.isNaN(lng) ? NaN_ : semicirclesToDegrees(lng);
    const plausible = isPlausiblePosition(la, lo);
    latDeg.push(plausible ? la : NaN_);
    lngDeg.push(plausible ? lo : NaN_);
    temperatureC.push(f.temperature[i] ?? NaN_);
    const balance = opt(f.leftRightBalance[i]);
    if (isUnknownSideBalance(balance)) unknownSideBalance++;
    leftRightBalancePct.push(leftShareFromBalance(balance) ?? NaN_);
    const teL = f.leftTorqueEffectiveness[i] ?? NaN_;
    const teR = f.rightTorqueEffectiveness[i] ?? NaN_;
    torqueEffectivenessLeftPct.push(teL);
    torqueEffectivenessRightPct.push(teR);
    torqueEffectivenessPct.push(mean(teL, teR));
    const psL = f.leftPedalSmoothness[i] ?? NaN_;
    const psR = f.rightPedalSmoothness[i] ?? NaN_;
    pedalSmoothnessLeftPct.push(psL);
    pedalSmoothnessRightPct.push(psR);
    const combined = f.combinedPedalSmoothness[i] ?? NaN_;
    pedalSmoothnessPct.push(Number.isNaN(combined) ? mean(psL, psR) : combined);
  }
  return {
    series: {
      timeS,
      channels: {
        powerW,
        heartRateBpm,
        cadenceRpm,
        speedMps,
        distanceM,
        altitudeM,
        latDeg,
        lngDeg,
        temperatureC,
        leftRightBalancePct,
        torqueEffectivenessPct,
        torqueEffectivenessLeftPct,
        torqueEffectivenessRightPct,
        pedalSmoothnessPct,
        pedalSmoothnessLeftPct,
        pedalSmoothnessRightPct,
      },
    },
    unknownSideBalance,
  };
}
