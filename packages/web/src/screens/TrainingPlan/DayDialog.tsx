import { Bike } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clearPlanDay, setPlanDay, useLibrary, usePlanMutation, useWorkouts } from '../../api/plan';
import type { PlanDay, PlanDayOverrideInput, PlanResponse } from '../../api/plan-types';
import { Button } from '../../components/ui/Button';
import { Field, Input, Select } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { useFormat } from '../../hooks/useFormat';
import { validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { ExportButtons } from './ExportButtons';
import { LabelledValue } from './LabelledValue';
import { dayDate } from './planDates';
import { PlanError } from './PlanError';
import {
  type EditDayFormValues,
  editDayFormSchema,
  type OtherDayFormValues,
  otherDayFormSchema,
} from './planForms';
import { phaseLabel, planWorkoutName } from './planText';
import { useRidesByDay } from './useRidesByDay';
import { WorkoutProfile } from './WorkoutProfile';

type Mode = 'view' | 'move' | 'swap' | 'edit';

/**
 * One planned day: what it holds, what was ridden and how closely, and its actions (move it to another
 * day, skip it, swap it with another day, or edit its workout, TSS or note; a changed day can be put
 * back). Days already lived and event days cannot be changed (the server says so too).
 */
export function DayDialog({
  plan,
  day,
  ftpW,
  onClose,
}: {
  plan: PlanResponse;
  day: PlanDay;
  ftpW: number | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['plan', 'common']);
  const f = useFormat();
  const language = i18n.language === 'es' ? 'es' : 'en';
  const [mode, setMode] = useState<Mode>('view');
  const change = usePlanMutation((input: PlanDayOverrideInput) => setPlanDay(day.date, input));
  const reset = usePlanMutation(() => clearPlanDay(day.date));
  const editable = day.date >= plan.today && day.goal_id === null;
  const title = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(
    dayDate(day.date),
  );
  const lastDay = plan.days.at(-1)?.date;
  const submit = (input: PlanDayOverrideInput) => change.mutate(input, { onSuccess: onClose });
  const c = day.compliance;
  const rides = useRidesByDay(day.date, day.date).get(day.date) ?? [];

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={<span className="block first-letter:uppercase">{title}</span>}
    >
      <div className="space-y-4" data-testid="day-dialog">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {phaseLabel(day.phase, t)} · {t(`purpose.${day.purpose}`, { defaultValue: day.purpose })}
          {day.planned_tss > 0 && ` · ${t('calendar.plannedTss', { tss: f.number(day.planned_tss) })}`}
        </p>
        {day.workout && (
          <div className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <p className="font-semibold text-slate-900 dark:text-white">{planWorkoutName(day.workout, t)}</p>
            {day.workout.structure.steps.length > 0 && (
              <WorkoutProfile
                workout={day.workout.structure}
                ftpW={ftpW}
                label={t('libraryView.profileLabel', {
                  name: planWorkoutName(day.workout, t),
                  duration: f.hoursMinutes(day.workout.duration_s),
                })}
                height={48}
              />
            )}
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {f.hoursMinutes(day.workout.duration_s)} · {t('calendar.tss')} {f.number(day.workout.tss)} ·{' '}
              <code className="font-mono">{day.workout.text}</code>
            </p>
            {day.workout.fitted && (
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('day.fitted')}</p>
            )}
            {day.date === plan.today && day.workout.structure.steps.length > 0 && (
              // Today's session on the live screen, preselected there as the plan's (`plan:<date>`,
              // Live/workoutChoices.ts), so the saved ride names the plan day it followed.
              <Link
                to={`/dashboard/responsive?${new URLSearchParams({ workout: `plan:${day.date}` })}`}
                className="inline-flex min-h-10 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                data-testid="day-ride-it"
              >
                <Bike className="h-4 w-4" aria-hidden />
                {t('day.rideIt')}
              </Link>
            )}
            <ExportButtons
              target={
                day.workout.source === 'own'
                  ? { source: 'own', id: day.workout.id }
                  : {
                      source: 'library',
                      id: day.workout.id,
                      ...(day.workout.fitted ? { tss: day.planned_tss } : {}),
                    }
              }
              workout={day.workout.structure}
              name={planWorkoutName(day.workout, t)}
            />
          </div>
        )}
        {day.override?.note && (
          <p className="text-sm italic text-slate-600 dark:text-slate-300">{day.override.note}</p>
        )}
        {day.actual_tss !== null && (
          <div className="text-sm text-slate-700 dark:text-slate-200" data-testid="day-actual">
            <p>{t('day.ridden', { tss: f.number(day.actual_tss), rides: day.ride_ids.length })}</p>
            {c && (
              <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                <Stat
                  label={t('compliance.score')}
                  value={c.score === null ? '—' : `${f.number(c.score)} %`}
                />
                <Stat label={t('compliance.inTarget')} value={pct(c.in_target_fraction, f.number)} />
                <Stat label={t('compliance.duration')} value={pct(c.duration_ratio, f.number)} />
                <Stat label={t('compliance.tss')} value={pct(c.tss_ratio, f.number)} />
              </dl>
            )}
            {rides.length > 0 && (
              <ul className="mt-2 space-y-0.5" aria-label={t('calendar.rides')}>
                {rides.map((r) => (
                  <li key={r.id}>
                    <Link
                      to={`/activities/${r.id}`}
                      className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-500"
                    >
                      {r.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {c?.unavailable && (
              <p className="mt-1 text-xs text-slate-500">{t(`compliance.unavailable.${c.unavailable}`)}</p>
            )}
          </div>
        )}

        <PlanError error={change.error ?? reset.error} />

        {!editable ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {day.goal_id !== null ? t('day.eventFixed') : t('day.pastFixed')}
          </p>
        ) : mode === 'view' ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" data-testid="day-move" onClick={() => setMode('move')}>
              {t('day.move')}
            </Button>
            <Button variant="secondary" data-testid="day-swap" onClick={() => setMode('swap')}>
              {t('day.swap')}
            </Button>
            <Button variant="secondary" data-testid="day-edit" onClick={() => setMode('edit')}>
              {t('day.edit')}
            </Button>
            <Button
              variant="secondary"
              data-testid="day-skip"
              loading={change.isPending}
              onClick={() => submit({ action: 'skip' })}
            >
              {t('day.skip')}
            </Button>
            {day.override && (
              <Button
                variant="ghost"
                data-testid="day-reset"
                loading={reset.isPending}
                onClick={() => reset.mutate(undefined, { onSuccess: onClose })}
              >
                {t('day.reset')}
              </Button>
            )}
          </div>
        ) : mode === 'edit' ? (
          <EditForm day={day} pending={change.isPending} onCancel={() => setMode('view')} onSubmit={submit} />
        ) : (
          <OtherDayForm
            mode={mode}
            min={plan.today}
            max={lastDay}
            pending={change.isPending}
            onCancel={() => setMode('view')}
            onSubmit={submit}
          />
        )}
      </div>
    </Modal>
  );
}

function pct(ratio: number | null, number: (v: number | null, d?: number) => string): string {
  return ratio === null ? '—' : `${number(ratio * 100)} %`;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <LabelledValue className="rounded-lg bg-slate-50 p-2 dark:bg-slate-900/40" label={label} value={value} />
  );
}

function OtherDayForm({
  mode,
  min,
  max,
  pending,
  onCancel,
  onSubmit,
}: {
  mode: 'move' | 'swap';
  min: string;
  max: string | undefined;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (input: PlanDayOverrideInput) => void;
}) {
  const { t } = useTranslation(['plan', 'validation']);
  const form = useForm<OtherDayFormValues, unknown, PlanDayOverrideInput>({
    resolver: schemaResolver(otherDayFormSchema(mode)),
    defaultValues: { other_day: '' },
  });
  const submit = form.handleSubmit(onSubmit);
  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={submit}>
      <Field
        label={t(mode === 'move' ? 'day.moveTo' : 'day.swapWith')}
        error={validationMessage(form.formState.errors.other_day?.message, t)}
      >
        {(props) => (
          <Input
            {...props}
            {...form.register('other_day')}
            type="date"
            min={min}
            max={max}
            data-testid="day-other"
          />
        )}
      </Field>
      <Button type="submit" loading={pending} data-testid="day-confirm">
        {t(mode === 'move' ? 'day.move' : 'day.swap')}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
    </form>
  );
}

function EditForm({
  day,
  pending,
  onCancel,
  onSubmit,
}: {
  day: PlanDay;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (input: PlanDayOverrideInput) => void;
}) {
  const { t } = useTranslation(['plan', 'validation']);
  const library = useLibrary();
  const own = useWorkouts();
  const current = {
    choice: day.workout ? `${day.workout.source}:${day.workout.id}` : '',
    tss: day.planned_tss,
    note: day.override?.note ?? '',
  };
  const form = useForm<EditDayFormValues, unknown, PlanDayOverrideInput>({
    resolver: schemaResolver(editDayFormSchema(current)),
    defaultValues: {
      choice: current.choice,
      tss: day.planned_tss > 0 ? String(Math.round(day.planned_tss)) : '',
      note: current.note,
    },
  });
  const { register, formState } = form;
  const submit = form.handleSubmit(onSubmit);
  const error = (field: 'choice' | 'tss' | 'note') => validationMessage(formState.errors[field]?.message, t);
  // Nothing changed is the schema's whole-object rule (`plan_edit_empty`, on `action`).
  const nothing = validationMessage(
    (formState.errors as Record<string, { message?: string } | undefined>).action?.message ??
      formState.errors.root?.message,
    t,
  );
  return (
    <form className="space-y-3" data-testid="day-edit-form" noValidate onSubmit={submit}>
      <Field label={t('day.workout')} error={error('choice')}>
        {(props) => (
          <Select {...props} {...register('choice')} data-testid="day-workout">
            {!current.choice && <option value="">{t('day.noWorkout')}</option>}
            {(own.data ?? []).length > 0 && (
              <optgroup label={t('workouts.mine')}>
                {(own.data ?? []).map((w) => (
                  <option key={w.id} value={`own:${w.id}`}>
                    {w.name}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label={t('libraryView.title')}>
              {(library.data ?? []).map((w) => (
                <option key={w.id} value={`library:${w.id}`}>
                  {t(`purpose.${w.purpose}`)} — {t(w.name_key)}
                </option>
              ))}
            </optgroup>
          </Select>
        )}
      </Field>
      <Field label={t('day.tss')} error={error('tss')}>
        {(props) => <Input {...props} {...register('tss')} inputMode="decimal" data-testid="day-tss" />}
      </Field>
      <Field label={t('day.note')} error={error('note')}>
        {(props) => <Input {...props} {...register('note')} maxLength={500} />}
      </Field>
      {nothing && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {nothing}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={pending} data-testid="day-save">
          {t('actions.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
