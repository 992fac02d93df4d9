import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listActivities } from '../../api/activities';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { addDays } from './planDates';

export interface DayRide {
  id: string;
  name: string;
  tss: number | null;
  movingTimeS: number;
}

/** The browser's calendar day of an instant (the rider's wall calendar, as the plan counts days). */
export function localDay(instant: string): string {
  const date = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The rides of the days from `from` to `to`, by the rider's calendar day: the completed rides the
 * calendar shows beside the planned workouts (before the plan began too). The API filters by UTC day,
 * so a day more is asked on each side and the rides are placed by local day here.
 */
export function useRidesByDay(from: string, to: string): Map<string, DayRide[]> {
  const { user } = useAuth();
  const rides = useQuery({
    queryKey: queryKeys.activities.range(user?.id, from, to),
    queryFn: () =>
      listActivities({
        start_date: addDays(from, -1),
        end_date: addDays(to, 1),
        limit: 200,
        sort: 'date',
        order: 'asc',
      }),
    placeholderData: (previous) => previous,
  });
  return useMemo(() => {
    const byDay = new Map<string, DayRide[]>();
    for (const a of rides.data?.activities ?? []) {
      const day = localDay(a.start_date);
      if (day < from || day > to) continue;
      const list = byDay.get(day) ?? [];
      list.push({ id: a.id, name: a.name, tss: a.training_stress_score, movingTimeS: a.moving_time });
      byDay.set(day, list);
    }
    return byDay;
  }, [rides.data, from, to]);
}
