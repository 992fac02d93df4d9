import type { Workout } from '@vatio/analysis';
import { workoutToErg, workoutToMrc } from './erg.ts';
import type { WorkoutFileFormat } from './errors.ts';
import { workoutToFit } from './fit-workout.ts';
import { workoutToZwo } from './zwo.ts';

export interface WorkoutExportOptions {
  /** The workout's name, as the head unit or app lists it. */
  name: string;
  description?: string;
  /**
   * The rider's FTP. Needed when the format and the targets differ in unit: % FTP targets in an ERG file
   * (watts), watt targets in ZWO or MRC (% FTP). FIT carries both units and needs none.
   */
  ftpW?: number;
  /**
   * Heart-rate-zone steps in ZWO, ERG and MRC, which only set power: false (default) refuses them with
   * HEART_RATE_TARGET_UNSUPPORTED; true writes the model's power band for the zone
   * (HR_ZONE_POWER_BAND_PCT, Coggan's levels) held at its middle, an estimate the caller must say it is.
   */
  heartRateAsPower?: boolean;
  /** FIT file_id.time_created (and serial number); default now. */
  createdAt?: Date;
}

export type ExportedWorkout =
  | { format: 'fit'; bytes: Uint8Array; mimeType: string; fileExtension: 'fit' }
  | { format: 'zwo' | 'erg' | 'mrc'; text: string; mimeType: string; fileExtension: 'zwo' | 'erg' | 'mrc' };

/**
 * Writes a planned workout as a FIT workout, Zwift .zwo, .erg or .mrc file. Throws WorkoutExportError
 * (errors.ts) with a stable code when the workout cannot be written in that format. Pure apart from the
 * default `createdAt`.
 */
export function exportWorkout(
  workout: Workout,
  format: WorkoutFileFormat,
  options: WorkoutExportOptions,
): ExportedWorkout {
  const { name, ftpW } = options;
  const heartRateAsPower = options.heartRateAsPower === true;
  switch (format) {
    case 'fit':
      return {
        format,
        bytes: workoutToFit(workout, {
          name,
          description: options.description,
          createdAt: options.createdAt ?? new Date(),
          ftpW,
        }),
        // The FIT SDK's registered media type.
        mimeType: 'application/vnd.ant.fit',
        fileExtension: 'fit',
      };
    case 'zwo':
      return {
        format,
        text: workoutToZwo(workout, { name, description: options.description, ftpW, heartRateAsPower }),
        mimeType: 'application/xml',
        fileExtension: 'zwo',
      };
    case 'erg':
    case 'mrc': {
      const write = format === 'erg' ? workoutToErg : workoutToMrc;
      return {
        format,
        text: write(workout, { name, ftpW, heartRateAsPower }),
        mimeType: 'text/plain',
        fileExtension: format,
      };
    }
  }
}
