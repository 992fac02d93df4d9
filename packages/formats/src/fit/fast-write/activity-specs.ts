import { messageSpec } from './profile-fields.ts';

/**
 * The messages of Vatio's FIT activity file and their fields, in the order encode-sdk.ts gives them to
 * the SDK Encoder (the order of a definition's fields, so the same order keeps the bytes identical).
 */

export const FILE_ID = messageSpec('FILE_ID', [
  'type',
  'manufacturer',
  'product',
  'timeCreated',
  'serialNumber',
  'productName',
]);

export const EVENT = messageSpec('EVENT', ['timestamp', 'event', 'eventType']);

export const RECORD = messageSpec('RECORD', [
  'timestamp',
  'power',
  'heartRate',
  'cadence',
  'enhancedSpeed',
  'distance',
  'enhancedAltitude',
  'positionLat',
  'positionLong',
  'temperature',
  'leftRightBalance',
  'leftTorqueEffectiveness',
  'rightTorqueEffectiveness',
  'leftPedalSmoothness',
  'rightPedalSmoothness',
  'leftPco',
  'rightPco',
  'leftPowerPhase',
  'leftPowerPhasePeak',
  'rightPowerPhase',
  'rightPowerPhasePeak',
]);

export const LAP = messageSpec('LAP', [
  'timestamp',
  'startTime',
  'totalElapsedTime',
  'totalTimerTime',
  'totalDistance',
  'avgPower',
  'maxPower',
  'avgHeartRate',
  'maxHeartRate',
  'avgCadence',
  'enhancedAvgSpeed',
]);

export const SESSION = messageSpec('SESSION', [
  'timestamp',
  'startTime',
  'sport',
  'subSport',
  'totalElapsedTime',
  'totalTimerTime',
  'totalDistance',
  'avgPower',
  'maxPower',
  'normalizedPower',
  'trainingStressScore',
  'intensityFactor',
  'thresholdPower',
  'totalWork',
  'avgHeartRate',
  'maxHeartRate',
  'avgCadence',
  'enhancedAvgSpeed',
  'totalAscent',
  'numLaps',
]);

export const ACTIVITY = messageSpec('ACTIVITY', [
  'timestamp',
  'totalTimerTime',
  'numSessions',
  'type',
  'event',
  'eventType',
]);
