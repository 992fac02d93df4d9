import { isRepeat, type PlainStep, type Target, type Workout } from '@vatio/analysis';
import { FitFileWriter } from '../fit/fast-write/fit-file-writer.ts';
import { messageSpec } from '../fit/fast-write/profile-fields.ts';
import { assertExportable, cleanText, usableFtp } from './targets.ts';

/**
 * FIT workout files (FIT SDK, "Workout" file type and Profile messages `workout` and `workout_step`),
 * for head units (Garmin Edge, Wahoo, Hammerhead) and trainer apps:
 *   file_id (type workout = 5) · workout (wkt_name, sport cycling, num_valid_steps, wkt_description)
 *   · workout_step × n.
 *
 * Each plain step is one workout_step with duration_type `time` and duration_value in ms. Its target,
 * per the Profile's dynamic fields:
 * - power (target_type power = 4): target_value 0 ("custom", the Profile's "Power Zone (1-7); Custom = 0")
 *   and custom_target_value_low/high as the Profile's `workout_power` type: 0–1000 is % FTP, values above
 *   1000 are watts + 1000 (`watts_offset`). % FTP targets stay % FTP, so the head unit applies the FTP set
 *   on it, as for workouts made on the device; watt targets are watts + 1000;
 * - heart-rate zone (target_type heart_rate = 1): target_value = the zone (the Profile's "hr zone (1-5)").
 *   The head unit uses its own zone limits, which may differ from Vatio's (Coggan's, on LTHR);
 * - free ride: target_type open;
 * - cadence: a secondary target (secondary_target_type cadence = 3, value 0 = custom, low = high = the rpm), or the
 *   primary one on a free-ride step.
 * A ramp has no FIT form: it is written as a range from its smaller to its larger end (the head unit
 * shows the band; a trainer it controls holds the band's middle).
 *
 * A repeat block is its steps followed by a step with duration_type `repeat_until_steps_cmplt`:
 * duration_value = message_index of the block's first step ("message_index of step to loop back to"),
 * target_value = the number of times the block is done ("# of repetitions"), as in the SDK's workout
 * example (target_type open).
 *
 * intensity: warmup and cool-down steps say so; a steady step in Coggan's level 1 (active recovery:
 * ≤ 55 % FTP, heart-rate zone 1, or watts ≤ 55 % of `ftpW` when it is given) is `rest`; others `active`.
 */

export interface FitWorkoutOptions {
  name: string;
  /** workout.wkt_description, when given. */
  description?: string;
  /** Written as file_id.time_created; with the name it also makes the file's serial number. */
  createdAt: Date;
  /** Only used to tell recovery steps given in watts (intensity rest). */
  ftpW?: number;
}

const FILE_ID = messageSpec('FILE_ID', ['type', 'manufacturer', 'product', 'timeCreated', 'serialNumber']);
const WORKOUT = messageSpec('WORKOUT', ['wktName', 'sport', 'numValidSteps', 'wktDescription']);
const WORKOUT_STEP = messageSpec('WORKOUT_STEP', [
  'messageIndex',
  'durationType',
  'durationValue',
  'targetType',
  'targetValue',
  'customTargetValueLow',
  'customTargetValueHigh',
  'intensity',
  'secondaryTargetType',
  'secondaryTargetValue',
  'secondaryCustomTargetValueLow',
  'secondaryCustomTargetValueHigh',
]);

/** FIT Profile, type workout_power: values above this are watts + 1000. */
export const FIT_WATTS_OFFSET = 1000;
/** Coggan's level 1 (active recovery) ends at 55 % FTP. */
const RECOVERY_MAX_FTP_PCT = 55;
/** FIT strings: the SDK writes a field of at most 255 bytes, the NUL included. */
const MAX_NAME_BYTES = 254;

type StepValues = Array<string | number | undefined>;

