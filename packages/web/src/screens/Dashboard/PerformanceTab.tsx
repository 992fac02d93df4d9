import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Comparison, type CurveRange, type DashboardData, getPowerCurve } from '../../api/dashboard';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { LazyPowerCurveChart } from './DashboardCharts';
import { TrendArrow } from './StatCards';
import { queryKeys } from '../../api/query-keys';

const RANGES: readonly CurveRange[] = ['30d', '90d', '365d', 'all'];

function TrendRow({
  label,
  comparison,
  text,
}: {
  label: string;
  comparison: Comparison;
  text: (v: number | null) => string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-800 dark:text-slate-100">{label}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('trends.values', { current: text(comparison.current), previous: text(comparison.previous) })}
        </p>
      </div>
      {comparison.change_pct === null ? (
        <span className="text-xs text-slate-500">{t('trends.noPrevious')}</span>
      ) : (
        <TrendArrow comparison={comparison} />
      )}
    </li>
  );
}

/** Performance: the best-power curve on a log duration axis and the 30-day trends (spec 000 §2). */
export function PerformanceTab({ data }: { data: DashboardData }) {
  const { t, i18n } = useTranslation('dashboard');
  const f = useFormat();
  const [range, setRange] = useState<CurveRange>('90d');
  const curve = useQuery({
    queryKey: queryKeys.dashboard.powerCurve(range, i18n.language),
    queryFn: () => getPowerCurve(range, i18n.language),
    initialData: range === '90d' ? { range: '90d' as const, points: data.power_curve.points } : undefined,
  });
  const points = (curve.data?.points ?? []).map((p) => ({ duration_s: p.duration, power_w: p.power }));
  const trends = data.performance_trends;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="min-w-0 p-5 lg:col-span-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-slate-900 dark:text-white">{t('performance.curveTitle')}</h3>
          <fieldset className="flex gap-1">
            <legend className="sr-only">{t('performance.range')}</legend>
            {RANGES.map((r) => (
              <button
                key={r}
                type="button"
                aria-pressed={range === r}
                onClick={() => setRange(r)}
                className={cn(
                  'rounded-md px-2.5 py-1 text-xs font-semibold',
                  range === r
                    ? 'bg-brand-600 text-white'
                    : 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
                )}
              >
                {t(`ranges.${r}`)}
              </button>
            ))}
          </fieldset>
        </div>
        <div className="mt-3">
          {points.length === 0 ? (
            <p className="py-12 text-center text-sm text-slate-500">
              {curve.isLoading ? t('loading') : t('performance.noCurve')}
            </p>
          ) : (
            <LazyPowerCurveChart
              curves={[{ label: t('performance.best'), color: '#2563eb', points }]}
              locale={f.language}
              durationLabel={t('performance.duration')}
              height={280}
            />
          )}
        </div>
      </Card>
      <Card className="p-5" data-testid="performance-trends">
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('trends.title')}</h3>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('trends.window', { days: trends.window_days })}
        </p>
        <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-700">
          <TrendRow label={t('trends.power')} comparison={trends.power} text={f.watts} />
          <TrendRow label={t('trends.activities')} comparison={trends.activities} text={(v) => f.number(v)} />
          <TrendRow label={t('trends.distance')} comparison={trends.distance} text={f.distance} />
        </ul>
      </Card>
    </div>
  );
}
