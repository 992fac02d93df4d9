import { describe, expect, it } from 'vitest';
import {
  PROFILE_CATEGORIES,
  type ProfileCategory,
  type ProfileDuration,
  type ProfileSex,
  profileCategoryFloorWPerKg,
  profilePoint,
} from './power-profile.ts';

/**
 * The published power-profile chart, as data apart from the implementation.
 *
 * Source A (every cell, rows 1–22 of 52): H. Allen, A. Coggan & S. McGregor, *Training and Racing with a
 * Power Meter*, 3rd ed. (VeloPress 2019), power profiling chart, as republished with VeloPress's
 * permission at cyklopedia.cc/cycling-tips/power-profile. Columns: men 5 s, 1 min, 5 min, FTP;
 * women 5 s, 1 min, 5 min, FTP (W/kg).
 */
const PUBLISHED_ROWS: ReadonlyArray<
  readonly [number, number, number, number, number, number, number, number]
> = [
  [25.18, 11.5, 7.6, 6.4, 19.42, 9.29, 6.74, 5.69],
  [24.88, 11.39, 7.5, 6.31, 19.2, 9.2, 6.64, 5.61],
  [24.59, 11.27, 7.39, 6.22, 18.99, 9.11, 6.55, 5.53],
  [24.29, 11.16, 7.29, 6.13, 18.77, 9.02, 6.45, 5.44],
  [24.0, 11.04, 7.19, 6.04, 18.56, 8.93, 6.36, 5.36],
  [23.7, 10.93, 7.08, 5.96, 18.34, 8.84, 6.26, 5.28],
  [23.4, 10.81, 6.98, 5.87, 18.13, 8.75, 6.17, 5.2],
  [23.11, 10.7, 6.88, 5.78, 17.91, 8.66, 6.07, 5.12],
  [22.81, 10.58, 6.77, 5.69, 17.7, 8.56, 5.98, 5.03],
  [22.51, 10.47, 6.67, 5.6, 17.48, 8.47, 5.88, 4.95],
  [22.22, 10.35, 6.57, 5.51, 17.26, 8.38, 5.79, 4.87],
  [21.92, 10.24, 6.46, 5.42, 17.05, 8.29, 5.69, 4.79],
  [21.63, 10.12, 6.36, 5.33, 16.83, 8.2, 5.6, 4.7],
  [21.33, 10.01, 6.26, 5.24, 16.62, 8.11, 5.5, 4.62],
  [21.03, 9.89, 6.15, 5.15, 16.4, 8.02, 5.41, 4.54],
  [20.74, 9.78, 6.05, 5.07, 16.19, 7.93, 5.31, 4.46],
  [20.44, 9.66, 5.95, 4.98, 15.97, 7.84, 5.21, 4.38],
  [20.15, 9.55, 5.84, 4.89, 15.76, 7.75, 5.12, 4.29],
  [19.85, 9.43, 5.74, 4.8, 15.54, 7.66, 5.02, 4.21],
  [19.55, 9.32, 5.64, 4.71, 15.32, 7.57, 4.93, 4.13],
  [19.26, 9.2, 5.53, 4.62, 15.11, 7.48, 4.83, 4.05],
  [18.96, 9.09, 5.43, 4.53, 14.89, 7.39, 4.74, 3.97],
];

const COLUMNS: ReadonlyArray<readonly [ProfileSex, ProfileDuration]> = [
  ['male', 'neuromuscular5s'],
  ['male', 'anaerobic1min'],
  ['male', 'vo2max5min'],
  ['male', 'threshold'],
  ['female', 'neuromuscular5s'],
  ['female', 'anaerobic1min'],
  ['female', 'vo2max5min'],
  ['female', 'threshold'],
];

/** Bottom row of each category's band on the chart (the bands overlap; source A's labels sit mid-band). */
const FLOOR_ROW: Readonly<Record<ProfileCategory, number>> = {
  'world-class': 9,
  exceptional: 15,
  excellent: 21,
  'very-good': 27,
  good: 34,
  moderate: 40,
  fair: 46,
  untrained: 52,
};