export function workoutToFit(workout: Workout, options: FitWorkoutOptions): Uint8Array {
  assertExportable(workout, 'fit', options.ftpW);
  const createdMs = options.createdAt.getTime();
  if (!Number.isFinite(createdMs)) throw new Error('workoutToFit: createdAt is not a valid date');
  const ftpW = usableFtp(options.ftpW);

  const steps: StepValues[] = [];
  workout.steps.forEach((step) => {
    if (!isRepeat(step)) {
      steps.push(plainStep(step, steps.length, ftpW));
      return;
    }
    const firstIndex = steps.length;
    for (const inner of step.steps) steps.push(plainStep(inner, steps.length, ftpW));
    if (step.count > 1) {
      steps.push([
        steps.length,
        'repeatUntilStepsCmplt',
        firstIndex,
        'open',
        step.count,
        undefined,
        undefined,
        undefined,
      ]);
    }
  });

  const name = fitName(cleanText(options.name) || 'Workout');
  const description = fitName(cleanText(options.description ?? '')) || undefined;
  const fit = new FitFileWriter(256 + steps.length * 40 + name.length * 4);
  fit.write(FILE_ID, ['workout', 'development', 0, options.createdAt, serialNumber(name, createdMs)]);
  fit.write(WORKOUT, [name, 'cycling', steps.length, description]);
  for (const values of steps) fit.write(WORKOUT_STEP, values);
  return fit.close();
}

function plainStep(step: PlainStep, index: number, ftpW: number | undefined): StepValues {
  const values: StepValues = [index, 'time', step.durationS * 1000];
  const { target } = step;
  const cadence = step.cadenceRpm === undefined ? undefined : Math.round(step.cadenceRpm);
  if (target === undefined) {
    if (cadence === undefined) values.push('open', undefined, undefined, undefined);
    else values.push('cadence', 0, cadence, cadence);
  } else if (target.type === 'hrZone') {
    values.push('heartRate', target.zone, undefined, undefined);
  } else {
    const [low, high] = [Math.min(target.low, target.high), Math.max(target.low, target.high)];
    const stored =
      target.type === 'watts'
        ? (w: number) => Math.round(w) + FIT_WATTS_OFFSET
        : (pct: number) => Math.round(pct);
    values.push('power', 0, stored(low), stored(high));
  }
  values.push(intensity(step, ftpW));
  if (target !== undefined && cadence !== undefined) values.push('cadence', 0, cadence, cadence);
  return values;
}

function intensity(step: PlainStep, ftpW: number | undefined): string {
  if (step.kind === 'warmup') return 'warmup';
  if (step.kind === 'cooldown') return 'cooldown';
  return isRecovery(step.target, ftpW) ? 'rest' : 'active';
}

function isRecovery(target: Target | undefined, ftpW: number | undefined): boolean {
  if (target === undefined) return false;
  if (target.type === 'hrZone') return target.zone === 1;
  const highPct =
    target.type === 'ftpPercent'
      ? Math.max(target.low, target.high)
      : ftpW === undefined
        ? undefined
        : (Math.max(target.low, target.high) / ftpW) * 100;
  return highPct !== undefined && highPct <= RECOVERY_MAX_FTP_PCT;
}

/** Cuts a text at a character boundary so that its UTF-8 form fits a FIT string field. */
function fitName(name: string): string {
  const encoder = new TextEncoder();
  let out = '';
  for (const char of name) {
    if (encoder.encode(out + char).length > MAX_NAME_BYTES) break;
    out += char;
  }
  return out;
}

/**
 * file_id.serial_number: the FIT "Workout" file type asks that type, manufacturer, product and serial
 * number be unique among the workouts on a device, so two exports do not overwrite each other. FNV-1a
 * (32 bit) of the name and creation time; never 0, the uint32z "no value".
 */
function serialNumber(name: string, createdMs: number): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(`${name}\u0000${createdMs}`)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash === 0 ? 1 : hash;
}
