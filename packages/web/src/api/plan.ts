import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/AuthProvider';
import { ApiError, type ApiErrorBody, api, readTokens, refreshTokens } from './client';
import type {
  CalendarTokenCreated,
  CalendarTokenStatus,
  GoalInput,
  GoalResponse,
  LibraryWorkoutResponse,
  PlanDayOverrideInput,
  PlanResponse,
  PlanSettingsInput,
  WorkoutExportFormat,
  WorkoutInput,
  WorkoutResponse,
} from './plan-types';
import { queryKeys } from './query-keys';

// The training plan (/training-plan, issue 26): goals, the season plan and its days, the rider's
// workouts and the library, the calendar feed. Every change refreshes the whole `plan` family: a goal
// or a day edit moves the projection, a saved workout can be on a planned day.

export const listGoals = () => api<GoalResponse[]>('/goals');
export const createGoal = (input: GoalInput) => api<GoalResponse>('/goals', { method: 'POST', body: input });
export const updateGoal = (id: string, input: Partial<GoalInput>) =>
  api<GoalResponse>(`/goals/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
export const deleteGoal = (id: string) => api<void>(`/goals/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The plan counted in the browser's time zone (the rider's days are the ones on their wall). */
export const getPlan = () => api<PlanResponse>(`/plan?tz=${encodeURIComponent(browserTimeZone())}`);
export const createPlan = (input: PlanSettingsInput) =>
  api<PlanResponse>('/plan', { method: 'POST', body: { time_zone: browserTimeZone(), ...input } });
export const replan = () => api<PlanResponse>('/plan/replan', { method: 'POST', body: {} });
export const deletePlan = () => api<void>('/plan', { method: 'DELETE' });
export const setPlanDay = (date: string, input: PlanDayOverrideInput) =>
  api<PlanResponse>(`/plan/days/${date}`, { method: 'PUT', body: input });
export const clearPlanDay = (date: string) => api<void>(`/plan/days/${date}`, { method: 'DELETE' });

export const getCalendarToken = () => api<CalendarTokenStatus>('/plan/calendar-token');
export const rotateCalendarToken = () =>
  api<CalendarTokenCreated>('/plan/calendar-token', { method: 'POST', body: {} });
export const revokeCalendarToken = () => api<void>('/plan/calendar-token', { method: 'DELETE' });

export const listWorkouts = () => api<WorkoutResponse[]>('/workouts');
export const listLibrary = () => api<LibraryWorkoutResponse[]>('/workouts/library');
export const createWorkout = (input: WorkoutInput) =>
  api<WorkoutResponse>('/workouts', { method: 'POST', body: input });
export const updateWorkout = (id: string, input: Partial<WorkoutInput>) =>
  api<WorkoutResponse>(`/workouts/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
export const deleteWorkout = (id: string) =>
  api<void>(`/workouts/${encodeURIComponent(id)}`, { method: 'DELETE' });

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

function exportPath(target: ExportTarget, format: WorkoutExportFormat, hrAsPower: boolean): string {
  const query = new URLSearchParams({ format });
  if (hrAsPower) query.set('hr_as_power', 'true');
  if (target.source === 'library') {
    query.set('workout', target.id);
    if (target.tss !== undefined) query.set('tss', String(Math.round(target.tss)));
    return `/workouts/library/download?${query}`;
  }
  return `/workouts/${encodeURIComponent(target.id)}/download?${query}`;
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
  const path = `/api${exportPath(target, format, hrAsPower)}`;
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