/**
 * Source B (category lower bounds to 0.1 W/kg, untrained given only as an upper bound): the
 * simplified tables "of those in Training and Racing with a Power Meter, 2nd Ed." at
 * cyclistshub.com/tools/ftp-calculator. Order: very good, good, moderate, fair (the bounds source A's
 * excerpt does not reach), then excellent, exceptional, world class.
 */
const SIMPLIFIED_FLOORS: Readonly<Record<ProfileSex, Record<ProfileDuration, readonly number[]>>> = {
  male: {
    neuromuscular5s: [17.5, 15.4, 13.6, 11.9, 19.3, 21, 22.8],
    anaerobic1min: [8.5, 7.7, 7, 6.3, 9.2, 9.9, 10.6],
    vo2max5min: [4.9, 4.2, 3.6, 3, 5.5, 6.2, 6.8],
    threshold: [4.1, 3.5, 3, 2.4, 4.6, 5.2, 5.6],
  },
  female: {
    neuromuscular5s: [13.8, 12.3, 11, 9.7, 15.1, 16.4, 17.7],
    anaerobic1min: [7, 6.3, 5.8, 5.2, 7.5, 8, 8.6],
    vo2max5min: [4.3, 3.6, 3, 2.5, 4.8, 5.4, 6],
    threshold: [3.6, 3, 2.5, 2, 4.1, 4.5, 5],
  },
};
const SIMPLIFIED_ORDER: readonly ProfileCategory[] = [
  'very-good',
  'good',
  'moderate',
  'fair',
  'excellent',
  'exceptional',
  'world-class',
];

/** The category source A gives a row: the highest band that row lies in. */
function publishedCategory(row: number): ProfileCategory {
  const inBand = PROFILE_CATEGORIES.filter((c) => row <= FLOOR_ROW[c]);
  return inBand.at(-1)!;
}

describe('power profile against the published chart', () => {
  COLUMNS.forEach(([sex, duration], column) => {
    describe(`${sex} ${duration}`, () => {
      it('puts every published cell of rows 1–22 in the band the chart gives it', () => {
        PUBLISHED_ROWS.forEach((cells, r) => {
          const row = r + 1;
          const wattsPerKg = cells[column]!;
          const point = profilePoint({ sex, duration, powerW: wattsPerKg * 70, massKg: 70 })!;
          expect({ row, category: point.category }).toEqual({ row, category: publishedCategory(row) });
        });
      });

      it('has the published top (row 1) at score 100 and the published floors of rows 9, 15, 21', () => {
        const top = PUBLISHED_ROWS[0]![column]!;
        expect(profilePoint({ sex, duration, powerW: top, massKg: 1 })!.score).toBeCloseTo(100, 9);
        for (const category of ['world-class', 'exceptional', 'excellent'] as const) {
          expect(profileCategoryFloorWPerKg(sex, duration, category)).toBe(
            PUBLISHED_ROWS[FLOOR_ROW[category] - 1]![column],
          );
        }
      });

      it('agrees with the simplified table on every category floor (to its 0.1 W/kg)', () => {
        SIMPLIFIED_ORDER.forEach((category, k) => {
          const floor = profileCategoryFloorWPerKg(sex, duration, category);
          expect(Math.abs(floor - SIMPLIFIED_FLOORS[sex][duration][k]!)).toBeLessThanOrEqual(0.1);
        });
      });

      it('changes category exactly at each floor', () => {
        PROFILE_CATEGORIES.forEach((category, k) => {
          const floor = profileCategoryFloorWPerKg(sex, duration, category);
          const at = profilePoint({ sex, duration, powerW: floor, massKg: 1 })!;
          const below = profilePoint({ sex, duration, powerW: floor - 0.005, massKg: 1 })!;
          expect(at.category).toBe(category);
          expect(below.category).toBe(k === 0 ? undefined : PROFILE_CATEGORIES[k - 1]);
        });
      });
    });
  });

  it('reads a 22.0 W/kg sprint as exceptional: world class starts at 22.81, not 21.86', () => {
    // 22.0 W/kg lies between rows 12 (21.92) and 11 (22.22): inside the exceptional band (rows 7–15) and
    // below the world-class band (rows 1–9).
    const point = profilePoint({ sex: 'male', duration: 'neuromuscular5s', powerW: 22, massKg: 1 })!;
    expect(point.category).toBe('exceptional');
  });
});
