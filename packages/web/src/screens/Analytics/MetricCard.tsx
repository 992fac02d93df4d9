import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsSource, PerformanceMetric, PerformanceResponse } from '../../api/analytics';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { formulaHref } from './analyticsLoadFormat';
import { formatChange, formatChangePct, formatMetricValue } from './format-metric';

/** Spec 001 §4: green, blue, yellow; anything else red. */
const STATUS_CLASS: Record<NonNullable<PerformanceMetric['status']> | 'unavailable', string> = {
  excellent: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  good: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200',
  critical: 'bg-rose-100 text-rose-800 dark:bg-rose-900/50 dark:text-rose-200',
  unavailable: 'bg-slate-100 text-slate-600 dark:bg-slate-700 dark:text-slate-300',
};

export function StatusBadge({ status }: { status: PerformanceMetric['status'] }) {
  const { t } = useTranslation('analytics');
  const key = status ?? 'unavailable';
  return (
    <span
      data-testid="metric-status"
      className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_CLASS[key])}
    >
      {t(`status.${key}`)}
    </span>
  );
}

function Trend({ metric, weeks }: { metric: PerformanceMetric; weeks: number }) {
  const { t } = useTranslation('analytics');
  const f = useFormat();
  // Too little in the previous window for a percent (issue 13): the plain difference, and why no percent.
  if (metric.previous_too_little)
    return (
      <span data-testid="metric-too-little" className="text-xs text-slate-500 dark:text-slate-400">
        {metric.change_abs !== null && (
          <span className="font-semibold text-slate-700 dark:text-slate-200">
            {formatChange(f, metric.unit, metric.change_abs)}
          </span>
        )}{' '}
        {t('panel.previousTooLittle', { count: weeks })}
      </span>
    );
  if (metric.trend === null) return <span className="text-xs text-slate-500">{t('panel.noPrevious')}</span>;
  const Icon = metric.trend === 'up' ? ArrowUpRight : metric.trend === 'down' ? ArrowDownRight : ArrowRight;
  const pct = formatChangePct(f, metric.change_pct);
  return (
    <span
      data-testid="metric-trend"
      className="inline-flex items-center gap-1 text-xs font-semibold text-slate-700 dark:text-slate-200"
    >
      <Icon className="h-3.5 w-3.5" aria-hidden />
      <span className="sr-only">{t(`trend.${metric.trend}`)}</span>
      {formatChange(f, metric.unit, metric.change_abs)}
      {pct && <span className="font-normal text-slate-500 dark:text-slate-400">({pct})</span>}
    </span>
  );
}

/** Where the value sits against its optimal range: the range shaded, the value a mark. */
function RangeBar({ metric }: { metric: PerformanceMetric }) {
  const range = metric.optimal_range;
  if (!range || metric.value === null) return null;
  const [low, high] = range;
  const span = high - low || 1;
  const min = Math.min(low - span * 0.5, metric.value);
  const max = Math.max(high + span * 0.5, metric.value);
  const at = (v: number) => `${((v - min) / (max - min || 1)) * 100}%`;
  return (
    <div className="relative mt-2 h-2 rounded-full bg-slate-100 dark:bg-slate-700" aria-hidden>
      <div
        className="absolute inset-y-0 rounded-full bg-emerald-200 dark:bg-emerald-800"
        style={{ left: at(low), width: `calc(${at(high)} - ${at(low)})` }}
      />
      <div
        className="absolute -top-0.5 h-3 w-1 -translate-x-1/2 rounded bg-slate-800 dark:bg-white"
        style={{ left: at(metric.value) }}
      />
    </div>
  );
}

/** One metric of the performance panel (spec 001 §2.1, §3 metric card). */
export function MetricCard({
  metric,
  weeks,
  source,
  profileTable,
}: {
  metric: PerformanceMetric;
  weeks: number;
  /** The example's FTP is the example rider's, not "set by you". */
  source: AnalyticsSource;
  /** The power-profile table power-to-weight was judged on (shown on that card only). */
  profileTable: PerformanceResponse['profile_table'];
}) {
  const { t } = useTranslation('analytics');
  const f = useFormat();
  const name = t(`metrics.${metric.key}.name`);
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid={`metric-${metric.key}`}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{name}</h3>
        <StatusBadge status={metric.status} />
      </div>
      {metric.value === null ? (
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400" data-testid="metric-needs">
          {t(`needs.${metric.needs ?? 'rides'}`)}
        </p>
      ) : (
        <>
          <p
            className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums dark:text-white"
            data-testid="metric-value"
          >
            {formatMetricValue(f, metric.unit, metric.value)}
          </p>
          {metric.source && (
            <p className="-mt-1 text-xs text-slate-500" data-testid="ftp-source">
              {t(`${source === 'example' ? 'ftpSourceExample' : 'ftpSource'}.${metric.source}`)}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Trend metric={metric} weeks={weeks} />
            {!metric.previous_too_little && (
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {t('panel.vsPrevious', { count: weeks })}
              </span>
            )}
          </div>
          <RangeBar metric={metric} />
          {metric.optimal_range && (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {t('panel.optimal', {
                low: formatMetricValue(f, metric.unit, metric.optimal_range[0]),
                high: formatMetricValue(f, metric.unit, metric.optimal_range[1]),
              })}
            </p>
          )}
          {metric.key === 'power_to_weight' && (
            <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="profile-table-note">
              {t(`profileTable.${profileTable.table}`)}
              {!profileTable.sex_said &&
                ` ${t(source === 'example' ? 'profileTable.notSaidExample' : 'profileTable.notSaid')}`}
            </p>
          )}
        </>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-300">{t(`metrics.${metric.key}.description`)}</p>
      <details className="mt-auto text-xs text-slate-500 dark:text-slate-400">
        <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-300">
          {t('panel.definition')}
        </summary>
        <p className="mt-1" id={`definition-${metric.key}`}>
          {t(`metrics.${metric.key}.formula`)}
        </p>
        <a
          href={formulaHref('panelMetric')}
          className="mt-1 inline-block font-medium text-brand-700 underline underline-offset-4 dark:text-orange-300"
        >
          {t('panel.formulaSource')}
        </a>
      </details>
    </Card>
  );
}
