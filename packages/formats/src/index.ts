export type {
  Activity,
  ActivityEvent,
  ActivityFormat,
  ActivityStreams,
  ChannelName,
  DeviceInfo,
  DeviceSummary,
  Lap,
  SensorInfo,
  SessionInfo,
  WorkoutTag,
} from './activity.ts';
export { CHANNELS } from './activity.ts';
export { CHANNEL_BOUNDS, dropOutOfRange } from './finalize.ts';
export { decodeActivity, decodeArchive } from './decode.ts';
export { type DetectedFormat, detectFormat } from './detect.ts';
export { FormatError, type FormatErrorCode, isFormatError } from './errors.ts';
export { plainText } from './text.ts';
export { decodeFit } from './fit/decode-fit.ts';
export { parseWorkoutTag, WORKOUT_TAG_PREFIX } from './fit/workout-tag.ts';
export { decodeGpx } from './gpx/decode-gpx.ts';
export { DEFAULT_LIMITS, type DecodeLimits } from './limits.ts';
export { decodeTcx } from './tcx/decode-tcx.ts';
export { countActiveSeconds, lastFinite, resampleTo1Hz, type SampleSeries } from './timeline/resample.ts';
export {
  type ArchiveEntryResult,
  isActivityEntryName,
  listActivityEntries,
  unzipActivities,
  unzipEntry,
  type ZipEntryInfo,
} from './zip/decode-zip.ts';
export { encodeFit } from './fit/encode.ts';
export { airDensityKgM3, nextSpeed, type RiderSetup } from './synthetic/physics.ts';
export { createRng } from './synthetic/rng.ts';
export {
  generateRide,
  SYNTHETIC_ROUTES,
  type SyntheticRideOptions,
  type SyntheticRoute,
} from './synthetic/ride.ts';
export {
  type ExportedWorkout,
  exportWorkout,
  type WorkoutExportOptions,
} from './workout/export.ts';
export {
  isWorkoutExportError,
  WorkoutExportError,
  type WorkoutExportErrorCode,
  type WorkoutFileFormat,
} from './workout/errors.ts';
export { workoutToErg, workoutToMrc } from './workout/erg.ts';
export { workoutToFit } from './workout/fit-workout.ts';
export { workoutToZwo } from './workout/zwo.ts';
