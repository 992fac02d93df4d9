import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getAnalyticsTrainingLoad } from '../../api/generated/getAnalyticsTrainingLoad';
import { browserTimeZone, useGoals, usePlan } from '../../api/plan';
import type { PlanDay } from '../../api/plan-types';
import { queryKeys } from '../../api/query-keys';
import { Button } from '../../components/ui/Button';
import { TabStrip } from '../../components/ui/TabStrip';
import { CalendarFeed } from './CalendarFeed';
import { DayDialog } from './DayDialog';
import { GoalsPanel } from './GoalsPanel';
import { PlanOverview } from './PlanOverview';
import { useRiderFtp } from './useRiderFtp';
import { type BuilderDraft, WorkoutBuilder } from './WorkoutBuilder';
import { LibraryPanel, MyWorkouts } from './WorkoutsPanel';

const TABS = ['plan', 'goals', 'builder', 'library'] as const;
type Tab = (typeof TABS)[number];

/** The rider's PMC of the last 90 days (GET /api/analytics/training-load), the ridden part of the chart. */
interface LoadHistory {
  days: { date: string; ctl: number; atl: number; tsb: number }[];
}

/**
 * The training plan (/training-plan, spec 000's 'Ver Plan de Entrenamiento', issue 26): the season
 * built back from the rider's A event as a calendar with its phases and weekly load, the projected
 * fitness beside the ridden one, the events with their predictions, the workout builder and library.
 */
export function TrainingPlanScreen() {
  const { t } = useTranslation('plan');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'plan';
  const setTab = (next: Tab) => setParams(next === 'plan' ? {} : { tab: next }, { replace: true });
  const plan = usePlan();
  const goals = useGoals();
  const { ftpW } = useRiderFtp();
  const history = useQuery({
    queryKey: queryKeys.analytics.trainingLoad('own', 90),
    queryFn: (): Promise<LoadHistory> =>
      getAnalyticsTrainingLoad({ query: { days: 90, tz: browserTimeZone() } }),
  });
  const [selected, setSelected] = useState<PlanDay | null>(null);
  const [addingGoal, setAddingGoal] = useState(params.get('add') === 'goal');
  const [draft, setDraft] = useState<{ key: number; draft: BuilderDraft }>({
    key: 0,
    draft: { name: '', purpose: null, workout: { steps: [] } },
  });
  const openInBuilder = (next: BuilderDraft) => {
    setDraft((d) => ({ key: d.key + 1, draft: next }));
    setTab('builder');
  };
  const today = plan.data?.today ?? new Date().toISOString().slice(0, 10);
  const selectedDay = useMemo(
    () => (selected ? (plan.data?.days.find((d) => d.date === selected.date) ?? null) : null),
    [selected, plan.data],
  );

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('title')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <Button
          data-testid="header-add-goal"
          onClick={() => {
            setTab('goals');
            setAddingGoal(true);
          }}
        >
          <Plus className="h-4 w-4" aria-hidden />
          {t('goals.add')}
        </Button>
      </header>

      <TabStrip<Tab>
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: 'plan',
            label: t('tabs.plan'),
            testId: 'tab-plan',
            content: (
              <PlanOverview
                plan={plan}
                goals={goals.data ?? []}
                history={history.data?.days ?? []}
                onSelectDay={setSelected}
                onAddGoal={() => {
                  setTab('goals');
                  setAddingGoal(true);
                }}
              />
            ),
          },
          {
            value: 'goals',
            label: t('tabs.goals'),
            testId: 'tab-goals',
            content: (
              <GoalsPanel
                goals={goals.data ?? []}
                today={today}
                addOpen={addingGoal}
                onAddOpenChange={setAddingGoal}
              />
            ),
          },
          {
            value: 'builder',
            label: t('tabs.builder'),
            testId: 'tab-builder',
            content: (
              <div className="space-y-8">
                <WorkoutBuilder key={draft.key} draft={draft.draft} ftpW={ftpW} />
                <MyWorkouts ftpW={ftpW} onOpen={openInBuilder} />
              </div>
            ),
          },
          {
            value: 'library',
            label: t('tabs.library'),
            testId: 'tab-library',
            content: <LibraryPanel ftpW={ftpW} onOpen={openInBuilder} />,
          },
        ]}
      />
      {tab === 'plan' && <CalendarFeed />}
      {selectedDay && plan.data && (
        <DayDialog plan={plan.data} day={selectedDay} ftpW={ftpW} onClose={() => setSelected(null)} />
      )}
    </div>
  );
}
