import { Decoder, Stream } from '@garmin/fitsdk';
import { isRepeat, parseWorkoutText, WORKOUT_LIBRARY, type Workout, workoutDurationS } from '@vatio/analysis';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { isWorkoutExportError, type WorkoutFileFormat } from './errors.ts';
import { exportWorkout } from './export.ts';

const CREATED = new Date('2026-03-01T06:30:00Z');
const FORMATS: readonly WorkoutFileFormat[] = ['fit', 'zwo', 'erg', 'mrc'];

function parse(text: string): Workout {
  const result = parseWorkoutText(text);
  if (!result.ok) throw new Error(`bad workout text ${text}`);
  return result.workout;
}

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('exportWorkout', () => {
  it('names the type and extension of each file', () => {
    const workout = parse('wu ramp 10m 45-65%, 4x(4m 110%, 4m 50%), cd ramp 10m 60-45%');
    const seen = FORMATS.map((format) => {
      const file = exportWorkout(workout, format, { name: 'VO2', ftpW: 250, createdAt: CREATED });
      const body = 'bytes' in file ? file.bytes.length > 0 : file.text.length > 0;
      return [file.format, file.fileExtension, file.mimeType, body];
    });
    expect(seen).toEqual([
      ['fit', 'fit', 'application/vnd.ant.fit', true],
      ['zwo', 'zwo', 'application/xml', true],
      ['erg', 'erg', 'text/plain', true],
      ['mrc', 'mrc', 'text/plain', true],
    ]);
  });

  it('writes every library session in every format (FTP given; heart-rate zones as power where asked)', () => {
    expect(WORKOUT_LIBRARY.length).toBeGreaterThan(0);
    for (const { id, workout } of WORKOUT_LIBRARY) {
      // Plain steps, plus one repeat step per block done more than once.
      let fitSteps = 0;
      for (const step of workout.steps)
        fitSteps += isRepeat(step) ? step.steps.length + (step.count > 1 ? 1 : 0) : 1;
      const plain = workout.steps.flatMap((step) => (isRepeat(step) ? step.steps : [step]));
      const heartRate = plain.some((step) => step.target?.type === 'hrZone');
      for (const format of FORMATS) {
        const options = { name: id, ftpW: 265, createdAt: CREATED };
        if (heartRate && format !== 'fit') {
          expect(
            errorOf(() => exportWorkout(workout, format, options)),
            id,
          ).toMatchObject({
            code: 'HEART_RATE_TARGET_UNSUPPORTED',
          });
        }
        const file = exportWorkout(workout, format, { ...options, heartRateAsPower: true });
        if (file.format === 'fit') {
          const decoder = new Decoder(Stream.fromByteArray(file.bytes));
          expect(decoder.checkIntegrity(), id).toBe(true);
          const { messages, errors } = decoder.read();
          expect(errors, id).toEqual([]);
          expect(messages.workoutStepMesgs?.length, id).toBe(fitSteps);
          const timeMs = (messages.workoutStepMesgs ?? [])
            .filter((m) => m.durationType === 'time')
            .reduce((sum, m) => sum + Number(m.durationValue), 0);
          // Repeats not expanded here: every plain step once.
          const onceS = workout.steps.reduce(
            (s, step) =>
              s + (isRepeat(step) ? step.steps.reduce((t, x) => t + x.durationS, 0) : step.durationS),
            0,
          );
          expect(timeMs, id).toBe(onceS * 1000);
        } else if (file.format === 'zwo') {
          expect(XMLValidator.validate(file.text), id).toBe(true);
          const durations = [...file.text.matchAll(/ Duration="(\d+)"/g)].reduce(
            (s, m) => s + Number(m[1]),
            0,
          );
          const intervals = [
            ...file.text.matchAll(/Repeat="(\d+)" OnDuration="(\d+)" OffDuration="(\d+)"/g),
          ].reduce((s, m) => s + Number(m[1]) * (Number(m[2]) + Number(m[3])), 0);
          expect(durations + intervals, id).toBe(workoutDurationS(workout));
        } else {
          const last = file.text.trimEnd().split('\r\n').at(-2)?.split('\t')[0];
          expect(Number(last) * 60, id).toBeCloseTo(workoutDurationS(workout), 1);
        }
      }
    }
  });

  it('says with a code why a format cannot hold the workout', () => {
    const cases: Array<[string, WorkoutFileFormat, { ftpW?: number }, string]> = [
      ['10m 90%', 'erg', {}, 'FTP_REQUIRED'],
      ['10m 200W', 'zwo', {}, 'FTP_REQUIRED'],
      ['10m 200W', 'mrc', {}, 'FTP_REQUIRED'],
      ['2h Z2', 'zwo', { ftpW: 250 }, 'HEART_RATE_TARGET_UNSUPPORTED'],
      ['2h Z2', 'erg', { ftpW: 250 }, 'HEART_RATE_TARGET_UNSUPPORTED'],
      ['2h Z2', 'mrc', { ftpW: 250 }, 'HEART_RATE_TARGET_UNSUPPORTED'],
      ['10m 90%, free 30m', 'erg', { ftpW: 250 }, 'FREE_RIDE_UNSUPPORTED'],
      ['10m 90%, free 30m', 'mrc', { ftpW: 250 }, 'FREE_RIDE_UNSUPPORTED'],
      ['7h 60%', 'fit', {}, 'INVALID_WORKOUT'],
      ['10m 400%', 'zwo', {}, 'INVALID_WORKOUT'],
    ];
    for (const [text, format, options, code] of cases) {
      const error = errorOf(() => exportWorkout(parse(text), format, { name: 'x', ...options }));
      expect(isWorkoutExportError(error), `${text} → ${format}`).toBe(true);
      expect(error, `${text} → ${format}`).toMatchObject({ code, format });
    }
    // FIT carries % FTP, watts and heart-rate zones as they are, without an FTP.
    for (const text of ['10m 90%', '10m 200W', '2h Z2', 'free 30m'])
      expect(() => exportWorkout(parse(text), 'fit', { name: 'x' }), text).not.toThrow();
  });
});
