import { HR_ZONE_POWER_BAND_PCT, type PlainStep, validateWorkout, type Workout } from '@vatio/analysis';
import { WorkoutExportError, type WorkoutFileFormat } from './errors.ts';

/**
 * Refuses a workout the model does not accept (validateWorkout), whatever the format. The model's
 * `ftpRequired` is left to each format: FIT and ZWO carry % FTP as such and need no FTP.
 */
export function assertExportable(
  workout: Workout,
  format: WorkoutFileFormat,
  ftpW: number | undefined,
): void {
  const issues = validateWorkout(workout, ftpW === undefined ? {} : { ftpW }).filter(
    (issue) => issue.code !== 'ftpRequired',
  );
  if (issues.length > 0) throw new WorkoutExportError('INVALID_WORKOUT', format, { issues });
}

/** A usable FTP (a positive finite number of watts), or undefined. */
export function usableFtp(ftpW: number | undefined): number | undefined {
  return ftpW !== undefined && Number.isFinite(ftpW) && ftpW > 0 ? ftpW : undefined;
}

/** Power of one step at its start and at its end, in the unit a format writes. */
export interface StepPower {
  startValue: number;
  endValue: number;
}

export interface PowerOptions {
  format: WorkoutFileFormat;
  /** 'ftpPercent' for ZWO (as a fraction later) and MRC, 'watts' for ERG. */
  unit: 'ftpPercent' | 'watts';
  ftpW: number | undefined;
  /** Heart-rate zones as the model's power band (HR_ZONE_POWER_BAND_PCT) instead of an error. */
  heartRateAsPower: boolean;
  /** Where the step is (for the error). */
  path: readonly number[];
}

/**
 * The power a trainer in ERG mode is set to over a step, in `unit`. A ramp runs from `low` to `high`; a
 * range (or a single value) is held at its middle, as the model plans it (flattenWorkout): ERG-mode files
 * set one power at a time and cannot say "anywhere between". Undefined for a free ride.
 */
export function stepPower(step: PlainStep, options: PowerOptions): StepPower | undefined {
  const { target } = step;
  if (target === undefined) return undefined;
  let low: number;
  let high: number;
  let unit: 'ftpPercent' | 'watts';
  if (target.type === 'hrZone') {
    const band = HR_ZONE_POWER_BAND_PCT[target.zone];
    if (!options.heartRateAsPower || band === undefined)
      throw new WorkoutExportError('HEART_RATE_TARGET_UNSUPPORTED', options.format, { path: options.path });
    [low, high] = band;
    unit = 'ftpPercent';
  } else {
    low = target.low;
    high = target.high;
    unit = target.type;
  }
  if (unit !== options.unit) {
    const ftpW = usableFtp(options.ftpW);
    if (ftpW === undefined)
      throw new WorkoutExportError('FTP_REQUIRED', options.format, { path: options.path });
    const convert = unit === 'watts' ? (w: number) => (w / ftpW) * 100 : (pct: number) => (pct * ftpW) / 100;
    low = convert(low);
    high = convert(high);
  }
  if (step.ramp === true) return { startValue: low, endValue: high };
  const middle = (low + high) / 2;
  return { startValue: middle, endValue: middle };
}

/** C0 and C1 controls, lone surrogates, U+FFFE and U+FFFF. */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A name or description made safe for one line of any of the formats: no control characters (a line break
 * would end an ERG header line), no lone surrogates or U+FFFE/U+FFFF (not allowed in XML 1.0).
 */
export function cleanText(text: string): string {
  // Each becomes a space; runs of white space collapse to one.
  return text.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
}
