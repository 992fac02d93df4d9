import { useQuery } from '@tanstack/react-query';
import { Flag, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { listActivities } from '../../api/activities';
import { ApiError } from '../../api/client';
import { createGoal, deleteGoal, updateGoal, usePlanMutation } from '../../api/plan';
import { GOAL_KIND_VALUES, type GoalInput, type GoalResponse } from '../../api/plan-types';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, Input, Select } from '../../components/ui/Input';
import { EditDeleteButtons } from './EditDeleteButtons';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';
import { useFormat } from '../../hooks/useFormat';
import { schemaResolver } from '../../lib/form';
import { validationMessage } from '../../lib/errors';
import { LabelledValue } from './LabelledValue';
import { addDays } from './planDates';
import { PlanError } from './PlanError';
import { type GoalFormOutput, type GoalFormValues, goalFormSchema } from './planForms';

/** The rider's events (A, B, C), each with its predicted power and time, and the form to add or edit one. */
export function GoalsPanel({
  goals,
  today,
  addOpen,
  onAddOpenChange,
}: {
  goals: readonly GoalResponse[];
  today: string;
  addOpen: boolean;
  onAddOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('plan');
  const [editing, setEditing] = useState<GoalResponse | null>(null);
  const remove = usePlanMutation((id: string) => deleteGoal(id));
  const sorted = [...goals].sort((a, b) => (a.date < b.date ? -1 : 1));
  return (
    <section className="space-y-3" aria-labelledby="goals-title" data-testid="goals">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="goals-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('goals.title')}
        </h2>
        <Button data-testid="goal-add" onClick={() => onAddOpenChange(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('goals.add')}
        </Button>
      </div>
      {sorted.length === 0 ? (
        <Card className="p-5 text-sm text-slate-600 dark:text-slate-300">{t('goals.none')}</Card>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {sorted.map((g) => (
            <li key={g.id}>
              <GoalCard
                goal={g}
                past={g.date < today}
                onEdit={() => setEditing(g)}
                onDelete={() => remove.mutate(g.id)}
                deleting={remove.isPending && remove.variables === g.id}
              />
            </li>
          ))}
        </ul>
      )}
      <PlanError error={remove.error} />
      {addOpen && <GoalDialog today={today} onClose={() => onAddOpenChange(false)} />}
      {editing && <GoalDialog today={today} goal={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function GoalCard({
  goal,
  past,
  onEdit,
  onDelete,
  deleting,
}: {
  goal: GoalResponse;
  past: boolean;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { t } = useTranslation('plan');
  const f = useFormat();
  return (
    <Card className="space-y-3 p-4" data-testid="goal-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <span
              aria-hidden
              className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-brand-600 text-xs text-white"
            >
              {goal.priority}
            </span>
            <span className="sr-only">{t('goals.priorityLabel', { priority: goal.priority })}</span>
            <span className="truncate">{goal.name}</span>
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {f.longDate(goal.date)} · {t(`goals.kind.${goal.kind}`)}
            {past && ` · ${t('goals.past')}`}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <EditDeleteButtons
            editLabel={t('goals.edit', { name: goal.name })}
            deleteLabel={t('goals.delete', { name: goal.name })}
            onEdit={onEdit}
            onDelete={onDelete}
            deleting={deleting}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
          />
        </div>
      </div>
      <Prediction goal={goal} />
    </Card>
  );
}

/** The prediction's distance and speed, quieter than its power and time. */
const SECONDARY_VALUE = 'text-slate-800 dark:text-slate-100';

/** The event model's predicted power and time, or why there is none. */
function Prediction({ goal }: { goal: GoalResponse }) {
  const { t } = useTranslation('plan');
  const f = useFormat();
  const p = goal.prediction;
  if (!p) {
    return (
      <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="goal-prediction-none">
        {t(`goals.predictionUnavailable.${goal.prediction_unavailable ?? 'no_model'}`)}
      </p>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="goal-prediction">
      <LabelledValue label={t('goals.predictedPower')} value={f.watts(p.power_w)} />
      <LabelledValue label={t('goals.predictedTime')} value={f.clock(p.time_s)} />
      <LabelledValue
        label={t('goals.distance')}
        value={f.distance(p.distance_m)}
        valueClassName={SECONDARY_VALUE}
      />
      <LabelledValue
        label={t('goals.speed')}
        value={f.speed(p.average_speed_kmh / 3.6)}
        valueClassName={SECONDARY_VALUE}
      />
      <p className="col-span-full text-xs text-slate-500 dark:text-slate-400">
        {t(`goals.predictionSource.${p.source}`)}
      </p>
    </dl>
  );
}

/** Fields the goal form shows its errors beside; any other field's error shows under the form. */
const GOAL_FORM_FIELDS = [
  'name',
  'date',
  'priority',
  'kind',
  'course_activity_id',
  'expected_tss',
  'notes',
] as const;
type GoalField = (typeof GOAL_FORM_FIELDS)[number];

/**
 * Add or edit an event. The form validates with the server's schema (the same message keys); the
 * server's own checks (a date in the past, A events 28 days apart, a course that is not a ride of
 * the rider's) come back as field errors and are shown beside their field, in the rider's language.
 */
function GoalDialog({ goal, today, onClose }: { goal?: GoalResponse; today: string; onClose: () => void }) {
  const { t } = useTranslation(['plan', 'validation']);
  const f = useFormat();
  const { user } = useAuth();
  const rides = useQuery({
    queryKey: queryKeys.activities.courses(user?.id),
    queryFn: () => listActivities({ limit: 50, sort: 'distance', order: 'desc' }),
  });
  const form = useForm<GoalFormValues, unknown, GoalFormOutput>({
    resolver: schemaResolver(goalFormSchema),
    defaultValues: {
      name: goal?.name ?? '',
      date: goal?.date ?? addDays(today, 84),
      priority: goal?.priority ?? 'A',
      kind: goal?.kind ?? 'road_race',
      course_activity_id: goal?.course_activity_id ?? '',
      expected_tss: goal?.expected_tss == null ? '' : String(goal.expected_tss),
      notes: goal?.notes ?? '',
    },
  });
  const { register, formState } = form;
  const [saved, setSaved] = useState<GoalResponse | null>(null);
  const save = usePlanMutation((input: GoalInput) => (goal ? updateGoal(goal.id, input) : createGoal(input)));
  const error = (field: GoalField) => validationMessage(formState.errors[field]?.message, t);
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: setSaved,
      onError: (e) => {
        if (!(e instanceof ApiError)) return;
        for (const [field, key] of Object.entries(e.fields)) {
          if ((GOAL_FORM_FIELDS as readonly string[]).includes(field))
            form.setError(field as GoalField, { message: key });
        }
      },
    }),
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(goal ? 'goals.editTitle' : 'goals.addTitle')}
    >
      {saved ? (
        <div className="space-y-4" data-testid="goal-saved">
          <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
            <Flag className="h-4 w-4 text-brand-600" aria-hidden /> {saved.name} · {f.longDate(saved.date)}
          </p>
          <Prediction goal={saved} />
          <Button onClick={onClose} data-testid="goal-done">
            {t('actions.done')}
          </Button>
        </div>
      ) : (
        <form className="space-y-4" data-testid="goal-form" noValidate onSubmit={submit}>
          <Field label={t('goals.name')} error={error('name')}>
            {(props) => <Input {...props} {...register('name')} maxLength={120} data-testid="goal-name" />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('goals.date')} error={error('date')}>
              {(props) => (
                <Input {...props} {...register('date')} type="date" min={today} data-testid="goal-date" />
              )}
            </Field>
            <Field label={t('goals.kindLabel')} error={error('kind')}>
              {(props) => (
                <Select {...props} {...register('kind')} data-testid="goal-kind">
                  {GOAL_KIND_VALUES.map((k) => (
                    <option key={k} value={k}>
                      {t(`goals.kind.${k}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('goals.priority')}
            </legend>
            <div className="mt-1 grid gap-2 sm:grid-cols-3">
              {(['A', 'B', 'C'] as const).map((p) => (
                <label
                  key={p}
                  className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-slate-700"
                >
                  <input
                    type="radio"
                    value={p}
                    {...register('priority')}
                    className="mt-0.5"
                    data-testid={`goal-priority-${p}`}
                  />
                  <span>
                    <span className="font-semibold">{p}</span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {t(`goals.priorityHint.${p}`)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {error('priority') && (
              <p className="mt-1 text-xs font-medium text-red-600">{error('priority')}</p>
            )}
          </fieldset>
          <Field label={t('goals.course')} hint={t('goals.courseHint')} error={error('course_activity_id')}>
            {(props) => (
              <Select {...props} {...register('course_activity_id')} data-testid="goal-course">
                <option value="">{t('goals.noCourse')}</option>
                {(rides.data?.activities ?? []).map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name} · {f.date(r.start_date)} · {f.distance(r.distance)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('goals.expectedTss')}
            hint={t('goals.expectedTssHint')}
            error={error('expected_tss')}
          >
            {(props) => <Input {...props} {...register('expected_tss')} inputMode="decimal" />}
          </Field>
          <Field label={t('goals.notes')} error={error('notes')}>
            {(props) => <Textarea {...props} {...register('notes')} rows={2} maxLength={2000} />}
          </Field>
          <PlanError error={save.error} except={GOAL_FORM_FIELDS} />
          <div className="flex gap-2">
            <Button type="submit" loading={save.isPending} data-testid="goal-save">
              {t('actions.save')}
            </Button>
            <Button variant="ghost" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
