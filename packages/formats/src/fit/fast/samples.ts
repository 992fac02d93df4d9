import { isPlausiblePosition, semicirclesToDegrees } from '../../geo/geo.ts';
import { isUnknownSideBalance, leftShareFromBalance } from '../balance.ts';
import type { RecordSamples } from '../fit-records.ts';
import type { RecordColumns } from './record-columns.ts';

const NaN_ = Number.NaN;
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
 * a time into typed arrays, one plain loop per channel: the resampler then reads the same array kind
 * every time.
 *
 * Consumes `records`: the sample arrays are its columns. A channel read as is (power, distance…) is its
 * column itself, and the converted ones (time, heart rate, cadence, position, balance) are converted in
 * place, so a 4-hour ride's columns are not copied again. When some records are left out (the other
 * sessions of a multisport file), the kept ones are first copied into columns of their own. Channels
 * that no record definition has are left out (the resampler leaves out all-NaN channels anyway).
 */
export function columnsToSamples(
  records: RecordColumns,
  startFit: number,
  fromFit = Number.NEGATIVE_INFINITY,
  toFit = Number.POSITIVE_INFINITY,
): RecordSamples {
  const kept = keptRecords(records, fromFit, toFit);
  const { fields: f, count: k } = kept;
  const absent = (column: Float64Array) => column === kept.absent;
  /** First column where it has a number, else the second (enhanced speed/altitude over the plain ones). */
  const preferred = (first: Float64Array, second: Float64Array): Float64Array | undefined => {
    // With one of the two absent (NaN throughout) the result is the other, value for value.
    if (absent(second)) return absent(first) ? undefined : first;
    if (absent(first)) return second;
    for (let j = 0; j < k; j++) if (Number.isNaN(first[j]!)) first[j] = second[j]!;
    return first;
  };
  /** The device's combined figure where it has one, else the mean of left and right. */
  const pairMean = (
    left: Float64Array,
    right: Float64Array,
    combined = kept.absent,
  ): Float64Array | undefined => {
    if (absent(left) && absent(right) && absent(combined)) return undefined;
    const out = new Float64Array(k);
    for (let j = 0; j < k; j++) {
      const c = combined[j]!;
      out[j] = Number.isNaN(c) ? mean(left[j]!, right[j]!) : c;
    }
    return out;
  };

  const timeS = f.timestamp;
  for (let j = 0; j < k; j++) timeS[j] = timeS[j]! - startFit;
  let heartRateBpm: Float64Array | undefined;
  if (!absent(f.heartRate)) {
    heartRateBpm = f.heartRate;
    for (let j = 0; j < k; j++) {
      // 0 bpm is what apps write when no strap is paired: no value (as recordsToSamples).
      if (!(heartRateBpm[j]! > 0)) heartRateBpm[j] = NaN_;
    }
  }
  let cadenceRpm: Float64Array | undefined;
  if (!absent(f.cadence)) {
    cadenceRpm = f.cadence;
    const fractions = f.fractionalCadence;
    if (!absent(fractions)) {
      for (let j = 0; j < k; j++) {
        const fraction = fractions[j]!;
        // NaN + anything stays NaN: a fraction without a cadence is no value.
        if (!Number.isNaN(fraction)) cadenceRpm[j] = cadenceRpm[j]! + fraction;
      }
    }
  }
  let latDeg: Float64Array | undefined;
  let lngDeg: Float64Array | undefined;
  if (!absent(f.positionLat) || !absent(f.positionLong)) {
    // A position needs both coordinates: with one column absent, none is plausible.
    latDeg = absent(f.positionLat) ? new Float64Array(k) : f.positionLat;
    lngDeg = absent(f.positionLong) ? new Float64Array(k) : f.positionLong;
    const lats = f.positionLat;
    const lngs = f.positionLong;
    for (let j = 0; j < k; j++) {
      const lat = lats[j]!;
      const lng = lngs[j]!;
      const la = Number.isNaN(lat) ? NaN_ : semicirclesToDegrees(lat);
      const lo = Number.isNaN(lng) ? NaN_ : semicirclesToDegrees(lng);
      const plausible = isPlausiblePosition(la, lo);
      latDeg[j] = plausible ? la : NaN_;
      lngDeg[j] = plausible ? lo : NaN_;
    }
  }
  let unknownSideBalance = 0;
  let leftRightBalancePct: Float64Array | undefined;
  if (!absent(f.leftRightBalance)) {
    leftRightBalancePct = f.leftRightBalance;
    for (let j = 0; j < k; j++) {
      const balance = leftRightBalancePct[j]!;
      // NaN is the SDK's absent field: undefined for both helpers, so no count and no value.
      if (Number.isNaN(balance)) continue;
      if (isUnknownSideBalance(balance)) unknownSideBalance++;
      leftRightBalancePct[j] = leftShareFromBalance(balance) ?? NaN_;
    }
  }
  const teL = f.leftTorqueEffectiveness;
  const teR = f.rightTorqueEffectiveness;
  const psL = f.leftPedalSmoothness;
  const psR = f.rightPedalSmoothness;
  const asIs = (column: Float64Array) => (absent(column) ? undefined : column);
  return {
    series: {
      timeS,
      // Every value here is NaN or finite and never −0: the columns hold integers or raw / scale −
      // offset with scale ≥ 1 (record-columns.ts), and the conversions above keep that (heart rate and
      // cadence are positive or their sum, positions are checked plausible, balance is 100 − pct ≥ 0,
      // means of two such values).
      finiteOrNaN: true,
      channels: {
        powerW: asIs(f.power),
        heartRateBpm,
        cadenceRpm,
        speedMps: preferred(f.enhancedSpeed, f.speed),
        distanceM: asIs(f.distance),
        altitudeM: preferred(f.enhancedAltitude, f.altitude),
        latDeg,
        lngDeg,
        temperatureC: asIs(f.temperature),
        leftRightBalancePct,
        torqueEffectivenessPct: pairMean(teL, teR),
        torqueEffectivenessLeftPct: asIs(teL),
        torqueEffectivenessRightPct: asIs(teR),
        pedalSmoothnessPct: pairMean(psL, psR, f.combinedPedalSmoothness),
        pedalSmoothnessLeftPct: asIs(psL),
        pedalSmoothnessRightPct: asIs(psR),
        platformCentreOffsetLeftMm: asIs(f.leftPco),
        platformCentreOffsetRightMm: asIs(f.rightPco),
        powerPhaseStartLeftDeg: asIs(f.leftPowerPhase0),
        powerPhaseEndLeftDeg: asIs(f.leftPowerPhase1),
        powerPhasePeakStartLeftDeg: asIs(f.leftPowerPhasePeak0),
        powerPhasePeakEndLeftDeg: asIs(f.leftPowerPhasePeak1),
        powerPhaseStartRightDeg: asIs(f.rightPowerPhase0),
        powerPhaseEndRightDeg: asIs(f.rightPowerPhase1),
        powerPhasePeakStartRightDeg: asIs(f.rightPowerPhasePeak0),
        powerPhasePeakEndRightDeg: asIs(f.rightPowerPhasePeak1),
      },
    },
    unknownSideBalance,
  };
}

/**
 * The records with a timestamp in [fromFit, toFit]: `records` itself when that is all of them (one
 * session, almost every file), otherwise new columns holding the kept records in file order.
 */
function keptRecords(records: RecordColumns, fromFit: number, toFit: number): RecordColumns {
  const stamps = records.fields.timestamp;
  const keep = (ts: number) => !Number.isNaN(ts) && ts >= fromFit && ts <= toFit;
  let k = 0;
  for (let i = 0; i < records.count; i++) if (keep(stamps[i]!)) k++;
  if (k === records.count) return records;
  const index = new Int32Array(k);
  for (let i = 0, j = 0; i < records.count; i++) if (keep(stamps[i]!)) index[j++] = i;
  const absent = new Float64Array(k).fill(NaN_);
  const fields = { ...records.fields };
  for (const name of Object.keys(fields) as Array<keyof typeof fields>) {
    const column = records.fields[name];
    if (column === records.absent) {
      fields[name] = absent;
      continue;
    }
    const out = new Float64Array(k);
    for (let j = 0; j < k; j++) out[j] = column[index[j]!]!;
    fields[name] = out;
  }
  return { count: k, fields, absent };
}
