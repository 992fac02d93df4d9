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
 * the SDK's absent field). The differential test holds the two to identical output. Works a channel at
 * a time over the kept records, so each loop is short and monomorphic.
 */
export function columnsToSamples(
  records: RecordColumns,
  startFit: number,
  fromFit = Number.NEGATIVE_INFINITY,
  toFit = Number.POSITIVE_INFINITY,
): RecordSamples {
  const f = records.fields;
  const stamps = f.timestamp;
  const keep = new Int32Array(records.count);
  let k = 0;
  for (let i = 0; i < records.count; i++) {
    const ts = stamps[i] as number;
    if (!Number.isNaN(ts) && ts >= fromFit && ts <= toFit) keep[k++] = i;
  }
  const channel = (value: (i: number) => number): number[] => {
    const out = new Array<number>(k);
    for (let j = 0; j < k; j++) out[j] = value(keep[j] as number);
    return out;
  };
  const copy = (column: Float64Array): number[] => {
    const out = new Array<number>(k);
    for (let j = 0; j < k; j++) out[j] = column[keep[j] as number] as number;
    return out;
  };
  const timeS = channel((i) => (stamps[i] as number) - startFit);
  const heartRateBpm = channel((i) => {
    const hr = f.heartRate[i] as number;
    // 0 bpm is what apps write when no strap is paired: no value (as recordsToSamples).
    return hr > 0 ? hr : NaN_;
  });
  const cadenceRpm = channel((i) => {
    const cadence = f.cadence[i] as number;
    const fraction = f.fractionalCadence[i] as number;
    return Number.isNaN(cadence) ? NaN_ : cadence + (Number.isNaN(fraction) ? 0 : fraction);
  });
  const speedMps = channel((i) => {
    const enhanced = f.enhancedSpeed[i] as number;
    return Number.isNaN(enhanced) ? (f.speed[i] as number) : enhanced;
  });
  const altitudeM = channel((i) => {
    const enhanced = f.enhancedAltitude[i] as number;
    return Number.isNaN(enhanced) ? (f.altitude[i] as number) : enhanced;
  });
  const latDeg = new Array<number>(k);
  const lngDeg = new Array<number>(k);
  for (let j = 0; j < k; j++) {
    const i = keep[j] as number;
    const lat = f.positionLat[i] as number;
    const lng = f.positionLong[i] as number;
    const la = Number.isNaN(lat) ? NaN_ : semicirclesToDegrees(lat);
    const lo = Number.isNaN(lng) ? NaN_ : semicirclesToDegrees(lng);
    const plausible = isPlausiblePosition(la, lo);
    latDeg[j] = plausible ? la : NaN_;
    lngDeg[j] = plausible ? lo : NaN_;
  }
  let unknownSideBalance = 0;
  const leftRightBalancePct = channel((i) => {
    const balance = opt(f.leftRightBalance[i]);
    if (isUnknownSideBalance(balance)) unknownSideBalance++;
    return leftShareFromBalance(balance) ?? NaN_;
  });
  const teL = f.leftTorqueEffectiveness;
  const teR = f.rightTorqueEffectiveness;
  const psL = f.leftPedalSmoothness;
  const psR = f.rightPedalSmoothness;
  const combined = f.combinedPedalSmoothness;
  return {
    series: {
      timeS,
      channels: {
        powerW: copy(f.power),
        heartRateBpm,
        cadenceRpm,
        speedMps,
        distanceM: copy(f.distance),
        altitudeM,
        latDeg,
        lngDeg,
        temperatureC: copy(f.temperature),
        leftRightBalancePct,
        torqueEffectivenessPct: channel((i) => mean(teL[i] as number, teR[i] as number)),
        torqueEffectivenessLeftPct: copy(teL),
        torqueEffectivenessRightPct: copy(teR),
        pedalSmoothnessPct: channel((i) => {
          const c = combined[i] as number;
          return Number.isNaN(c) ? mean(psL[i] as number, psR[i] as number) : c;
        }),
        pedalSmoothnessLeftPct: copy(psL),
        pedalSmoothnessRightPct: copy(psR),
      },
    },
    unknownSideBalance,
  };
}
