import { type Workout, workoutTargetPowerW } from '@vatio/analysis';
import { describe, expect, it } from 'vitest';
import { fileBaseName, minutes, workoutToErg, workoutToMrc } from './erg.ts';

/**
 * The exact text of a small hand-written workout. FTP 200 W:
 *   wu ramp 5m 50-75%        0:00–5:00    100 → 150 W   50 → 75 %
 *   2x(20s 120%, 40s 50%)    5:00–7:00    240 / 100 W   120 / 50 %  (20 s = 0.3333 min)
 *   3m 200W                  7:00–10:00   200 W         100 %
 *   1m 88-94%                10:00–11:00  182 W         91 %        (a range is held at its middle)
 *   cd 2m 60%                11:00–13:00  120 W         60 %
 * A step change is two points at the same minute; a ramp is its two ends.
 */
const WORKOUT: Workout = {
  steps: [
    { kind: 'warmup', durationS: 300, target: { type: 'ftpPercent', low: 50, high: 75 }, ramp: true },
    {
      kind: 'repeat',
      count: 2,
      steps: [
        { kind: 'steady', durationS: 20, target: { type: 'ftpPercent', low: 120, high: 120 } },
        { kind: 'steady', durationS: 40, target: { type: 'ftpPercent', low: 50, high: 50 } },
      ],
    },
    { kind: 'steady', durationS: 180, target: { type: 'watts', low: 200, high: 200 } },
    { kind: 'steady', durationS: 60, target: { type: 'ftpPercent', low: 88, high: 94 } },
    { kind: 'cooldown', durationS: 120, target: { type: 'ftpPercent', low: 60, high: 60 } },
  ],
};

const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

/**
 * GoldenCheetah's reading of a course file (ErgFile::parseComputrainer), re-implemented: header lines
 * until [END COURSE HEADER], the format line "MINUTES WATTS" or "MINUTES PERCENT", then "minutes load"
 * points until [END COURSE DATA]; the load runs linearly between points. Returns the load in watts
 * (MRC: % × ftpW / 100) at the middle of each second, as the model's 1 Hz target trace samples it.
 */
function readCourse(text: string, ftpW: number): number[] {
  let section = '';
  let percent = false;
  const points: Array<[number, number]> = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (/^\[(END )?COURSE (HEADER|DATA)\]$/i.test(line)) section = line.toUpperCase();
    else if (/^MINUTES[ \t]+WATTS$/i.test(line)) percent = false;
    else if (/^MINUTES[ \t]+PERCENT$/i.test(line)) percent = true;
    else if (section === '[COURSE DATA]') {
      const match = /^[ \t]*([0-9.]+)[ \t]+([0-9.]+)[ \t]*$/.exec(line);
      if (!match) throw new Error(`bad data line: ${JSON.stringify(line)}`);
      const load = Number(match[2]);
      points.push([Number(match[1]) * 60, percent ? (load * ftpW) / 100 : load]);
    }
  }
  expect(section).toBe('[END COURSE DATA]');
  const endS = Math.round(points[points.length - 1]?.[0] ?? 0);
  const out: number[] = [];
  for (let k = 0; k < endS; k++) {
    const t = k + 0.5;
    const i = points.findIndex((p, j) => p[0] <= t && t < (points[j + 1]?.[0] ?? -1));
    const [t0, y0] = points[i] ?? [0, Number.NaN];
    const [t1, y1] = points[i + 1] ?? [0, Number.NaN];
    out.push(y0 + ((y1 - y0) * (t - t0)) / (t1 - t0));
  }
  return out;
}

