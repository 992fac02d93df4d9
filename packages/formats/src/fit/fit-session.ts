import type { LapMesg, SessionMesg } from '@garmin/fitsdk';
import type { DeviceSummary, Lap, SessionInfo } from '../activity.ts';
import { leftShareFromBalance100 } from './balance.ts';
import { enumName, fitTimeToDate, num } from './fit-values.ts';

const CYCLING_SPORTS = new Set(['cycling', 'eBiking']);

export interface SelectedSession {
  session: SessionMesg;
  index: number;
  /** FIT seconds: the session's own range, used to cut one session out of a multisport file. */
  startFit: number | undefined;
  endFit: number | undefined;
}

/**
 * The session an Activity is built from: in a multisport file the cycling session (the longest one if
 * several), otherwise the longest session. Undefined when the file has no session (truncated files).
 */
export function selectSession(sessions: readonly SessionMesg[]): SelectedSession | undefined {
  let best: { session: SessionMesg; index: number; score: number } | undefined;
  for (const [index, session] of sessions.entries()) {
    const cycling = CYCLING_SPORTS.has(enumName('sport', session.sport) ?? '');
    const duration = num(session.totalTimerTime) ?? num(session.totalElapsedTime) ?? 0;
    // Cycling first, then duration: a 10-minute ride beats a 5-hour run in a cycling app.
    const score = (cycling ? 1e9 : 0) + duration;
    if (!best || score > best.score) best = { session, index, score };
  }
  if (!best) return undefined;
  const startFit = num(best.session.startTime);
  // Some devices write an elapsed time shorter than the timer time (see the 1030 Plus virtual ride);
  // the larger of the two bounds the session's records.
  const spanS = Math.max(num(best.session.totalElapsedTime) ?? 0, num(best.session.totalTimerTime) ?? 0);
  const endFit = startFit !== undefined && spanS > 0 ? startFit + spanS : undefined;
  return { session: best.session, index: best.index, startFit, endFit };
}

export function sessionInfos(sessions: readonly SessionMesg[], selectedIndex: number): SessionInfo[] {
  return sessions.map((s, i) => ({
    sport: enumName('sport', s.sport) ?? 'unknown',
    subSport: enumName('subSport', s.subSport),
    startTime: fitTimeToDate(num(s.startTime) ?? 0),
    elapsedTimeS: num(s.totalElapsedTime),
    selected: i === selectedIndex,
  }));
}

/** The device's own figures from the FIT session message, unchanged apart from J/m/s units. */
export function deviceSummaryFromSession(s: SessionMesg | undefined): DeviceSummary {
  if (!s) return {};
  return {
    elapsedTimeS: num(s.totalElapsedTime),
    timerTimeS: num(s.totalTimerTime),
    distanceM: num(s.totalDistance),
    avgPowerW: num(s.avgPower),
    maxPowerW: num(s.maxPower),
    normalizedPowerW: num(s.normalizedPower),
    trainingStressScore: num(s.trainingStressScore),
    intensityFactor: num(s.intensityFactor),
    ftpW: num(s.thresholdPower),
    workJ: num(s.totalWork),
    avgHeartRateBpm: num(s.avgHeartRate),
    maxHeartRateBpm: num(s.maxHeartRate),
    avgCadenceRpm: num(s.avgCadence),
    avgSpeedMps: num(s.enhancedAvgSpeed) ?? num(s.avgSpeed),
    ascentM: num(s.totalAscent),
    descentM: num(s.totalDescent),
    calories: num(s.totalCalories),
    leftRightBalancePct: leftShareFromBalance100(num(s.leftRightBalance)),
  };
}

export function lapFromMesg(lap: LapMesg, startFit: number): Lap | undefined {
  const lapStart = num(lap.startTime) ?? num(lap.timestamp);
  if (lapStart === undefined) return undefined;
  return {
    startTimeS: lapStart - startFit,
    elapsedTimeS: num(lap.totalElapsedTime),
    timerTimeS: num(lap.totalTimerTime),
    distanceM: num(lap.totalDistance),
    avgPowerW: num(lap.avgPower),
    maxPowerW: num(lap.maxPower),
    normalizedPowerW: num(lap.normalizedPower),
    avgHeartRateBpm: num(lap.avgHeartRate),
    maxHeartRateBpm: num(lap.maxHeartRate),
    avgCadenceRpm: num(lap.avgCadence),
    avgSpeedMps: num(lap.enhancedAvgSpeed) ?? num(lap.avgSpeed),
    ascentM: num(lap.totalAscent),
    trigger: enumName('lapTrigger', lap.lapTrigger),
  };
}
