import { Encoder, type Mesg, Profile } from '@garmin/fitsdk';
import type { Activity } from '../activity.ts';
import { angles } from './fast-write/records.ts';

/** Mesg literals with their own field names; the SDK's onMesg only types the base Mesg. */
type Fields = Mesg & Record<string, unknown>;

const SEMICIRCLES_PER_DEGREE = 2 ** 31 / 180;

function mesgNum(name: string): number {
  const n = Profile.MesgNum[name];
  if (n === undefined) throw new Error(`FIT profile has no message ${name}`);
  return n;
}

const finite = (v: number | undefined): number | undefined =>
  v !== undefined && Number.isFinite(v) ? v : undefined;

/**
 * The reference FIT writer: the same activity file as `encodeFit` (encode.ts), written message by message
 * with Garmin's SDK Encoder. It takes seconds for a long ride, so Vatio writes with `encodeFit`; this one
 * stays for the differential test (encode.test.ts), which holds the two byte for byte identical.
 *
 * Writes an Activity as a FIT activity file (file_id, timer events, one record per second outside gaps,
 * laps, session, activity). Gaps become timer stop/start pairs, so decoding the output gives back the
 * same gap mask. Values are stored at FIT resolution (e.g. speed in mm/s, altitude in 0.2 m), so a round
 * trip is exact only to that resolution.
 */
export function encodeFitWithSdk(activity: Activity): Uint8Array {
  const encoder = new Encoder();
  const write = (name: string, fields: Fields) => encoder.onMesg(mesgNum(name), stripUndefined(fields));
  const start = activity.startTime.getTime();
  const at = (s: number) => new Date(start + Math.round(s * 1000));
  const { streams } = activity;
  const n = streams.timeS.length;

  write('FILE_ID', {
    type: 'activity',
    manufacturer: 'development',
    product: 0,
    timeCreated: activity.startTime,
    serialNumber: 1,
    // The device's human name travels in file_id.product_name, so a decoded ride says what made it.
    ...(activity.device.name ? { productName: activity.device.name } : {}),
  });
  write('EVENT', { timestamp: at(0), event: 'timer', eventType: 'start' });
  for (let i = 0; i < n; i++) {
    if (streams.gapMask[i] === 1) {
      // Stop the timer at the last second before a gap and start it again after (FIT timer events).
      if (i > 0 && streams.gapMask[i - 1] === 0)
        write('EVENT', { timestamp: at(i - 1), event: 'timer', eventType: 'stopAll' });
      continue;
    }
    if (i > 0 && streams.gapMask[i - 1] === 1)
      write('EVENT', { timestamp: at(i), event: 'timer', eventType: 'start' });
    write('RECORD', recordAt(activity, i, at(i)));
  }
  const end = at(Math.max(0, n - 1));
  write('EVENT', { timestamp: end, event: 'timer', eventType: 'stopAll' });

  for (const lap of activity.laps) {
    write('LAP', {
      timestamp: at(lap.startTimeS + (lap.elapsedTimeS ?? 0)),
      startTime: at(lap.startTimeS),
      totalElapsedTime: lap.elapsedTimeS,
      totalTimerTime: lap.timerTimeS,
      totalDistance: lap.distanceM,
      avgPower: lap.avgPowerW,
      maxPower: lap.maxPowerW,
      avgHeartRate: lap.avgHeartRateBpm,
      maxHeartRate: lap.maxHeartRateBpm,
      avgCadence: lap.avgCadenceRpm,
      enhancedAvgSpeed: lap.avgSpeedMps,
    });
  }
  const s = activity.deviceSummary;
  write('SESSION', {
    timestamp: end,
    startTime: activity.startTime,
    sport: activity.sport === 'unknown' ? 'generic' : activity.sport,
    subSport: activity.subSport ?? 'generic',
    totalElapsedTime: s.elapsedTimeS ?? activity.elapsedTimeS,
    totalTimerTime: s.timerTimeS ?? activity.timerTimeS,
    totalDistance: s.distanceM,
    avgPower: s.avgPowerW,
    maxPower: s.maxPowerW,
    normalizedPower: s.normalizedPowerW,
    trainingStressScore: s.trainingStressScore,
    intensityFactor: s.intensityFactor,
    thresholdPower: s.ftpW,
    totalWork: s.workJ,
    avgHeartRate: s.avgHeartRateBpm,
    maxHeartRate: s.maxHeartRateBpm,
    avgCadence: s.avgCadenceRpm,
    enhancedAvgSpeed: s.avgSpeedMps,
    totalAscent: s.ascentM,
    numLaps: activity.laps.length,
  });
  write('ACTIVITY', {
    timestamp: end,
    totalTimerTime: activity.timerTimeS,
    numSessions: 1,
    type: 'manual',
    event: 'activity',
    eventType: 'stop',
  });
  return encoder.close();
}

function recordAt(activity: Activity, i: number, timestamp: Date): Fields {
  const c = activity.streams;
  const v = (values: Float64Array | undefined) => finite(values?.[i]);
  const round = (x: number | undefined) => (x === undefined ? undefined : Math.round(x));
  const lat = v(c.latDeg);
  const lng = v(c.lngDeg);
  const left = v(c.leftRightBalancePct);
  return {
    timestamp,
    power: round(v(c.powerW)),
    heartRate: round(v(c.heartRateBpm)),
    cadence: round(v(c.cadenceRpm)),
    enhancedSpeed: v(c.speedMps),
    distance: v(c.distanceM),
    enhancedAltitude: v(c.altitudeM),
    positionLat: lat === undefined ? undefined : Math.round(lat * SEMICIRCLES_PER_DEGREE),
    positionLong: lng === undefined ? undefined : Math.round(lng * SEMICIRCLES_PER_DEGREE),
    temperature: round(v(c.temperatureC)),
    // Right share with the right-side flag (FIT type left_right_balance, bit 7).
    leftRightBalance: left === undefined ? undefined : 0x80 | Math.round(100 - left),
    leftTorqueEffectiveness: v(c.torqueEffectivenessLeftPct),
    rightTorqueEffectiveness: v(c.torqueEffectivenessRightPct),
    leftPedalSmoothness: v(c.pedalSmoothnessLeftPct),
    rightPedalSmoothness: v(c.pedalSmoothnessRightPct),
    leftPco: round(v(c.platformCentreOffsetLeftMm)),
    rightPco: round(v(c.platformCentreOffsetRightMm)),
    // [start, end] (FIT power_phase_type), null where one has no value.
    leftPowerPhase: angles(c.powerPhaseStartLeftDeg, c.powerPhaseEndLeftDeg, i),
    leftPowerPhasePeak: angles(c.powerPhasePeakStartLeftDeg, c.powerPhasePeakEndLeftDeg, i),
    rightPowerPhase: angles(c.powerPhaseStartRightDeg, c.powerPhaseEndRightDeg, i),
    rightPowerPhasePeak: angles(c.powerPhasePeakStartRightDeg, c.powerPhasePeakEndRightDeg, i),
  };
}

function stripUndefined(fields: Fields): Fields {
  const out: Fields = {};
  for (const [k, value] of Object.entries(fields)) if (value !== undefined) out[k] = value;
  return out;
}
