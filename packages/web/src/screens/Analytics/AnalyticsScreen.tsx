import { Link } from 'react-router';
import { queryKeys } from '../../api/query-keys';
import { TrainingLoadCard } from './TrainingLoadCard';
import { SegmentCard } from './segments/SegmentCard';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RiderWeightNote } from '../../components/rider/RiderWeightNote';
import {
  type AnalyticsSource,
  getPerformance,
  isExamplePreparing,
  PANEL_TABS,
  PERFORMANCE_PERIODS,
  type PerformancePeriod,
  type PerformanceResponse,
} from '../../api/analytics';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { TabStrip } from '../../components/ui/TabStrip';
import { MetricCard } from './MetricCard';
import { PanelSummary } from './PanelSummary';
import { ExampleBanner, ExamplePreparing } from '../../components/analytics/ExampleNotice';
import { examplePolling, useAnalyticsSource } from './useAnalyticsLoad';
import { Loadable, LoadingCards } from '../../components/Loadable';

/** Five tabs: two rows on a phone (three and two), one row from the small breakpoint up. */
const panelTabListClass =
  'grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 sm:grid-cols-5 dark:bg-slate-900';

function PeriodSwitch({
  value,
  onChange,
}: {
  value: PerformancePeriod;
  onChange: (p: PerformancePeriod) => void;
}) {
  const { t } = useTranslation('analytics');
  return (
    <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900">
      <legend className="sr-only">{t('panel.period')}</legend>
      {PERFORMANCE_PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={value === p}
          data-testid={`weeks-${p}`}
          onClick={() => onChange(p)}
          className={cn(
            'min-h-9 rounded-md px-3 text-sm font-semibold',
            value === p
              ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-700 dark:text-white'
              : 'text-slate-600 dark:text-slate-300',
          )}
        >
          {t('panel.weeks', { count: p })}
        </button>
      ))}
    </fieldset>
  );
}

function Panel({ data, source }: { data: PerformanceResponse; source: AnalyticsSource }) {
  const { t } = useTranslation('analytics');
  return (
    <TabStrip
      label={t('panel.tabsLabel')}
      listClassName={panelTabListClass}
      tabs={PANEL_TABS.map((tab) => ({
        value: tab,
        label: t(`panel.tabs.${tab}`),
        testId: `panel-tab-${tab}`,
        content: (
          <div className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
            {data.tabs[tab].map((m) => (
              <MetricCard
                key={m.key}
                metric={m}
                weeks={data.weeks}
                source={source}
                profileTable={data.profile_table}
              />
            ))}
          </div>
        ),
      }))}
    />
  );
}

/**
 * /analytics: the performance panel (spec 001 §2.1, issue 13) on the signed-in rider's rides; signed
 * out, on the built-in example rider's, labelled as such (public, read-only).
 */
/** The deeper analysis screens linked below the panel, each with `more.<key>` and `more.<key>Text`. */
const MORE_ANALYSIS = ['predictive', 'comparative', 'advanced'] as const;

export function AnalyticsScreen() {
  const { t } = useTranslation('analytics');
  const f = useFormat();
  const source = useAnalyticsSource();
  const [weeks, setWeeks] = useState<PerformancePeriod>(4);
  const panel = useQuery({
    queryKey: queryKeys.analytics.performance(source, weeks),
    queryFn: () => getPerformance(weeks, source),
    ...examplePolling(source),
  });
  const data = panel.data;
  if (source === 'example' && isExamplePreparing(panel.error)) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t('title')}
        </h1>
        <ExampleBanner />
        <ExamplePreparing error={panel.error} />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t('title')}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          {t(source === 'example' ? 'example.subtitle' : 'subtitle')}
        </p>
      </div>
      {source === 'example' && <ExampleBanner />}
      <section className="space-y-4" aria-labelledby="performance-panel">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="performance-panel" className="text-xl font-semibold text-slate-900 dark:text-white">
            {t('panel.title')}
          </h2>
          <PeriodSwitch value={weeks} onChange={setWeeks} />
        </div>
        {data && (
          <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="panel-windows">
            {t('panel.windows', {
              from: f.date(data.window.from),
              to: f.date(data.window.to),
              previousFrom: f.date(data.previous.from),
              previousTo: f.date(data.previous.to),
            })}
          </p>
        )}
        <Loadable
          query={panel}
          loading={
            <LoadingCards
              label={t('panel.loading')}
              className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4"
              boxClassName="h-44"
            />
          }
          error={{ message: t('panel.error'), retryLabel: t('panel.retry'), look: 'panel' }}
        >
          {(data) => (
            <>
              {/* The weight every W/kg below divides by, and from when (issue 25). */}
              <RiderWeightNote
                weight={data.weight ?? null}
                className="text-xs text-slate-500 dark:text-slate-400"
              />
              <Panel data={data} source={source} />
              <PanelSummary data={data} />
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('panel.formulas')}</p>
            </>
          )}
        </Loadable>
      </section>
      <TrainingLoadCard source={source} />
      <SegmentCard source={source} />
      <nav aria-labelledby="more-analysis" className="space-y-3">
        <h2 id="more-analysis" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t('more.title')}
        </h2>
        {MORE_ANALYSIS.map((key) => (
          <Link
            key={key}
            to={`/analytics/${key}`}
            data-testid={`link-${key}`}
            className="block rounded-xl border border-slate-200 p-4 transition-colors hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700"
          >
            <span className="font-semibold text-brand-700 dark:text-brand-400">{t(`more.${key}`)} →</span>
            <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">
              {t(`more.${key}Text`)}
            </span>
          </Link>
        ))}
      </nav>
    </div>
  );
}
