import {
  curvePowerAtW,
  type MeanMaxCurve,
  type ProfileDuration,
  type ProfileSex,
  profilePoint,
  profileTable,
  riderType,
} from '@vatio/analysis';
import type { PredictiveResponse } from '@vatio/schemas';

/** Scores within 10 points of each other read as a flat profile (all-rounder). */
const FLAT_PROFILE_POINTS = 10;
const round = (v: number, digits = 1) => Number(v.toFixed(digits));

const PROFILE: ReadonlyArray<{ key: '5s' | '1min' | '5min'; durationS: number; chart: ProfileDuration }> = [
  { key: '5s', durationS: 5, chart: 'neuromuscular5s' },
  { key: '1min', durationS: 60, chart: 'anaerobic1min' },
  { key: '5min', durationS: 300, chart: 'vo2max5min' },
];

/** Best 5 s, 1 min, 5 min of the last 90 days and the current FTP on Allen & Coggan's chart. */
export function powerProfile(
  best: MeanMaxCurve | undefined,
  ftpW: number | undefined,
  weightKg: number | undefined,
  profileSex: ProfileSex | null,
): PredictiveResponse['power_profile'] {
  if (!best || weightKg === undefined || ftpW === undefined) return null;
  // The women's table when the profile says female; the men's otherwise, and the answer says whether
  // the rider said.
  const { table: sex, sexSaid } = profileTable(profileSex);
  const entries = [
    ...PROFILE.map((p) => ({ key: p.key, chart: p.chart, powerW: curvePowerAtW(best, p.durationS) })),
    { key: 'ftp' as const, chart: 'threshold' as const, powerW: ftpW },
  ];
  const points = entries.flatMap((e) => {
    if (e.powerW === undefined) return [];
    const point = profilePoint({ sex, duration: e.chart, powerW: e.powerW, massKg: weightKg });
    return point
      ? [
          {
            key: e.key,
            chart: e.chart,
            power_w: Math.round(e.powerW),
            w_per_kg: round(point.wattsPerKg, 2),
            score: round(point.score),
            category: point.category ?? null,
          },
        ]
      : [];
  });
  const type =
    points.length === 4
      ? riderType(
          Object.fromEntries(points.map((p) => [p.chart, p.score])) as Record<ProfileDuration, number>,
          { flatWithinPoints: FLAT_PROFILE_POINTS },
        )
      : null;
  return {
    weight_kg: weightKg,
    table: sex,
    sex_said: sexSaid,
    points: points.map(({ chart: _chart, ...p }) => p),
    rider_type: type,
  };
}
