import type { AnalyticsSource } from '../../api/analytics';
import type { TrainingLoadResponse } from '@vatio/schemas';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/Card';
import { useFormat } from '../../hooks/useFormat';
import { formatSigned, formTone, loadChartColumns } from './analyticsLoadFormat';
import { Loadable } from '../../components/Loadable';
import { TabStrip } from '../../components/ui/TabStrip';
import { tabTriggerClass } from '../../components/ui/tabs';
import { Badge, Figure, Segmented } from './TrainingLoadParts';
import { TrainingLoadRecommendations } from './TrainingLoadRecommendations';
import { type TrainingLoadDays, useTrainingLoad } from './useAnalyticsLoad';

// uPlot loads on demand, as on the dashboard: the card's first paint does not wait for the chart.
const TrainingLoadTrendChart = lazy(() =>
  import('./TrainingLoadTrendChart').then((m) => ({ default: m.TrainingLoadTrendChart })),
);

const RANGES: readonly TrainingLoadDays[] = [90, 180, 365];

// 'Recomendaciones' is one long word: tighter type on phones so it fits its third of the row.
const loadTabClass = `${tabTriggerClass} max-sm:px-0 max-sm:text-[11px] max-sm:tracking-tight`;

/** 'Vista General': CTL, ATL and TSB, then the form state with what it means. */
function Overview({ data }: { data: TrainingLoadResponse }) {
  const { t } = useTranslation('predictive');
  const f = useFormat();
  const current = data.current;
  if (!current) return <p className="py-6 text-sm text-slate-600 dark:text-slate-300">{t('load.noDays')}</p>;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        testId="load-ctl"
        label={t('load.ctl')}
        value={f.number(current.ctl, 1)}
        formula="ctl"
        hint={t('load.ctlHint')}
      />
      <Figure
        testId="load-atl"
        label={t('load.atl')}
        value={f.number(current.atl, 1)}
        formula="atl"
        hint={t('load.atlHint', { level: t(`load.fatigue.${current.fatigue}`) })}
      />
      <Figure
        testId="load-tsb"
        label={t('load.tsb')}
        value={formatSigned(current.tsb, f.language, 1)}
        formula="tsb"
        hint={t('load.tsbHint')}
      />
      <Figure
        testId="load-form"
        label={t('load.formState')}
        value={t(`form.${current.form}`)}
        formula="form"
        badge={
          <Badge tone={formTone(current.form)}>
            {t('load.tsbValue', { value: formatSigned(current.tsb, f.language, 1) })}
          </Badge>
        }
        hint={
          <>
            {t(`formMeaning.${current.form}`)}
            {current.ramp_rate === null ? null : (
              <> {t('load.rampNow', { value: formatSigned(current.ramp_rate, f.language, 1) })}</>
            )}
          </>
        }
      />
    </div>
  );
}

/** 'Tendencias': the lines and the TSS area, the projection dashed. */
function Trends({ data }: { data: TrainingLoadResponse }) {
  const { t, i18n } = useTranslation('predictive');
  const columns = useMemo(() => loadChartColumns(data.days, data.projection), [data]);
  const labels = useMemo(
    () => ({
      date: t('load.chart.date'),
      ctl: t('load.chart.ctl'),
      atl: t('load.chart.atl'),
      tsb: t('load.chart.tsb'),
      tss: t('load.chart.tss'),
      ctlPlan: t('load.chart.ctlPlan'),
      atlPlan: t('load.chart.atlPlan'),
      tsbPlan: t('load.chart.tsbPlan'),
      tssPlan: t('load.chart.tssPlan'),
    }),
    [t],
  );
  if (data.days.length === 0)
    return <p className="py-6 text-sm text-slate-600 dark:text-slate-300">{t('load.noDays')}</p>;
  return (
    <div>
      <Suspense
        fallback={
          <div style={{ height: 280 }} className="animate-pulse rounded-lg bg-slate-100 dark:bg-slate-700" />
        }
      >
        <TrainingLoadTrendChart columns={columns} labels={labels} locale={i18n.language} />
      </Suspense>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{t('load.chart.note')}</p>
    </div>
  );
}

/** The training-load card (spec 001 §2.3; issue 13): overview, trends with a 14-day projection, recommendations. */
export function TrainingLoadCard({ source }: { source: AnalyticsSource }) {
  const { t } = useTranslation('predictive');
  const [days, setDays] = useState<TrainingLoadDays>(90);
  const query = useTrainingLoad(source, days);
  return (
    <Card className="min-w-0 p-3 sm:p-5" data-testid="training-load-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('load.title')}</h2>
        <Segmented
          label={t('load.range')}
          options={RANGES}
          value={days}
          onChange={setDays}
          text={(d) => t(`load.ranges.${d}`)}
          testId="load-range"
        />
      </div>
      <Loadable
        query={query}
        loading={
          <div
            role="status"
            aria-label={t('loading')}
            className="mt-4 h-40 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-700"
          />
        }
        error={{ message: t('loadError'), retryLabel: t('retry'), look: 'line', className: 'mt-4' }}
        // No ride with a TSS: nothing to chart, and the card says what it needs.
        isEmpty={(data) => data.needs.includes('power')}
        empty={
          <p
            data-testid="load-needs-power"
            className="mt-4 rounded-lg bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100"
          >
            {t('load.needsPower')}
          </p>
        }
      >
        {(data) => (
          <TabStrip
            className="mt-4"
            label={t('load.tabs.label')}
            triggerClassName={loadTabClass}
            tabs={[
              {
                value: 'overview',
                label: t('load.tabs.overview'),
                testId: 'load-tab-overview',
                content: <Overview data={data} />,
              },
              {
                value: 'trends',
                label: t('load.tabs.trends'),
                testId: 'load-tab-trends',
                content: <Trends data={data} />,
              },
              {
                value: 'recommendations',
                label: t('load.tabs.recommendations'),
                testId: 'load-tab-recommendations',
                content: <TrainingLoadRecommendations data={data} />,
              },
            ]}
          />
        )}
      </Loadable>
    </Card>
  );
}
