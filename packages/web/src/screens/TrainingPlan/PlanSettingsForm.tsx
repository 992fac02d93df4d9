import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPlan, usePlanMutation } from '../../api/plan';
import type { PlanResponse, PlanSettingsInput } from '../../api/plan-types';
import { Button } from '../../components/ui/Button';
import { Field, Input } from '../../components/ui/Input';
import { dayDate } from './planDates';
import { PlanError } from './PlanError';

/** Tuesday to Sunday, the server's default: Monday rests after the weekend's long ride. */
const DEFAULT_WEEKDAYS = [2, 3, 4, 5, 6, 7];
// 2026-11-30 is a Monday: the weekday names come from Intl in the rider's language.
const MONDAY = '2026-11-30';

/**
 * What the planner needs besides the goals: the days the rider trains, optional weekly hours and
 * CTL ramp. Saving makes the plan (or makes it again from today with these settings).
 */
export function PlanSettingsForm({ plan, onDone }: { plan: PlanResponse; onDone?: () => void }) {
  const { t, i18n } = useTranslation('plan');
  const language = i18n.language === 'es' ? 'es' : 'en';
  const s = plan.settings;
  const [weekdays, setWeekdays] = useState<number[]>(s?.training_weekdays ?? DEFAULT_WEEKDAYS);
  const [hours, setHours] = useState(
    s?.weekly_hours === null || s?.weekly_hours === undefined ? '' : String(s.weekly_hours),
  );
  const [ramp, setRamp] = useState(
    s?.ramp_per_week === null || s?.ramp_per_week === undefined ? '' : String(s.ramp_per_week),
  );
  const save = usePlanMutation((input: PlanSettingsInput) => createPlan(input));
  const names = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(dayDate(MONDAY).getTime() + i * 86_400_000),
    ),
  );
  const number = (v: string) => (v.trim() === '' ? null : Number(v.replace(',', '.')));
  return (
    <form
      className="space-y-3"
      data-testid="plan-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { training_weekdays: weekdays, weekly_hours: number(hours), ramp_per_week: number(ramp) },
          { onSuccess: () => onDone?.() },
        );
      }}
    >
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
                className="flex cursor-pointer items-center gap-1 rounded-lg border border-slate-300 px-2 py-1 text-sm capitalize has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-700"
              >
                <input
                  type="checkbox"
                  checked={on}
                  onChange={() =>
                    setWeekdays(on ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort())
                  }
                />
                {n}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('settings.hours')}>
          {(props) => (
            <Input
              {...props}
              inputMode="decimal"
              value={hours}
              onChange={(e) => setHours(e.target.value)}
              placeholder={t('settings.optional')}
            />
          )}
        </Field>
        <Field label={t('settings.ramp')}>
          {(props) => (
            <Input
              {...props}
              inputMode="decimal"
              value={ramp}
              onChange={(e) => setRamp(e.target.value)}
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
