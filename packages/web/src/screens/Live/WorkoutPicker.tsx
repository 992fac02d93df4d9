import { WORKOUT_LIBRARY, WORKOUT_PURPOSES, workoutLoad } from '@vatio/analysis';
import { CalendarCheck, Dumbbell } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OverviewData } from '../../api/overview';
import { Loadable } from '../../components/Loadable';
import { Card } from '../../components/ui/Card';
import { useFormat } from '../../hooks/useFormat';
import { plannedName, type WorkoutChoices } from './workoutChoices';
import { WorkoutProfile } from './WorkoutProfile';
import { workoutPlan } from './workoutRide';

const selectClass =
  'min-h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

/**
 * The workout to ride: first today's planned workout (when the plan has one), then the rider's own
 * workouts, then the library (analysis' WORKOUT_LIBRARY, on the client) grouped by what it trains; ''
 * for a free ride. Values are workoutChoices.ts's (`plan:<date>`, `own:<id>`, `library:<id>`);
 * `?workout=<value>` preselects one (the plan's "ride it" link).
 */
export function WorkoutPicker({
  overview,
  choices,
  workoutId,
  onChange,
  unknownLinkId,
}: {
  overview: OverviewData;
  choices: WorkoutChoices;
  workoutId: string;
  onChange: (id: string) => void;
  unknownLinkId: string | undefined;
}) {
  const { t } = useTranslation(['live', 'plan']);
  const f = useFormat();
  const ftpW = overview.live.ftp_w;
  const chosen = workoutId ? choices.resolve(workoutId) : undefined;
  const chosenKey = chosen && `${chosen.value}|${chosen.name}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choice is named by chosenKey
  const plan = useMemo(
    () => (chosen ? workoutPlan(chosen.ref, chosen.name, chosen.workout, ftpW) : undefined),
    [chosenKey, ftpW],
  );
  const tss = chosen ? workoutLoad(chosen.workout, ftpW).tss : undefined;
  const { today, own } = choices;

  return (
    <Card className="space-y-3 p-4 sm:p-5" data-testid="workout-picker">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <Dumbbell className="h-5 w-5 text-brand-600" aria-hidden />
        {t('workout.title')}
      </h2>
      {unknownLinkId && (
        <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="workout-unknown-link">
          {t('workout.unknownLink', { id: unknownLinkId })}
        </p>
      )}
      {choices.signedIn && (
        <Loadable
          query={choices.query}
          loading={
            <p
              className="text-sm text-slate-500 dark:text-slate-400"
              role="status"
              data-testid="workout-loading"
            >
              {t('workout.loadingChoices')}
            </p>
          }
          error={{ message: t('workout.choicesFailed'), look: 'line', testId: 'workout-choices-failed' }}
        >
          {() =>
            choices.noPlan ? (
              <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="workout-no-plan">
                {t('workout.noPlan')}{' '}
                <Link
                  to="/training-plan"
                  className="font-medium text-brand-700 hover:underline dark:text-brand-500"
                >
                  {t('workout.makePlan')}
                </Link>
              </p>
            ) : today?.workout ? (
              <p
                className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200"
                data-testid="workout-planned-today"
              >
                <CalendarCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
                <span>{t('workout.todayPlanned', { name: plannedName(today.workout, t) })}</span>
              </p>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="workout-rest-today">
                {t('workout.nothingToday')}
              </p>
            )
          }
        </Loadable>
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
          {today?.workout && (
            <optgroup label={t('workout.todayGroup')}>
              <option value={`plan:${today.date}`}>
                {t('workout.todayOption', { name: plannedName(today.workout, t) })}
              </option>
            </optgroup>
          )}
          {own.length > 0 && (
            <optgroup label={t('workout.ownGroup')}>
              {own.map((w) => (
                <option key={w.id} value={`own:${w.id}`}>
                  {w.name}
                </option>
              ))}
            </optgroup>
          )}
          {WORKOUT_PURPOSES.map((purpose) => (
            <optgroup key={purpose} label={t(`purpose.${purpose}`, { ns: 'plan' })}>
              {WORKOUT_LIBRARY.filter((w) => w.purpose === purpose).map((w) => (
                <option key={w.id} value={`library:${w.id}`}>
                  {t(w.nameKey, { ns: 'plan' })}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      {chosen && plan && (
        <div className="space-y-2" data-testid="workout-chosen">
          {chosen.description && (
            <p className="text-sm text-slate-600 dark:text-slate-300">{chosen.description}</p>
          )}
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
