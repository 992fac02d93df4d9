import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createPlan, usePlanMutation } from '../../api/plan';
import type { PlanResponse, PlanSettingsInput } from '../../api/plan-types';
import { Button } from '../../components/ui/Button';
import { Field, Input } from '../../components/ui/Input';
import { validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { dayDate } from './planDates';
import { PlanError } from './PlanError';
import {
  type PlanSettingsFormOutput,
  type PlanSettingsFormValues,
  planSettingsFormSchema,
} from './planForms';

/** Tuesday to Sunday, the server's default: Monday rests after the weekend's long ride. */
const DEFAULT_WEEKDAYS = [2, 3, 4, 5, 6, 7];
// 2026-11-30 is a Monday: the weekday names come from Intl in the rider's language.
const MONDAY = '2026-11-30';

/**
 * What the planner needs besides the goals: the days the rider trains, optional weekly hours and
 * CTL ramp. Saving makes the plan (or makes it again from today with these settings).
 */
export function PlanSettingsForm({ plan, onDone }: { plan: PlanResponse; onDone?: () => void }) {
  const { t, i18n } = useTranslation(['plan', 'validation']);
  const language = i18n.language === 'es' ? 'es' : 'en';
  const s = plan.settings;
  const form = useForm<PlanSettingsFormValues, unknown, PlanSettingsFormOutput>({
    resolver: schemaResolver(planSettingsFormSchema),
    defaultValues: {
      training_weekdays: s?.training_weekdays ?? DEFAULT_WEEKDAYS,
      weekly_hours: s?.weekly_hours == null ? '' : String(s.weekly_hours),
      ramp_per_week: s?.ramp_per_week == null ? '' : String(s.ramp_per_week),
    },
  });
  const { register, formState } = form;
  const weekdays = form.watch('training_weekdays');
  const save = usePlanMutation((input: PlanSettingsInput) => createPlan(input));
  const submit = form.handleSubmit((values) => save.mutate(values, { onSuccess: () => onDone?.() }));
  const names = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(dayDate(MONDAY).getTime() + i * 86_400_000),
    ),
  );
  const error = (field: keyof PlanSettingsFormValues) =>
    validationMessage(formState.errors[field]?.message, t);
  return (
    <form className="space-y-3" data-testid="plan-settings" noValidate onSubmit={submit}>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('settings.weekdays')}
        </legend>
        <div className="mt-1 flex flex-wrap gap-1.5">
          {names.map((n, i) => {
            const day = i + 1;
            const on = weekdays.includes(day);
            return (
              <label
                key={day}
                className="flex cursor-pointer items-center gap-1 rounded-lg border border-slate-300 px-2 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-700"
              >
                <input
                  type="checkbox"
                  checked={on}
                  onChange={() =>
                    form.setValue(
                      'training_weekdays',
                      on ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort(),
                      { shouldDirty: true },
                    )
                  }
                />
                <span className="first-letter:uppercase">{n}</span>
              </label>
            );
          })}
        </div>
        {error('training_weekdays') && (
          <p role="alert" className="mt-1 text-xs font-medium text-red-600">
            {error('training_weekdays')}
          </p>
        )}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('settings.hours')} error={error('weekly_hours')}>
          {(props) => (
            <Input
              {...props}
              {...register('weekly_hours')}
              inputMode="decimal"
              placeholder={t('settings.optional')}
            />
          )}
        </Field>
        <Field label={t('settings.ramp')} error={error('ramp_per_week')}>
          {(props) => (
            <Input
              {...props}
              {...register('ramp_per_week')}
              inputMode="decimal"
              placeholder={t('settings.rampPlaceholder')}
            />
          )}
        </Field>
      </div>
      <PlanError error={save.error} />
      <Button type="submit" loading={save.isPending} data-testid="plan-create">
        {t(plan.status === 'none' ? 'settings.create' : 'settings.apply')}
      </Button>
    </form>
  );
}
