import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/AuthProvider';
import { ApiError, type ApiErrorBody, readTokens, refreshTokens } from './client';
import { deleteGoalsByid } from './generated/deleteGoalsByid';
import { deletePlanCalendarToken } from './generated/deletePlanCalendarToken';
import { deletePlanDaysBydate } from './generated/deletePlanDaysBydate';
import { deletePlan as deletePlanRoute } from './generated/deletePlan';
import { deleteWorkoutsByid } from './generated/deleteWorkoutsByid';
import { getGoals } from './generated/getGoals';
import { getPlanCalendarToken } from './generated/getPlanCalendarToken';
import { getPlan as getPlanRoute } from './generated/getPlan';
import { getWorkouts } from './generated/getWorkouts';
import { getWorkoutsByidDownloadUrl } from './generated/getWorkoutsByidDownload';
import { getWorkoutsLibrary } from './generated/getWorkoutsLibrary';
import { getWorkoutsLibraryDownloadUrl } from './generated/getWorkoutsLibraryDownload';
import { patchGoalsByid } from './generated/patchGoalsByid';
import { patchWorkoutsByid } from './generated/patchWorkoutsByid';
import { postGoals } from './generated/postGoals';
import { postPlan } from './generated/postPlan';
import { postPlanCalendarToken } from './generated/postPlanCalendarToken';
import { postPlanReplan } from './generated/postPlanReplan';
import { postWorkouts } from './generated/postWorkouts';
import { putPlanDaysBydate } from './generated/putPlanDaysBydate';
import type { InputOf } from './generated/route';
import type {
  GoalInput,
  PlanDayOverrideInput,
  PlanSettingsInput,
  WorkoutExportFormat,
  WorkoutInput,
} from './plan-types';
import { queryKeys } from './query-keys';

// The training plan (/training-plan, issue 26): goals, the season plan and its days, the rider's
// workouts and the library, the calendar feed. Every change refreshes the whole `plan` family: a goal
// or a day edit moves the projection, a saved workout can be on a planned day.

export const listGoals = () => getGoals();
export const createGoal = (input: GoalInput) => postGoals({ body: input });
export const updateGoal = (id: string, input: InputOf<typeof patchGoalsByid>['body']) =>
  patchGoalsByid({ params: { id }, body: input });
export const deleteGoal = (id: string) => deleteGoalsByid({ params: { id } });

/** The plan counted in the browser's time zone (the rider's days are the ones on their wall). */
export const getPlan = () => getPlanRoute({ query: { tz: browserTimeZone() } });
export const createPlan = (input: PlanSettingsInput) =>
  postPlan({ body: { time_zone: browserTimeZone(), ...input } });
export const replan = () => postPlanReplan();
export const deletePlan = () => deletePlanRoute();
export const setPlanDay = (date: string, input: PlanDayOverrideInput) =>
  putPlanDaysBydate({ params: { date }, body: input });
export const clearPlanDay = (date: string) => deletePlanDaysBydate({ params: { date } });

export const getCalendarToken = () => getPlanCalendarToken();
export const rotateCalendarToken = () => postPlanCalendarToken();
export const revokeCalendarToken = () => deletePlanCalendarToken();

export const listWorkouts = () => getWorkouts();
export const listLibrary = () => getWorkoutsLibrary();
// The analysis model's Workout has read-only arrays; the JSON sent is the same as the schema's.
export const createWorkout = (input: WorkoutInput) =>
  postWorkouts({ body: input as InputOf<typeof postWorkouts>['body'] });
export const updateWorkout = (id: string, input: Partial<WorkoutInput>) =>
  patchWorkoutsByid({ params: { id }, body: input as InputOf<typeof patchWorkoutsByid>['body'] });
export const deleteWorkout = (id: string) => deleteWorkoutsByid({ params: { id } });

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Which workout to export: one of the rider's (by id) or a library session (by its id), optionally
 * resized to a planned day's TSS as the plan shows it (`fitted` days).
 */
export type ExportTarget = { source: 'own'; id: string } | { source: 'library'; id: string; tss?: number };

function exportUrl(target: ExportTarget, format: WorkoutExportFormat, hrAsPower: boolean): string {
  const hr_as_power = hrAsPower ? ('true' as const) : undefined;
  if (target.source === 'library') {
    const tss = target.tss === undefined ? undefined : Math.round(target.tss);
    return getWorkoutsLibraryDownloadUrl({ query: { format, hr_as_power, workout: target.id, tss } });
  }
  return getWorkoutsByidDownloadUrl({ params: { id: target.id }, query: { format, hr_as_power } });
}

/**
 * Downloads a workout file. A link cannot carry the bearer token, so the file is fetched and handed
 * to the browser as an object URL; an expired token is renewed once. Failures come back as ApiError
 * (the server's code, translated by the caller).
 */
export async function downloadWorkout(
  target: ExportTarget,
  format: WorkoutExportFormat,
  hrAsPower = false,
): Promise<string> {
  const path = exportUrl(target, format, hrAsPower);
  const send = () =>
    fetch(path, { headers: { authorization: `Bearer ${readTokens()?.access_token ?? ''}` } });
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && (await refreshTokens()) === 'ok') response = await send();
  } catch (error) {
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    const err = ((await response.json().catch(() => null)) as ApiErrorBody | null)?.error;
    throw new ApiError(
      response.status,
      err?.code ?? 'UNKNOWN',
      err?.message ?? response.statusText,
      undefined,
      err?.fields,
    );
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `workout.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function usePlan() {
  const { user } = useAuth();
  return useQuery({ queryKey: queryKeys.plan.plan(user?.id), queryFn: getPlan });
}

export function useGoals() {
  const { user } = useAuth();
  return useQuery({ queryKey: queryKeys.plan.goals(user?.id), queryFn: listGoals });
}

export function useWorkouts() {
  const { user } = useAuth();
  return useQuery({ queryKey: queryKeys.plan.workouts(user?.id), queryFn: listWorkouts });
}

export function useLibrary() {
  const { user } = useAuth();
  return useQuery({ queryKey: queryKeys.plan.library(user?.id), queryFn: listLibrary, staleTime: 60_000 });
}

export function useCalendarToken() {
  const { user } = useAuth();
  return useQuery({ queryKey: queryKeys.plan.calendarToken(user?.id), queryFn: getCalendarToken });
}

/** A mutation that refreshes every training-plan query when it succeeds. */
export function usePlanMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.plan.all }),
  });
}
