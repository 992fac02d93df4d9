import { isRepeat, type PlainStep, type Workout } from '@vatio/analysis';
import { assertExportable, cleanText, type StepPower, stepPower } from './targets.ts';

/**
 * Zwift workout files (.zwo): XML, `<workout_file>` with author, name, description, `<sportType>bike`
 * and a `<workout>` of timed elements whose power is a fraction of the rider's FTP (1.0 = 100 %), read
 * the way Zwift's own files and GoldenCheetah's ZwoParser read them:
 * - `Warmup`, `Cooldown` and `Ramp` run from PowerLow at the start to PowerHigh at the end (a descending
 *   cool-down has PowerLow > PowerHigh);
 * - `SteadyState` holds `Power`; `FreeRide` has no power target;
 * - `IntervalsT` repeats an on step and an off step `Repeat` times (OnDuration/OnPower,
 *   OffDuration/OffPower; `Cadence` and `CadenceResting` for their cadences);
 * - `Cadence` on any element is the rpm to ride it at.
 *
 * Mapping: a ramp becomes Warmup / Cooldown / Ramp by its step's kind; any other step SteadyState at its
 * target's middle (Zwift's ERG mode holds one power); a repeat of exactly two steady steps IntervalsT;
 * other repeats are written out round by round. Watt targets become a fraction of `ftpW` (FTP_REQUIRED
 * without one); heart-rate zones are refused unless `heartRateAsPower` is set.
 */

export interface ZwoOptions {
  name: string;
  description?: string;
  author?: string;
  ftpW?: number;
  heartRateAsPower?: boolean;
}

const INDENT = '    ';

export function workoutToZwo(workout: Workout, options: ZwoOptions): string {
  const { ftpW } = options;
  assertExportable(workout, 'zwo', ftpW);
  const power = (step: PlainStep, path: number[]) =>
    stepPower(step, {
      format: 'zwo',
      unit: 'ftpPercent',
      ftpW,
      heartRateAsPower: options.heartRateAsPower === true,
      path,
    });

  const elements: string[] = [];
  workout.steps.forEach((step, i) => {
    if (!isRepeat(step)) {
      elements.push(element(step, power(step, [i])));
      return;
    }
    const [on, off] = step.steps;
    if (step.count > 1 && step.steps.length === 2 && on && off && on.ramp !== true && off.ramp !== true) {
      const onPower = power(on, [i, 0]);
      const offPower = power(off, [i, 1]);
      if (onPower && offPower) {
        elements.push(
          tag('IntervalsT', [
            ['Repeat', step.count],
            ['OnDuration', on.durationS],
            ['OffDuration', off.durationS],
            ['OnPower', fraction(onPower.startValue)],
            ['OffPower', fraction(offPower.startValue)],
            ['Cadence', on.cadenceRpm],
            ['CadenceResting', off.cadenceRpm],
          ]),
        );
        return;
      }
    }
    for (let round = 0; round < step.count; round++) {
      step.steps.forEach((inner, j) => {
        elements.push(element(inner, power(inner, [i, j])));
      });
    }
  });

  const lines = [
    '<workout_file>',
    `${INDENT}<author>${escapeXml(cleanText(options.author ?? 'Vatio'))}</author>`,
    `${INDENT}<name>${escapeXml(cleanText(options.name))}</name>`,
    `${INDENT}<description>${escapeXml(cleanText(options.description ?? ''))}</description>`,
    `${INDENT}<sportType>bike</sportType>`,
    `${INDENT}<workout>`,
    ...elements.map((e) => `${INDENT}${INDENT}${e}`),
    `${INDENT}</workout>`,
    '</workout_file>',
  ];
  return `${lines.join('\n')}\n`;
}

function element(step: PlainStep, power: StepPower | undefined): string {
  const cadence: [string, number | undefined] = ['Cadence', step.cadenceRpm];
  if (power === undefined) return tag('FreeRide', [['Duration', step.durationS], cadence]);
  if (step.ramp === true) {
    const name = step.kind === 'warmup' ? 'Warmup' : step.kind === 'cooldown' ? 'Cooldown' : 'Ramp';
    return tag(name, [
      ['Duration', step.durationS],
      ['PowerLow', fraction(power.startValue)],
      ['PowerHigh', fraction(power.endValue)],
      cadence,
    ]);
  }
  return tag('SteadyState', [['Duration', step.durationS], ['Power', fraction(power.startValue)], cadence]);
}

/** % FTP → Zwift's fraction of FTP, to 0.1 % (4 decimals): 88 → "0.88", 87.5 → "0.875". */
function fraction(percent: number): string {
  return String(Math.round(percent * 10) / 1000);
}

function tag(
  name: string,
  attributes: ReadonlyArray<readonly [string, string | number | undefined]>,
): string {
  const written = attributes
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  return `<${name}${written}/>`;
}

/** XML text and attribute values: the five predefined entities (XML 1.0 §2.4). */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
