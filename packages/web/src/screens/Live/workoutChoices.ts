import { libraryWorkout, type Workout } from '@vatio/analysis';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { getPlan, listWorkouts } from '../../api/plan';
import type { PlanDay, PlanResponse, PlanWorkout, WorkoutResponse } from '../../api/plan-types';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import type { QueryState } from '../../components/Loadable';
import type { WorkoutPlan } from './workoutRide';

/**
 * The workouts a rider can ride on /dashboard/responsive, each by one value (the picker's option value,
 * the `?workout=` link and, with the FIT tag's `vatio-workout:` prefix, the saved ride's reference):
 * - `plan:<YYYY-MM-DD>`: the plan's workout of that day (today, in the plan's own `today`, which the
 *   server works out in the rider's time zone), ridden as the plan shows it (a library session resized
 *   to the day's TSS, so the ride is compared with the same steps);
 * - `own:<id>`: one of the rider's own workouts (GET /api/workouts);
 * - `library:<id>`: a library session (analysis' WORKOUT_LIBRARY). A bare `<id>` in a link is read as
 *   `library:<id>`, the form the first links used.
 */
export interface WorkoutChoice {
  value: string;
  ref: WorkoutPlan['ref'];
  /** In the rider's language, as the saved ride is named. */
  name: string;
  /** A library session's `plan` key, so the live view follows a language change. */
  nameKey?: string;
  /** In words, already translated: the library's description, the rider's own, or none. */
  description?: string;
  workout: Workout;
}

/**
 * A planned workout's name: the rider's own, or the library session's words in the `plan` namespace
 * (as the training plan screen names it; a screen does not import another screen's folder).
 */
export function plannedName(workout: Pick<PlanWorkout, 'name' | 'name_key'>, t: TFunction): string {
  if (workout.name_key) return t(`plan:${workout.name_key}`, { defaultValue: workout.name ?? '' });
  return workout.name ?? '';
}

/** A link's value as the picker's: a bare library id becomes `library:<id>`. */
export function choiceValue(link: string): string {
  if (link === '' || /^(plan|own|library):/.test(link)) return link;
  return `library:${link}`;
}

/** Today's day of the plan when it holds a workout to ride (not skipped, not a rest or event day). */
export function plannedToday(plan: PlanResponse | undefined): PlanDay | undefined {
  if (!plan || plan.status === 'none') return undefined;
  const day = plan.days.find((d) => d.date === plan.today);
  return day?.workout && day.workout.structure.steps.length > 0 ? day : undefined;
}

export interface WorkoutChoices {
  /** Without a session there is no plan and no own workout to ask for: the library only. */
  signedIn: boolean;
  /** The rider's plan and own workouts are still being asked for. */
  loading: boolean;
  /**
   * Both answers as one query for the picker's Loadable: pending while either is, failed when either
   * failed (the library is still offered), and a retry that asks again for the one that failed.
   */
  query: QueryState<{ plan: PlanResponse; workouts: WorkoutResponse[] }>;
  /** No plan made yet (signed in, plan answered). */
  noPlan: boolean;
  today: PlanDay | undefined;
  own: WorkoutResponse[];
  /** The choice a value names, or undefined (an unknown id, a day that is not today's plan, or not yet loaded). */
  resolve: (value: string) => WorkoutChoice | undefined;
}

/**
 * Today's planned workout (GET /api/plan) and the rider's own (GET /api/workouts), under the
 * training plan's query keys so /training-plan and this screen share one answer. Without a session
 * (e.g. a rider signed out in another tab) only the library is offered.
 */
export function useWorkoutChoices(): WorkoutChoices {
  const { t } = useTranslation(['live', 'plan']);
  const { user } = useAuth();
  const signedIn = Boolean(user);
  const plan = useQuery({ queryKey: queryKeys.plan.plan(user?.id), queryFn: getPlan, enabled: signedIn });
  const workouts = useQuery({
    queryKey: queryKeys.plan.workouts(user?.id),
    queryFn: listWorkouts,
    enabled: signedIn,
  });
  const today = plannedToday(plan.data);
  const own = workouts.data ?? [];

  const resolve = (value: string): WorkoutChoice | undefined => {
    const colon = value.indexOf(':');
    if (colon < 0) return undefined;
    const source = value.slice(0, colon);
    const id = value.slice(colon + 1);
    if (source === 'library') {
      const w = libraryWorkout(id);
      if (!w) return undefined;
      return {
        value,
        ref: { source: 'library', id: w.id },
        name: t(w.nameKey, { ns: 'plan' }),
        nameKey: w.nameKey,
        description: t(w.descriptionKey, { ns: 'plan' }),
        workout: w.workout,
      };
    }
    if (source === 'own') {
      const w = own.find((o) => o.id === id);
      if (!w) return undefined;
      return {
        value,
        ref: { source: 'own', id: w.id },
        name: w.name,
        ...(w.description ? { description: w.description } : {}),
        workout: w.structure as Workout,
      };
    }
    if (source === 'plan' && today && today.date === id && today.workout) {
      return {
        value,
        ref: { source: 'plan', id: today.date },
        name: plannedName(today.workout, t),
        ...(today.workout.name_key ? { nameKey: today.workout.name_key } : {}),
        description: t('workout.plannedToday'),
        workout: today.workout.structure as Workout,
      };
    }
    return undefined;
  };

  return {
    signedIn,
    loading: signedIn && (plan.isPending || workouts.isPending),
    query: {
      data: plan.data && workouts.data ? { plan: plan.data, workouts: workouts.data } : undefined,
      error: plan.error ?? workouts.error,
      isPending: plan.isPending || workouts.isPending,
      isError: plan.isError || workouts.isError,
      refetch: () => Promise.all([plan.isError && plan.refetch(), workouts.isError && workouts.refetch()]),
    },
    noPlan: plan.data?.status === 'none',
    today,
    own,
    resolve,
  };
}
