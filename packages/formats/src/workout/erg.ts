import { isRepeat, type PlainStep, type Workout } from '@vatio/analysis';
import { WorkoutExportError } from './errors.ts';
import { assertExportable, cleanText, stepPower } from './targets.ts';

/**
 * ERG and MRC files: the plain-text "course" files of ERG-mode trainer software, as TrainerRoad and
 * GoldenCheetah read them (GoldenCheetah ErgFile::parseComputrainer): a [COURSE HEADER] of `KEY = value`
 * lines and a format line, then [COURSE DATA] with one "minutes<TAB>load" point a line. The trainer's
 * load runs linearly from one point to the next, so a step change is two points at the same minute and
 * a ramp is its two ends. ERG loads are watts ("MINUTES WATTS"); MRC loads are % FTP ("MINUTES PERCENT").
 *
 * Choices:
 * - minutes carry up to 4 decimals (0.3333 for 20 s, at most 3 ms off) and at least 2, as these files do;
 * - ERG watts are whole watts; MRC percentages keep one decimal (GoldenCheetah rounds them to whole %);
 * - a range target is held at its middle (an ERG trainer holds one power), a ramp runs low → high;
 * - the ERG header states `FTP`, the FTP the watts were worked out for, so software that rescales to the
 *   rider's own FTP (GoldenCheetah: load × CP / FTP) can;
 * - a free ride cannot be written (these files set a load for every second): FREE_RIDE_UNSUPPORTED;
 *   heart-rate zones neither (HEART_RATE_TARGET_UNSUPPORTED) unless `heartRateAsPower` is set.
 * Lines end in CRLF, as the Windows programs that defined the format write them; readers accept both.
 */

export interface ErgOptions {
  /** The workout's name (DESCRIPTION line, and the FILE NAME). */
  name: string;
  ftpW?: number;
  heartRateAsPower?: boolean;
}

const EOL = '\r\n';

export function workoutToErg(workout: Workout, options: ErgOptions): string {
  return courseFile(workout, 'erg', options);
}

export function workoutToMrc(workout: Workout, options: ErgOptions): string {
  return courseFile(workout, 'mrc', options);
}

function courseFile(workout: Workout, format: 'erg' | 'mrc', options: ErgOptions): string {
  const { ftpW } = options;
  assertExportable(workout, format, ftpW);
  const unit = format === 'erg' ? 'watts' : 'ftpPercent';
  const points: Array<[number, number]> = [];
  let clockS = 0;
  const add = (step: PlainStep, path: number[]) => {
    const power = stepPower(step, {
      format,
      unit,
      ftpW,
      heartRateAsPower: options.heartRateAsPower === true,
      path,
    });
    if (power === undefined) throw new WorkoutExportError('FREE_RIDE_UNSUPPORTED', format, { path });
    const round = format === 'erg' ? Math.round : (v: number) => Math.round(v * 10) / 10;
    push(points, clockS, round(power.startValue));
    clockS += step.durationS;
    push(points, clockS, round(power.endValue));
  };
  workout.steps.forEach((step, i) => {
    if (!isRepeat(step)) {
      add(step, [i]);
      return;
    }
    for (let done = 0; done < step.count; done++) {
      step.steps.forEach((inner, j) => {
        add(inner, [i, j]);
      });
    }
  });

  const name =
    cleanText(options.name)
      .replace(/[=[\]]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Workout';
  const lines = ['[COURSE HEADER]', 'VERSION = 2', 'UNITS = ENGLISH', `DESCRIPTION = ${name}`];
  lines.push(`FILE NAME = ${fileBaseName(name)}.${format}`);
  if (format === 'erg' && ftpW !== undefined && ftpW > 0) lines.push(`FTP = ${Math.round(ftpW)}`);
  lines.push(format === 'erg' ? 'MINUTES WATTS' : 'MINUTES PERCENT', '[END COURSE HEADER]', '[COURSE DATA]');
  for (const [timeS, value] of points) lines.push(`${minutes(timeS)}\t${value}`);
  lines.push('[END COURSE DATA]');
  return lines.join(EOL) + EOL;
}

/** Adds a point unless it repeats the last one (a step that starts where the previous one ended). */
function push(points: Array<[number, number]>, timeS: number, value: number): void {
  const last = points[points.length - 1];
  if (last && last[0] === timeS && last[1] === value) return;
  points.push([timeS, value]);
}

/** Seconds → minutes with 2 to 4 decimals: 30 s → "0.50", 20 s → "0.3333", 600 s → "10.00". */
export function minutes(timeS: number): string {
  return (timeS / 60).toFixed(4).replace(/(\.\d\d\d??)0+$/, '$1');
}

/** A file name from the workout's name: letters, digits, '-' and '_' only (ASCII, for old programs). */
export function fileBaseName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return base || 'workout';
}
