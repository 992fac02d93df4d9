import type { FlatStep } from '@vatio/analysis';
import { Dumbbell, Zap } from 'lucide-react';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverviewData } from '../../api/overview';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { useFormat } from '../../hooks/useFormat';
import { WorkoutProfile } from './WorkoutProfile';
import { progressAt, targetStatus } from './workoutRide';
import type { WorkoutRun } from './workoutRun';

/** A step's target in words: one value, a range, a ramp, a heart-rate zone or none. */
export function useStepTarget() {
  const { t } = useTranslation('live');
  const f = useFormat();
  return (step: FlatStep): string => {
    const cadence =
      step.cadenceRpm === undefined ? '' : ` ${t('workout.cadence', { rpm: f.rpm(step.cadenceRpm) })}`;
    if (step.target?.type === 'hrZone') return t('workout.hrZone', { zone: step.target.zone }) + cadence;
    if (step.powerLowW === undefined || step.powerHighW === undefined)
      return t('workout.freeTarget') + cadence;
    if (step.ramp)
      return (
        t('workout.ramp', {
          from: f.watts(Math.round(step.powerStartW!)),
          to: f.watts(Math.round(step.powerEndW!)),
        }) + cadence
      );
    const low = Math.round(step.powerLowW);
    const high = Math.round(step.powerHighW);
    return (
      (low === high ? f.watts(low) : t('workout.range', { low: f.number(low), high: f.watts(high) })) +
      cadence
    );
  };
}

/** The workout during the ride: mode, current step with countdown and target, next step, profile. */
export function WorkoutPanel({
  run,
  power3sW,
  zones,
}: {
  run: WorkoutRun;
  power3sW: number | undefined;
  zones: OverviewData['live']['zones'];
}) {
  const { t } = useTranslation(['live', 'plan']);
  const f = useFormat();
  const stepTarget = useStepTarget();
  // The trainer's answers come between the ride's seconds: show them as they come.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => run.subscribe(rerender), [run]);
  const { plan } = run;
  const p = progressAt(plan, run.workoutS);
  const mode = run.mode;
  const reason = run.reason;
  const kindLabel = (s: FlatStep) => t(`workout.kind.${s.kind}`);
  const acceptedW = run.erg?.acceptedW;
  const status = p.step ? targetStatus(p.step, p.inStepS, power3sW) : undefined;

  return (
    <section
      className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4 dark:border-slate-700"
      data-testid="workout-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex min-w-0 items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <Dumbbell className="h-5 w-5 shrink-0 text-brand-600" aria-hidden />
          <span className="truncate" data-testid="workout-name">
            {plan.nameKey ? t(plan.nameKey, { ns: 'plan' }) : plan.name}
          </span>
        </h3>
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
            mode === 'erg'
              ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200'
              : mode === 'connecting'
                ? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
                : 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200'
          }`}
          data-testid="workout-mode"
          data-mode={mode}
        >
          {mode === 'erg' && <Zap className="h-3.5 w-3.5" aria-hidden />}
          {t(`workout.mode.${mode}`)}
        </span>
      </div>
      {mode === 'follow' && reason && (
        <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="workout-reason">
          {t(`workout.reason.${reason}`)}
        </p>
      )}

      {p.step ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900/40" data-testid="workout-step">
            <p className="text-xs font-medium text-slate-500">
              {kindLabel(p.step)}
              {p.step.repeat &&
                ` · ${t('workout.round', { round: p.step.repeat.round, count: p.step.repeat.count })}`}
            </p>
            <p
              className="mt-1 text-base font-bold whitespace-nowrap sm:text-lg text-slate-900 tabular-nums dark:text-white"
              data-testid="workout-target"
            >
              {stepTarget(p.step)}
            </p>
            <p className="mt-1 text-xs text-slate-500">
              {t('workout.stepOf', { step: p.step.index + 1, count: plan.steps.length })}
            </p>
          </div>
          <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900/40">
            <p className="text-xs font-medium text-slate-500">{t('workout.left')}</p>
            <p
              className="mt-1 text-3xl font-bold text-slate-900 tabular-nums dark:text-white"
              data-testid="workout-countdown"
            >
              {f.clock(p.stepLeftS)}
            </p>
            <div className="mt-2">
              <ProgressBar fraction={p.inStepS / p.step.durationS} label={t('workout.left')} />
            </div>
          </div>
          <div className="col-span-2 rounded-lg bg-slate-50 p-3 sm:col-span-1 dark:bg-slate-900/40">
            <p className="text-xs font-medium text-slate-500">
              {p.targetW !== undefined ? t('workout.targetNow') : t('workout.power')}
            </p>
            <p className="mt-1 text-lg font-bold text-slate-900 tabular-nums dark:text-white">
              {p.targetW !== undefined && (
                <span data-testid="workout-target-now">{f.watts(Math.round(p.targetW))}</span>
              )}
              <span className="ml-2 text-sm font-medium text-slate-500" data-testid="workout-power">
                {p.targetW !== undefined ? `${t('workout.power')}: ` : ''}
                {f.watts(power3sW === undefined ? undefined : Math.round(power3sW))}
              </span>
            </p>
            {status && (
              <p
                className={`mt-1 text-xs font-semibold ${status === 'on' ? 'text-emerald-700 dark:text-emerald-300' : 'text-amber-700 dark:text-amber-300'}`}
                data-testid="workout-status"
              >
                {t(`workout.status.${status}`)}
              </p>
            )}
            {mode === 'erg' && acceptedW !== undefined && (
              <p
                className="mt-1 text-xs text-emerald-700 dark:text-emerald-300"
                data-testid="workout-trainer-set"
              >
                {t('workout.trainerSet', { watts: f.watts(acceptedW) })}
              </p>
            )}
          </div>
        </div>
      ) : (
        <p
          className="rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-800 dark:bg-emerald-900/30 dark:text-emerald-200"
          data-testid="workout-complete"
        >
          {t('workout.complete')}
        </p>
      )}

      {p.step && (
        <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="workout-next">
          <span className="font-semibold">{t('workout.next')}:</span>{' '}
          {p.next
            ? `${kindLabel(p.next)} · ${f.clock(p.next.durationS)} · ${stepTarget(p.next)}`
            : t('workout.nextNone')}
        </p>
      )}

      <WorkoutProfile
        steps={plan.steps}
        durationS={plan.durationS}
        zones={zones}
        atS={run.workoutS}
        label={t('workout.profile')}
      />
      <p className="text-right text-xs text-slate-500 tabular-nums">
        {t('workout.progress', {
          done: f.clock(Math.min(run.workoutS, plan.durationS)),
          total: f.clock(plan.durationS),
        })}
      </p>
    </section>
  );
}
