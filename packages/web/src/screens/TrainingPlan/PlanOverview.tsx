import type { UseQueryResult } from '@tanstack/react-query';
import { Target } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deletePlan, replan, usePlanMutation } from '../../api/plan';
import type { GoalResponse, PlanDay, PlanResponse } from '../../api/plan-types';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { useFormat } from '../../hooks/useFormat';
import { PlanCalendar } from './PlanCalendar';
import { PlanError } from './PlanError';
import { type LoadDay, PlanLoadChart } from './PlanLoadChart';
import { PlanSettingsForm } from './PlanSettingsForm';
import { WeeklyLoad } from './WeeklyLoad';

/** The plan tab: what is missing first (an A event, the plan itself), then figures, chart, calendar and weeks. */
export function PlanOverview({
  plan,
  goals,
  history,
  onSelectDay,
  onAddGoal,
}: {
  plan: UseQueryResult<PlanResponse>;
  goals: readonly GoalResponse[];
  history: readonly { date: string; ctl: number; atl: number; tsb: number }[];
  onSelectDay: (day: PlanDay) => void;
  onAddGoal: () => void;
}) {
  const { t } = useTranslation('plan');
  if (plan.isPending) {
    return (
      <div
        role="status"
        aria-label={t('loading')}
        className="h-64 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800"
      />
    );
  }
  if (plan.isError) return <PlanError error={plan.error} />;
  const data = plan.data;
  const hasA = goals.some((g) => g.priority === 'A' && g.date >= data.today);
  if (data.status === 'none') {
    return (
      <Card className="space-y-4 p-5" data-testid="plan-empty">
        <div className="flex items-start gap-3">
          <Target className="mt-0.5 h-6 w-6 shrink-0 text-brand-600" aria-hidden />
          <div>
            <h2 className="font-semibold text-slate-900 dark:text-white">
              {t(hasA ? 'empty.readyTitle' : 'empty.title')}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t(hasA ? 'empty.readyText' : 'empty.text')}
            </p>
          </div>
        </div>
        {hasA ? (
          <PlanSettingsForm plan={data} />
        ) : (
          <Button onClick={onAddGoal} data-testid="plan-empty-add-goal">
            {t('goals.addA')}
          </Button>
        )}
      </Card>
    );
  }
  return <ActivePlan plan={data} goals={goals} history={history} onSelectDay={onSelectDay} />;
}

function ActivePlan({
  plan,
  goals,
  history,
  onSelectDay,
}: {
  plan: PlanResponse;
  goals: readonly GoalResponse[];
  history: readonly { date: string; ctl: number; atl: number; tsb: number }[];
  onSelectDay: (day: PlanDay) => void;
}) {
  const { t, i18n } = useTranslation('plan');
  const f = useFormat();
  const language = i18n.language === 'es' ? 'es' : 'en';
  const again = usePlanMutation(() => replan());
  const remove = usePlanMutation(() => deletePlan());
  const goalById = useMemo(() => new Map(goals.map((g) => [g.id, g])), [goals]);
  const nextA = plan.events.find((e) => e.priority === 'A' && e.date >= plan.today);
  const nextAGoal = nextA ? goalById.get(nextA.goal_id) : undefined;

  // Ridden PMC before the plan began, then the plan's days (ridden up to yesterday, projected after).
  const chartDays = useMemo<LoadDay[]>(() => {
    const first = plan.days[0]?.date ?? plan.today;
    return [
      ...history.filter((d) => d.date < first).map((d) => ({ ...d, projected: false })),
      ...plan.days.map((d) => ({ date: d.date, ctl: d.ctl, atl: d.atl, tsb: d.tsb, projected: d.projected })),
    ];
  }, [history, plan.days, plan.today]);
  const markers = useMemo(
    () => [
      { date: plan.today, label: t('chart.today') },
      ...plan.events.map((e) => ({
        date: e.date,
        label: `${e.priority} ${goalById.get(e.goal_id)?.name ?? ''}`.trim(),
      })),
    ],
    [plan.events, plan.today, goalById, t],
  );
  const chartLabels = useMemo(
    () => ({
      ctl: t('chart.ctl'),
      atl: t('chart.atl'),
      tsb: t('chart.tsb'),
      date: t('chart.date'),
      projected: t('chart.projected'),
    }),
    [t],
  );

  return (
    <div className="space-y-6">
      {plan.status !== 'active' && <Alert tone="info">{t(`status.${plan.status}`)}</Alert>}
      {plan.issues.length > 0 && (
        <ul className="space-y-1" data-testid="plan-issues">
          {plan.issues.map((issue) => (
            <li key={`${issue.code}-${issue.goal_id ?? ''}`}>
              <Alert tone="info">
                {t(`planIssue.${issue.code}`, {
                  ...Object.fromEntries(Object.entries(issue.values ?? {}).map(([k, v]) => [k, f.number(v)])),
                  defaultValue: issue.code,
                })}
              </Alert>
            </li>
          ))}
        </ul>
      )}

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="plan-figures">
        <Figure label={t('figures.ctlNow')} value={f.number(plan.current?.ctl)} testId="plan-ctl-now" />
        <Figure label={t('figures.tsbNow')} value={f.number(plan.current?.tsb)} />
        <Figure label={t('figures.peakCtl')} value={f.number(plan.peak_ctl)} testId="plan-peak-ctl" />
        <Figure
          label={nextAGoal ? t('figures.raceDay', { name: nextAGoal.name }) : t('figures.raceDayNone')}
          value={
            nextA ? t('figures.raceDayValue', { ctl: f.number(nextA.ctl), tsb: f.number(nextA.tsb) }) : '—'
          }
          hint={nextA ? f.longDate(nextA.date) : undefined}
          testId="plan-race-day"
        />
      </dl>

      <section aria-labelledby="pmc-title" className="space-y-2">
        <h2 id="pmc-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('chart.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('chart.subtitle')}</p>
        <Card className="p-3">
          <PlanLoadChart days={chartDays} markers={markers} labels={chartLabels} locale={language} />
        </Card>
      </section>

      <PlanCalendar plan={plan} goals={goals} onSelect={onSelectDay} />

      <WeeklyLoad plan={plan} />

      <details className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800">
        <summary className="cursor-pointer font-semibold text-slate-900 dark:text-white">
          {t('settings.title')}
        </summary>
        <div className="mt-3 space-y-4">
          <PlanSettingsForm plan={plan} />
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
            <Button
              variant="secondary"
              loading={again.isPending}
              onClick={() => again.mutate(undefined)}
              data-testid="plan-replan"
            >
              {t('settings.replan')}
            </Button>
            <Button variant="ghost" loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
              {t('settings.delete')}
            </Button>
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('settings.replanHint')}</p>
          <PlanError error={again.error ?? remove.error} />
        </div>
      </details>
    </div>
  );
}

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Card className="p-4" data-testid={testId}>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900 dark:text-white">{value}</dd>
      {hint && <dd className="text-xs text-slate-500 dark:text-slate-400">{hint}</dd>}
    </Card>
  );
}
