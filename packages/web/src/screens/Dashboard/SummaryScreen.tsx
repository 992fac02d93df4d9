import { useQuery } from '@tanstack/react-query';
import { Gauge, Heart, Trophy, Zap } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  getDashboardSummary,
  SUMMARY_PERIODS,
  type SummaryData,
  type SummaryPeriod,
} from '../../api/dashboard';
import { Alert } from '../../components/ui/Alert';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { ArchiveHint } from './ArchiveHint';
import { periodParam } from './archivePeriod';
import { DashboardError } from './DashboardStates';
import { StatCard } from './StatCards';
import { TabStrip } from '../../components/ui/TabStrip';
import { DashboardHeader } from './DashboardScreen';
import { ComparisonTab, HeartRateTab, PowerZonesTab, ProgressTab } from './SummaryTabs';
import { queryKeys } from '../../api/query-keys';

function SummarySkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <div role="status" aria-label={t('loading')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {[0, 1, 2, 3].map((k) => (
        <div key={k} className="h-28 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800" />
      ))}
    </div>
  );
}

function Cards({ data }: { data: SummaryData }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const c = data.cards;
  return (
    <section aria-label={t('summary.cardsLabel')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        label={t('summary.ftp')}
        icon={Trophy}
        testId="summary-ftp"
        value={f.watts(c.ftp.value)}
        detail={t(`summary.ftpSource.${c.ftp.source}`, { date: f.date(c.ftp.from) })}
      />
      <StatCard
        label={t('summary.avgPower')}
        icon={Zap}
        testId="summary-avg-power"
        value={f.watts(c.average_power.value)}
        detail={t('summary.max', { value: f.watts(c.average_power.max) })}
      />
      <StatCard
        label={t('summary.heartRate')}
        icon={Heart}
        testId="summary-hr"
        value={f.bpm(c.heart_rate.average)}
        detail={t('summary.max', { value: f.bpm(c.heart_rate.max) })}
      />
      <StatCard
        label={t('summary.tss')}
        icon={Gauge}
        testId="summary-tss"
        value={f.number(c.tss.total)}
        detail={t('summary.if', { value: f.number(c.tss.average_intensity_factor, 2) })}
      />
    </section>
  );
}

function Alerts({ data }: { data: SummaryData }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  if (data.alerts.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="summary-alerts">
      {data.alerts.map((a) => (
        <Alert
          key={a.key}
          tone={a.level === 'warning' ? 'error' : a.level === 'success' ? 'success' : 'info'}
        >
          {t(`summary.alerts.${a.key}`, { value: f.number(a.value) })}
        </Alert>
      ))}
    </div>
  );
}

/** /dashboard/cycling: the analytics-style summary (spec 000 §2) on the rider's stored rides. */
export function SummaryScreen() {
  const { t, i18n } = useTranslation('dashboard');
  const f = useFormat();
  const [params] = useSearchParams();
  const [period, setPeriod] = useState<SummaryPeriod>(periodParam(params.get('period')) ?? '30d');
  const summary = useQuery({
    queryKey: queryKeys.dashboard.summary(period, i18n.language),
    queryFn: () => getDashboardSummary(period, i18n.language),
  });
  const data = summary.data;
  return (
    <div className="space-y-6">
      <DashboardHeader title={t('summary.title')} subtitle={t('summary.subtitle')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900">
          <legend className="sr-only">{t('summary.period')}</legend>
          {SUMMARY_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={period === p}
              data-testid={`period-${p}`}
              onClick={() => setPeriod(p)}
              className={cn(
                'min-h-9 rounded-md px-3 text-sm font-semibold',
                period === p
                  ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-700 dark:text-white'
                  : 'text-slate-600 dark:text-slate-300',
              )}
            >
              {t(`ranges.${p}`)}
            </button>
          ))}
        </fieldset>
        {data && (
          <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="summary-range">
            {f.date(data.start_date)} – {f.date(data.end_date)} ·{' '}
            {t('stats.rides', { count: data.stats.activities })}
          </p>
        )}
      </div>
      {summary.isPending ? (
        <SummarySkeleton />
      ) : summary.isError || !data ? (
        <DashboardError onRetry={() => void summary.refetch()} error={summary.error} />
      ) : (
        <>
          {/* The alerts below say the period has no rides (the server's 'noRides'). */}
          <ArchiveHint empty={data.stats.activities === 0} emptySaid onShowPeriod={setPeriod} />
          <Cards data={data} />
          <Alerts data={data} />
          <TabStrip
            label={t('tabs.label')}
            tabs={[
              { value: 'zones', content: <PowerZonesTab data={data} /> },
              { value: 'heartRate', content: <HeartRateTab data={data} /> },
              { value: 'comparison', content: <ComparisonTab data={data} /> },
              { value: 'progress', content: <ProgressTab data={data} /> },
            ].map((tab) => ({
              ...tab,
              label: t(`summary.tabs.${tab.value}`),
              testId: `summary-tab-${tab.value}`,
            }))}
          />
        </>
      )}
    </div>
  );
}