describe('ERG and MRC', () => {
  it('writes the ERG file in watts', () => {
    expect(workoutToErg(WORKOUT, { name: 'Over-unders', ftpW: 200 })).toBe(
      crlf([
        '[COURSE HEADER]',
        'VERSION = 2',
        'UNITS = ENGLISH',
        'DESCRIPTION = Over-unders',
        'FILE NAME = Over-unders.erg',
        'FTP = 200',
        'MINUTES WATTS',
        '[END COURSE HEADER]',
        '[COURSE DATA]',
        '0.00\t100',
        '5.00\t150',
        '5.00\t240',
        '5.3333\t240',
        '5.3333\t100',
        '6.00\t100',
        '6.00\t240',
        '6.3333\t240',
        '6.3333\t100',
        '7.00\t100',
        '7.00\t200',
        '10.00\t200',
        '10.00\t182',
        '11.00\t182',
        '11.00\t120',
        '13.00\t120',
        '[END COURSE DATA]',
      ]),
    );
  });

  it('writes the MRC file in % FTP', () => {
    expect(workoutToMrc(WORKOUT, { name: 'Over-unders', ftpW: 200 })).toBe(
      crlf([
        '[COURSE HEADER]',
        'VERSION = 2',
        'UNITS = ENGLISH',
        'DESCRIPTION = Over-unders',
        'FILE NAME = Over-unders.mrc',
        'MINUTES PERCENT',
        '[END COURSE HEADER]',
        '[COURSE DATA]',
        '0.00\t50',
        '5.00\t75',
        '5.00\t120',
        '5.3333\t120',
        '5.3333\t50',
        '6.00\t50',
        '6.00\t120',
        '6.3333\t120',
        '6.3333\t50',
        '7.00\t50',
        '7.00\t100',
        '10.00\t100',
        '10.00\t91',
        '11.00\t91',
        '11.00\t60',
        '13.00\t60',
        '[END COURSE DATA]',
      ]),
    );
  });

  it('writes a point once where a step starts at the power the last one ended at, and keeps tenths of a percent', () => {
    const flat: Workout = {
      steps: [
        { kind: 'steady', durationS: 90, target: { type: 'ftpPercent', low: 87.5, high: 87.5 } },
        { kind: 'steady', durationS: 30, target: { type: 'ftpPercent', low: 87.5, high: 87.5 } },
      ],
    };
    const data = (text: string) =>
      text.split('\r\n').slice(text.split('\r\n').indexOf('[COURSE DATA]') + 1, -2);
    expect(data(workoutToMrc(flat, { name: 'x' }))).toEqual(['0.00\t87.5', '1.50\t87.5', '2.00\t87.5']);
    // 87.5 % of 255 W = 223.125 W → 223 W.
    expect(data(workoutToErg(flat, { name: 'x', ftpW: 255 }))).toEqual([
      '0.00\t223',
      '1.50\t223',
      '2.00\t223',
    ]);
  });

  it('keeps the header one line per key whatever the name holds', () => {
    const text = workoutToErg(WORKOUT, { name: 'Evil\r\n[COURSE DATA]\r\n0\t9999\nFTP = 1', ftpW: 200 });
    const lines = text.split('\r\n');
    expect(lines.filter((l) => l === '[COURSE DATA]')).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('FTP'))).toEqual(['FTP = 200']);
    expect(lines[3]).toBe('DESCRIPTION = Evil COURSE DATA 0 9999 FTP 1');
    expect(lines[4]).toBe('FILE NAME = Evil_COURSE_DATA_0_9999_FTP_1.erg');
  });

  it('refuses what these files cannot say', () => {
    const percent: Workout = {
      steps: [{ kind: 'steady', durationS: 60, target: { type: 'ftpPercent', low: 90, high: 90 } }],
    };
    expect(() => workoutToErg(percent, { name: 'x' })).toThrow(
      expect.objectContaining({ code: 'FTP_REQUIRED', format: 'erg' }),
    );
    // MRC is in % FTP: no FTP needed for % targets, but one for watts.
    expect(() => workoutToMrc(percent, { name: 'x' })).not.toThrow();
    const watts: Workout = {
      steps: [{ kind: 'steady', durationS: 60, target: { type: 'watts', low: 150, high: 150 } }],
    };
    expect(() => workoutToMrc(watts, { name: 'x' })).toThrow(
      expect.objectContaining({ code: 'FTP_REQUIRED', format: 'mrc' }),
    );
    const free: Workout = { steps: [...percent.steps, { kind: 'free', durationS: 600 }] };
    expect(() => workoutToErg(free, { name: 'x', ftpW: 250 })).toThrow(
      expect.objectContaining({ code: 'FREE_RIDE_UNSUPPORTED', path: [1] }),
    );
    const hr: Workout = { steps: [{ kind: 'steady', durationS: 60, target: { type: 'hrZone', zone: 3 } }] };
    expect(() => workoutToMrc(hr, { name: 'x' })).toThrow(
      expect.objectContaining({ code: 'HEART_RATE_TARGET_UNSUPPORTED', path: [0] }),
    );
    // Zone 3 ↔ Coggan level 3, 76–90 % FTP: 83 %.
    expect(workoutToMrc(hr, { name: 'x', heartRateAsPower: true })).toContain('0.00\t83\r\n1.00\t83\r\n');
    const empty: Workout = { steps: [] };
    expect(() => workoutToErg(empty, { name: 'x', ftpW: 250 })).toThrow(
      expect.objectContaining({ code: 'INVALID_WORKOUT', issues: [{ code: 'emptyWorkout', path: [] }] }),
    );
  });

  it('is read back, second by second, as the planned power trace (GoldenCheetah reading)', () => {
    const ramps: Workout = {
      steps: [
        ...WORKOUT.steps,
        { kind: 'steady', durationS: 45, target: { type: 'watts', low: 150, high: 311 }, ramp: true },
        { kind: 'cooldown', durationS: 597, target: { type: 'ftpPercent', low: 67, high: 41 }, ramp: true },
      ],
    };
    for (const ftpW of [200, 287]) {
      const planned = Array.from(workoutTargetPowerW(ramps, ftpW));
      const erg = readCourse(workoutToErg(ramps, { name: 'x', ftpW }), ftpW);
      const mrc = readCourse(workoutToMrc(ramps, { name: 'x', ftpW }), ftpW);
      expect(erg).toHaveLength(planned.length);
      expect(mrc).toHaveLength(planned.length);
      // Whole watts in ERG: each end within 0.5 W. Tenths of a percent in MRC: within 0.05 % of FTP.
      for (let k = 0; k < planned.length; k++) {
        expect(Math.abs((erg[k] ?? Number.NaN) - (planned[k] ?? Number.NaN))).toBeLessThanOrEqual(0.5);
        expect(Math.abs((mrc[k] ?? Number.NaN) - (planned[k] ?? Number.NaN))).toBeLessThanOrEqual(
          0.0005 * ftpW,
        );
      }
    }
  });

  it('formats minutes and file names', () => {
    expect([0, 20, 30, 45, 90, 600, 3599].map(minutes)).toEqual([
      '0.00',
      '0.3333',
      '0.50',
      '0.75',
      '1.50',
      '10.00',
      '59.9833',
    ]);
    expect(fileBaseName('Umbral — ñandú 4×8′')).toBe('Umbral_nandu_4_8');
    expect(fileBaseName('🚴')).toBe('workout');
  });
});
