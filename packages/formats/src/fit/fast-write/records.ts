import type { ActivityStreams } from '../../activity.ts';
import { FIT_EPOCH_MS, type FieldValue, type FitFileWriter } from './fit-file-writer.ts';
import { EVENT, RECORD } from './activity-specs.ts';

const SEMICIRCLES_PER_DEGREE = 2 ** 31 / 180;
/** FIT left_right_balance: bit 7 set = the value is the right leg's share. */
const RIGHT_FLAG = 0x80;

/**
 * The timer start event, one record per second outside gaps, a timer stop/start pair around each gap and
 * the final stop (FIT event message, event "timer"), straight from the typed arrays: no message objects.
 * Returns the timestamp of the last second, the session's end.
 */
export function writeRecords(fit: FitFileWriter, streams: ActivityStreams, startMs: number): Date {
  // Dates as the SDK path makes them: whole milliseconds after the start, then FIT seconds.
  const fitSecondsAt = (s: number) => (startMs + Math.round(s * 1000) - FIT_EPOCH_MS) / 1000;
  const event = (s: number, eventType: string) => fit.write(EVENT, [fitSecondsAt(s), 'timer', eventType]);
  const n = streams.timeS.length;
  const gap = streams.gapMask;
  const c = streams;
  const values: Array<FieldValue | undefined> = new Array(RECORD.fields.length).fill(undefined);
  const f = RECORD.index;

  event(0, 'start');
  for (let i = 0; i < n; i++) {
    if (gap[i] === 1) {
      // Stop the timer at the last second before a gap and start it again after.
      if (i > 0 && gap[i - 1] === 0) event(i - 1, 'stopAll');
      continue;
    }
    if (i > 0 && gap[i - 1] === 1) event(i, 'start');
    values[f.timestamp] = fitSecondsAt(i);
    values[f.power] = rounded(c.powerW, i);
    values[f.heartRate] = rounded(c.heartRateBpm, i);
    values[f.cadence] = rounded(c.cadenceRpm, i);
    values[f.enhancedSpeed] = finite(c.speedMps, i);
    values[f.distance] = finite(c.distanceM, i);
    values[f.enhancedAltitude] = finite(c.altitudeM, i);
    values[f.positionLat] = semicircles(c.latDeg, i);
    values[f.positionLong] = semicircles(c.lngDeg, i);
    values[f.temperature] = rounded(c.temperatureC, i);
    const left = finite(c.leftRightBalancePct, i);
    // The right share with the right-side flag.
    values[f.leftRightBalance] = left === undefined ? undefined : RIGHT_FLAG | Math.round(100 - left);
    values[f.leftTorqueEffectiveness] = finite(c.torqueEffectivenessLeftPct, i);
    values[f.rightTorqueEffectiveness] = finite(c.torqueEffectivenessRightPct, i);
    values[f.leftPedalSmoothness] = finite(c.pedalSmoothnessLeftPct, i);
    values[f.rightPedalSmoothness] = finite(c.pedalSmoothnessRightPct, i);
    values[f.leftPco] = rounded(c.platformCentreOffsetLeftMm, i);
    values[f.rightPco] = rounded(c.platformCentreOffsetRightMm, i);
    values[f.leftPowerPhase] = angles(c.powerPhaseStartLeftDeg, c.powerPhaseEndLeftDeg, i);
    values[f.leftPowerPhasePeak] = angles(c.powerPhasePeakStartLeftDeg, c.powerPhasePeakEndLeftDeg, i);
    values[f.rightPowerPhase] = angles(c.powerPhaseStartRightDeg, c.powerPhaseEndRightDeg, i);
    values[f.rightPowerPhasePeak] = angles(c.powerPhasePeakStartRightDeg, c.powerPhasePeakEndRightDeg, i);
    fit.write(RECORD, values);
  }
  const endS = Math.max(0, n - 1);
  event(endS, 'stopAll');
  return new Date(startMs + Math.round(endS * 1000));
}

function finite(values: Float64Array | undefined, i: number): number | undefined {
  const v = values?.[i];
  return v !== undefined && Number.isFinite(v) ? v : undefined;
}

/**
 * A FIT power phase field, [start, end] in degrees (power_phase_type 0 and 1); an element without a value
 * is null (the invalid value), and the field is absent when neither has one.
 */
export function angles(
  start: Float64Array | undefined,
  end: Float64Array | undefined,
  i: number,
): Array<number | null> | undefined {
  const a = finite(start, i);
  const b = finite(end, i);
  return a === undefined && b === undefined ? undefined : [a ?? null, b ?? null];
}

function rounded(values: Float64Array | undefined, i: number): number | undefined {
  const v = finite(values, i);
  return v === undefined ? undefined : Math.round(v);
}

function semicircles(values: Float64Array | undefined, i: number): number | undefined {
  const v = finite(values, i);
  return v === undefined ? undefined : Math.round(v * SEMICIRCLES_PER_DEGREE);
}
