import { useTranslation } from 'react-i18next';
import type { PerformanceInsight, PerformanceResponse } from '../../api/analytics';
import { Card } from '../../components/ui/Card';
import { useFormat } from '../../hooks/useFormat';
import { formatSigned } from './analyticsLoadFormat';
import { formatChangePct, formatMetricValue } from './format-metric';
import { StatusBadge } from './MetricCard';

const COUNTED = ['excellent', 'good', 'warning', 'critical', 'unavailable'] as const;

/** One insight in words: its message key, with metric names, states and numbers put in. */
function useInsightText(data: PerformanceResponse) {
  const { t } = useTranslation('analytics');
  const f = useFormat();
  const unitOf = new Map(
    Object.values(data.tabs)
      .flat()
      .map((m) => [m.key, m.unit]),
  );
  return (insight: PerformanceInsight) => {
    const p = insight.params;
    const metric = typeof p.metric === 'string' ? p.metric : '';
    const unit = unitOf.get(metric) ?? '';
    const number = (v: string | number | undefined) =>
      typeof v === 'number' ? formatMetricValue(f, unit, v) : '';
    return t(`insights.${insight.key}`, {
      metric: metric ? t(`metrics.${metric}.name`) : '',
      state: typeof p.state === 'string' ? t(`form.${p.state}`) : '',
      // Signed with a true minus, as the training-load card writes the same TSB.
      tsb: typeof p.tsb === 'number' ? formatSigned(p.tsb, f.language, 1) : '',
      change: typeof p.change_pct === 'number' ? formatChangePct(f, p.change_pct) : '',
      value: number(p.value),
      low: number(p.low),
      high: number(p.high),
      sensor: typeof p.sensor === 'string' ? t(`sensors.${p.sensor}`) : '',
      count: typeof p.metrics === 'number' ? p.metrics : 0,
      weeks: p.weeks ?? data.weeks,
    });
  };
}

/** The panel's bottom summary: metrics counted by status, and insights computed from them. */
export function PanelSummary({ data }: { data: PerformanceResponse }) {
  const { t } = useTranslation('analytics');
  const text = useInsightText(data);
  return (
    <Card className="space-y-4 p-5" data-testid="panel-summary">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('summary.title')}</h2>
      <section aria-label={t('summary.counts')}>
        <ul className="flex flex-wrap gap-2">
          {COUNTED.filter((s) => (s !== 'critical' && s !== 'unavailable') || data.summary.counts[s] > 0).map(
            (s) => (
              <li
                key={s}
                className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
                data-testid={`count-${s}`}
              >
                <span className="text-xl font-bold tabular-nums text-slate-900 dark:text-white">
                  {data.summary.counts[s]}
                </span>
                <StatusBadge status={s === 'unavailable' ? null : s} />
              </li>
            ),
          )}
        </ul>
      </section>
      <section aria-label={t('summary.insights')}>
        <h3 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t('summary.insights')}
        </h3>
        {data.summary.insights.length === 0 ? (
          <p className="text-sm text-slate-500">{t('summary.noInsights')}</p>
        ) : (
          <ul
            className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300"
            data-testid="insights"
          >
            {data.summary.insights.map((insight, k) => (
              // Insights repeat keys (one per metric out of range): the position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole with each answer
              <li key={k}>{text(insight)}</li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
