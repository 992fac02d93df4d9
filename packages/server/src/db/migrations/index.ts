import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_activities.ts';
import * as m0003 from './0003_strava.ts';
import * as m0004 from './0004_rider_best_curves.ts';
import * as m0005 from './0005_damaged_rides.ts';
import * as m0006 from './0006_sync_queue.ts';
import * as m0007 from './0007_bike_weight.ts';
import * as m0008 from './0008_ride_default_names.ts';
import * as m0009 from './0009_api_keys.ts';
import * as m0010 from './0010_example_rider.ts';
import * as m0011 from './0011_profile_sex.ts';
import * as m0012 from './0012_ride_tactics.ts';
import * as m0014 from './0014_bike_aero.ts';
import * as m0013 from './0013_segments.ts';
import * as m0015 from './0015_ride_advanced_facts.ts';
import * as m0016 from './0016_strava_segments.ts';
import * as m0017 from './0017_bike_garage.ts';
import * as m0018 from './0018_bike_fitting.ts';
import * as m0020 from './0020_otp_verify_failures.ts';
import * as m0022 from './0022_api_key_rate_windows.ts';
import * as m0025 from './0025_sync_pause_unavailable.ts';
import * as m0026 from './0026_write_versions.ts';
import * as m0027 from './0027_one_weight.ts';
import * as m0028 from './0028_training_plan.ts';
import * as m0030 from './0030_otp_client_attempts.ts';
import * as m0031 from './0031_ride_workout_link.ts';
import * as m0033 from './0033_import_files_pending.ts';
import * as m0035 from './0035_cold_reads.ts';
import * as m0036 from './0036_import_batch_pass.ts';
import * as m0037 from './0037_pending_batch_passes.ts';

/** Numbered migrations, in order. A static list: no filesystem scanning, works from any bundle. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_activities': m0002,
  '0003_strava': m0003,
  '0004_rider_best_curves': m0004,
  '0005_damaged_rides': m0005,
  '0006_sync_queue': m0006,
  '0007_bike_weight': m0007,
  '0008_ride_default_names': m0008,
  '0009_api_keys': m0009,
  '0010_example_rider': m0010,
  '0011_profile_sex': m0011,
  '0012_ride_tactics': m0012,
  '0014_bike_aero': m0014,
  '0013_segments': m0013,
  '0015_ride_advanced_facts': m0015,
  '0016_strava_segments': m0016,
  '0017_bike_garage': m0017,
  '0018_bike_fitting': m0018,
  '0020_otp_verify_failures': m0020,
  '0022_api_key_rate_windows': m0022,
  '0025_sync_pause_unavailable': m0025,
  '0026_write_versions': m0026,
  '0027_one_weight': m0027,
  '0028_training_plan': m0028,
  '0030_otp_client_attempts': m0030,
  '0031_ride_workout_link': m0031,
  '0033_import_files_pending': m0033,
  '0035_cold_reads': m0035,
  '0036_import_batch_pass': m0036,
  '0037_pending_batch_passes': m0037,
};
