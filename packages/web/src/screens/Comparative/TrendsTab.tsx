import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COMPARATIVE_METRICS, type ComparativeRide } from '../../api/comparative';
import { Card } from '../../components/ui/Card';
import { useFormat } from '../../hooks/useFormat';
import { formatRideMetric, METRIC_FORMULA } from './comparativeFormat';
import { Sparkline } from './charts';
import { FormulaLink } from './FormulaLink';

/** Análisis Tendencias: the last 10 rides, six metrics, a sparkline each, and the rides themselves. */
export function TrendsTab({ recent }: { recent: ComparativeRide[] }) {
  const { t } = useTranslation('comparative');
  const f = useFormat();
  if (recent.length === 0)
    return <p className="text-slate-600 dark:text-slate-300">{t('compare.noRides')}</p>;
  const latest = recent[recent.length - 1]!;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('trends.text', { count: recent.length })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="trend-cards">
        {COMPARATIVE_METRICS.map((m) => (
          <Card key={m} className="flex items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="text-sm text-slate-600 dark:text-slate-300">{t(`metrics.${m}`)}</p>
              <p className="text-xl font-bold text-slate-900 tabular-nums dark:text-white">
                <FormulaLink id={METRIC_FORMULA[m]}>{formatRideMetric(f, m, latest[m])}</FormulaLink>
              </p>
              <p className="text-xs text-slate-500">{t('trends.latest')}</p>
            </div>
            <Sparkline
              values={recent.map((r) => r[m])}
              label={t('trends.sparkline', { metric: t(`metrics.${m}`) })}
            />
          </Card>
        ))}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm tabular-nums" data-testid="recent-rides">
          <thead>
            <tr className="text-left text-slate-500 dark:text-slate-400">
              <th className="py-2 pr-3 font-medium">{t('table.ride')}</th>
              {COMPARATIVE_METRICS.map((m) => (
                <th key={m} className="py-2 pr-3 font-medium">
                  <FormulaLink id={METRIC_FORMULA[m]}>{t(`metricsShort.${m}`)}</FormulaLink>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...recent].reverse().map((r) => (
              <tr key={r.id} className="border-t border-slate-100 dark:border-slate-700">
                <td className="max-w-[14rem] truncate py-1.5 pr-3">
                  <Link
                    to={`/activities/${r.id}`}
                    className="font-medium text-brand-700 hover:underline dark:text-brand-400"
                  >
                    {r.name}
                  </Link>
                  <span className="block text-xs text-slate-500">{f.date(r.start_date)}</span>
                </td>
                {COMPARATIVE_METRICS.map((m) => (
                  <td key={m} className="py-1.5 pr-3 text-slate-800 dark:text-slate-100">
                    {formatRideMetric(f, m, r[m])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
