import { libraryWorkout, WORKOUT_LIBRARY, WORKOUT_PURPOSES, workoutLoad } from '@vatio/analysis';
import { Dumbbell } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverviewData } from '../../api/overview';
import { Card } from '../../components/ui/Card';
import { useFormat } from '../../hooks/useFormat';
import { WorkoutProfile } from './WorkoutProfile';
import { workoutPlan } from './workoutRide';

const selectClass =
  'min-h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

/**
 * The workout to ride, from the library (analysis' WORKOUT_LIBRARY, on the client), grouped by what it
 * trains; '' for a free ride. `?workout=<library id>` preselects one (the plan's "ride it" link).
 */
export function WorkoutPicker({
  overview,
  workoutId,
  onChange,
  unknownLinkId,
}: {
  overview: OverviewData;
  workoutId: string;
  onChange: (id: string) => void;
  unknownLinkId: string | undefined;
}) {
  const { t } = useTranslation(['live', 'plan']);
  const f = useFormat();
  const ftpW = overview.live.ftp_w;
  const chosen = workoutId ? libraryWorkout(workoutId) : undefined;
  const plan = useMemo(
    () =>
      chosen
        ? workoutPlan(
            { source: 'library', id: chosen.id },
            t(chosen.nameKey, { ns: 'plan' }),
            chosen.workout,
            ftpW,
          )
        : undefined,
    [chosen, ftpW, t],
  );
  const tss = chosen ? workoutLoad(chosen.workout, ftpW).tss : undefined;

  return (
    <Card className="space-y-3 p-4 sm:p-5" data-testid="workout-picker">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <Dumbbell className="h-5 w-5 text-brand-600" aria-hidden />
        {t('workout.title')}
      </h2>
      {unknownLinkId && (
        <p className="text-sm text-amber-700 dark:text-amber-300">
          {t('workout.unknownLink', { id: unknownLinkId })}
        </p>
      )}
      <label className="block space-y-1 text-sm text-slate-700 dark:text-slate-200">
        <span>{t('workout.pick')}</span>
        <select
          className={selectClass}
          value={workoutId}
          onChange={(e) => onChange(e.target.value)}
          data-testid="workout-select"
        >
          <option value="">{t('workout.none')}</option>
          {WORKOUT_PURPOSES.map((purpose) => (
            <optgroup key={purpose} label={t(`purpose.${purpose}`, { ns: 'plan' })}>
              {WORKOUT_LIBRARY.filter((w) => w.purpose === purpose).map((w) => (
                <option key={w.id} value={w.id}>
                  {t(w.nameKey, { ns: 'plan' })}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      {chosen && plan && (
        <div className="space-y-2" data-testid="workout-chosen">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t(chosen.descriptionKey, { ns: 'plan' })}
          </p>
          <p className="text-sm font-medium text-slate-800 tabular-nums dark:text-slate-100">
            {tss === undefined
              ? t('workout.summaryNoTss', { duration: f.hoursMinutes(plan.durationS), ftp: f.watts(ftpW) })
              : t('workout.summary', {
                  duration: f.hoursMinutes(plan.durationS),
                  tss: f.number(tss, 0),
                  ftp: f.watts(ftpW),
                })}
          </p>
          <WorkoutProfile
            steps={plan.steps}
            durationS={plan.durationS}
            zones={overview.live.zones}
            label={t('workout.profile')}
          />
        </div>
      )}
    </Card>
  );
}
