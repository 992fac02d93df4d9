import type { StravaListActivity } from '../../api/strava';

/** Spec 001 §9: type filters of the sync dashboard. 'ride' takes every kind of ride Strava knows. */
export const TYPE_FILTERS = ['all', 'ride', 'run', 'swim', 'workout'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];
/** Spec 001 §9: periods in days (default 30). */
export const PERIODS = [7, 30, 90, 365] as const;
export type Period = (typeof PERIODS)[number];

const RIDES =
  /^(ride|virtualride|gravelride|mountainbikeride|ebikeride|emountainbikeride|velomobile|handcycle)$/i;
const RUNS = /^(run|trailrun|virtualrun)$/i;

export function typeGroup(type: string): Exclude<TypeFilter, 'all'> {
  if (RIDES.test(type)) return 'ride';
  if (RUNS.test(type)) return 'run';
  if (/^swim$/i.test(type)) return 'swim';
  return 'workout';
}

/** Only rides are imported (Vatio analyses cycling power). */
export const isRide = (a: Pick<StravaListActivity, 'type'>) => typeGroup(a.type) === 'ride';

/** Spec 001 §9: activities starting on or after today minus N days, of the chosen type. */
export function filterActivities(
  list: StravaListActivity[],
  type: TypeFilter,
  periodDays: Period,
  nowMs: number,
): StravaListActivity[] {
  const from = new Date(nowMs);
  from.setHours(0, 0, 0, 0);
  from.setDate(from.getDate() - periodDays);
  return list.filter(
    (a) => (type === 'all' || typeGroup(a.type) === type) && Date.parse(a.start_date) >= from.getTime(),
  );
}

/** Spec 001 §2.12: moving time as 'Xh Ym' or 'Ym'. */
export function movingTimeText(seconds: number | null): string {
  if (seconds === null) return '—';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}
