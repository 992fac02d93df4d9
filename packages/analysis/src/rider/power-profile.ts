/**
 * Power profile (H. Allen, A. Coggan & S. McGregor, *Training and Racing with a Power Meter*, 3rd ed.,
 * VeloPress 2019, ch. 4, power profiling chart, men's and women's columns; the same chart as the 2nd
 * ed., 2010): best 5-s, 1-min, 5-min and FTP power in W/kg placed on a scale from untrained to world
 * class. Each column of the chart is a linear scale of 52 rows from its world-class top (row 1) to its
 * untrained floor (row 52), so a rider's position on each duration is a plain 0–100 score, and the
 * category is read from the chart's lower bounds: the bands overlap, and their bottom rows are 9 (world
 * class), 15, 21, 27, 34, 40, 46 and 52 (untrained). A rider who has not said which table applies is
 * read on the men's, and every answer names the table it used (`profileTable`).
 *
 * An older version of the chart (the one behind many web copies, e.g. "powerprofile_v4") tops the men's
 * 5-s column at 24.04 and the women's 5-min column at 6.61; the published book has 25.18 and 6.74.
 * Rows 1–22 of every column are checked cell by cell in power-profile.published.test.ts; the floors of
 * those two columns below row 22 are the chart's linear scale (top − (row − 1) · step, with the step the
 * published rows give), which matches the book's simplified category table to 0.1 W/kg.
 */

export type ProfileDuration = 'neuromuscular5s' | 'anaerobic1min' | 'vo2max5min' | 'threshold';
export type ProfileSex = 'male' | 'female';
export const PROFILE_CATEGORIES = [
  'untrained',
  'fair',
  'moderate',
  'good',
  'very-good',
  'excellent',
  'exceptional',
  'world-class',
] as const;
export type ProfileCategory = (typeof PROFILE_CATEGORIES)[number];

/** Lower bound of each category, W/kg, from untrained to world class, and the chart's top value. */
const CHART: Record<ProfileSex, Record<ProfileDuration, { lower: readonly number[]; top: number }>> = {
  male: {
    neuromuscular5s: { lower: [10.07, 11.85, 13.63, 15.41, 17.48, 19.26, 21.03, 22.81], top: 25.18 },
    anaerobic1min: { lower: [5.64, 6.33, 7.02, 7.71, 8.51, 9.2, 9.89, 10.58], top: 11.5 },
    vo2max5min: { lower: [2.33, 2.95, 3.57, 4.19, 4.91, 5.53, 6.15, 6.77], top: 7.6 },
    threshold: { lower: [1.86, 2.4, 2.93, 3.47, 4.09, 4.62, 5.15, 5.69], top: 6.4 },
  },
  female: {
    neuromuscular5s: { lower: [8.43, 9.72, 11.01, 12.31, 13.82, 15.11, 16.4, 17.7], top: 19.42 },
    anaerobic1min: { lower: [4.67, 5.21, 5.76, 6.3, 6.93, 7.48, 8.02, 8.56], top: 9.29 },
    vo2max5min: { lower: [1.88, 2.45, 3.02, 3.6, 4.26, 4.83, 5.41, 5.98], top: 6.74 },
    threshold: { lower: [1.5, 1.99, 2.49, 2.98, 3.55, 4.05, 4.54, 5.03], top: 5.69 },
  },
};

/** The table a rider is read on, and whether the rider said (`sexSaid`) or the men's table is assumed. */
export interface ProfileTable {
  readonly table: ProfileSex;
  readonly sexSaid: boolean;
}

/** The women's table when the rider said female, the men's otherwise (said male, or not said). */
export function profileTable(sex: ProfileSex | null | undefined): ProfileTable {
  return sex ? { table: sex, sexSaid: true } : { table: 'male', sexSaid: false };
}

export interface ProfilePoint {
  readonly wattsPerKg: number;
  /** 0 at the chart's untrained floor, 100 at its world-class top (may fall outside). */
  readonly score: number;
  /** Undefined below the untrained floor. */
  readonly category: ProfileCategory | undefined;
}

/** Places one best effort on the chart. */
export function profilePoint(input: {
  sex: ProfileSex;
  duration: ProfileDuration;
  powerW: number;
  massKg: number;
}): ProfilePoint | undefined {
  if (!(input.massKg > 0 && input.powerW >= 0)) return undefined;
  const row = CHART[input.sex][input.duration];
  const wattsPerKg = input.powerW / input.massKg;
  const floor = row.lower[0]!;
  let category: ProfileCategory | undefined;
  row.lower.forEach((bound, k) => {
    if (wattsPerKg >= bound) category = PROFILE_CATEGORIES[k];
  });
  return { wattsPerKg, score: ((wattsPerKg - floor) / (row.top - floor)) * 100, category };
}

/** Lower bound of a category of the chart, W/kg. */
export function profileCategoryFloorWPerKg(
  sex: ProfileSex,
  duration: ProfileDuration,
  category: ProfileCategory,
): number {
  return CHART[sex][duration].lower[PROFILE_CATEGORIES.indexOf(category)]!;
}

export type RiderType = 'all-rounder' | 'sprinter' | 'anaerobic' | 'pursuiter' | 'time-trialist';

/**
 * Rider type from the shape of the profile (Allen & Coggan's reading of the chart): a flat profile
 * (scores within `flatWithinPoints` of each other) is an all-rounder; otherwise the strongest
 * duration names the type: 5 s sprinter, 1 min anaerobic, 5 min pursuiter, FTP time-trialist.
 * Heuristic: the book describes the shapes in words, not thresholds.
 */
export function riderType(
  scores: Readonly<Record<ProfileDuration, number>>,
  options: { flatWithinPoints: number },
): RiderType {
  const entries = Object.entries(scores) as Array<[ProfileDuration, number]>;
  const values = entries.map(([, score]) => score);
  if (Math.max(...values) - Math.min(...values) <= options.flatWithinPoints) return 'all-rounder';
  const [strongest] = entries.reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  const types: Record<ProfileDuration, RiderType> = {
    neuromuscular5s: 'sprinter',
    anaerobic1min: 'anaerobic',
    vo2max5min: 'pursuiter',
    threshold: 'time-trialist',
  };
  return types[strongest];
}
