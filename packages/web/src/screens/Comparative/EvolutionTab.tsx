import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnalyticsSource } from '../../api/analytics';
import {
  EVOLUTION_METRICS,
  EVOLUTION_RANGES,
  type EvolutionMetric,
  type EvolutionRange,
  type EvolutionResponse,
} from '../../api/comparative';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { toWeightUnit } from '../../lib/format';
import { formatEvolution, formatEvolutionChange, sourceHref } from './comparativeFormat';
import { EvolutionChart } from './charts';
import { FormulaLink } from './FormulaLink';
import { useEvolution } from './useComparative';

function Choice<T extends string>({
  values,
  value,
  onChange,
  label,
  testId,
  legend,
}: {
  values: readonly T[];
  value: T;
  onChange: (v: T) => void;
  label: (v: T) => string;
  testId: string;
  legend: string;
}) {
  return (
    <fieldset className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900">
      <legend className="sr-only">{legend}</legend>
      {values.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          data-testid={`${testId}-${v}`}
          onClick={() => onChange(v)}
          className={cn(
            'min-h-9 rounded-md px-3 text-sm font-semibold',
            value === v
              ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-700 dark:text-white'
              : 'text-slate-600 dark:text-slate-300',
          )}
        >
          {label(v)}
        </button>
      ))}
    </fieldset>
  );
}

/** Evolución Temporal: FTP, VO2max, CdA or weight over 3M/6M/1A/Todo, each point opening its source. */
export function EvolutionTab({
  source,
  metric,
  range,
  onMetric,
  onRange,
  onData,
}: {
  source: AnalyticsSource;
  metric: EvolutionMetric;
  range: EvolutionRange;
  onMetric: (m: EvolutionMetric) => void;
  onRange: (r: EvolutionRange) => void;
  onData: (d: EvolutionResponse | undefined) => void;
}) {
  const { t } = useTranslation('comparative');
  const f = useFormat();
  const query = useEvolution(source, metric, range);
  const data = query.data;
  useEffect(() => onData(data), [data, onData]);
  // Weight is charted in the rider's unit; the rest have one unit everywhere.
  const chartValue = (v: number) => (metric === 'weight' ? toWeightUnit(v, f.units) : v);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Choice
          values={EVOLUTION_METRICS}
          value={metric}
          onChange={onMetric}
          label={(m) => t(`evolution.metrics.${m}`)}
          testId="evolution-metric"
          legend={t('evolution.metric')}
        />
        <Choice
          values={EVOLUTION_RANGES}
          value={range}
          onChange={onRange}
          label={(r) => t(`evolution.ranges.${r}`)}
          testId="evolution-range"
          legend={t('evolution.range')}
        />
      </div>
      {query.isPending ? (
        <div
          role="status"
          aria-label={t('loading')}
          className="h-60 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800"
        />
      ) : query.isError || !data ? (
        <p role="alert" className="text-rose-700 dark:text-rose-300">
          {t('evolution.error')}
        </p>
      ) : (
        <>
          <div className="grid grid-cols-3 gap-3" data-testid="evolution-summary">
            <Card className="p-4">
              <p className="text-xs text-slate-600 sm:text-sm dark:text-slate-300">
                {t('evolution.current')}
              </p>
              <p
                className="text-lg font-bold text-slate-900 tabular-nums sm:text-xl dark:text-white"
                data-testid="evolution-current"
              >
                <FormulaLink id="evolution">{formatEvolution(f, metric, data.current)}</FormulaLink>
              </p>
            </Card>
            <Card className="p-4">
              <p className="text-xs text-slate-600 sm:text-sm dark:text-slate-300">{t('evolution.change')}</p>
              <p className="text-lg font-bold text-slate-900 tabular-nums sm:text-xl dark:text-white">
                <FormulaLink id="evolution">{formatEvolutionChange(f, metric, data.change)}</FormulaLink>
              </p>
              {data.trend && <p className="text-xs text-slate-500">{t(`evolution.trend.${data.trend}`)}</p>}
            </Card>
            <Card className="p-4">
              <p className="text-xs text-slate-600 sm:text-sm dark:text-slate-300">{t('evolution.count')}</p>
              <p
                className="text-lg font-bold text-slate-900 tabular-nums sm:text-xl dark:text-white"
                data-testid="evolution-count"
              >
                {f.number(data.count)}
              </p>
            </Card>
          </div>
          {data.points.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-300" data-testid="evolution-empty">
              {t(`evolution.empty.${metric}`)}
            </p>
          ) : (
            <>
              <EvolutionChart
                points={data.points.map((p) => ({ date: p.date, value: chartValue(p.value) }))}
                label={t(`evolution.metrics.${metric}`)}
                formatY={(v) => f.number(v, metric === 'cda' ? 3 : metric === 'vo2max' ? 1 : 0)}
                locale={f.language}
              />
              <div className="max-h-72 overflow-y-auto">
                <table className="w-full text-sm tabular-nums" data-testid="evolution-points">
                  <thead>
                    <tr className="text-left text-slate-500 dark:text-slate-400">
                      <th className="py-2 pr-3 font-medium">{t('evolution.date')}</th>
                      <th className="py-2 pr-3 font-medium">{t(`evolution.metrics.${metric}`)}</th>
                      <th className="py-2 font-medium">{t('evolution.source')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...data.points].reverse().map((p) => (
                      <tr
                        key={`${p.source.kind}-${p.source.id}-${p.date}-${p.basis}`}
                        className="border-t border-slate-100 dark:border-slate-700"
                      >
                        <td className="py-1.5 pr-3">{f.date(p.date)}</td>
                        <td className="py-1.5 pr-3 font-semibold text-slate-900 dark:text-white">
                          {formatEvolution(f, metric, p.value)}
                        </td>
                        <td className="py-1.5">
                          {source === 'own' ? (
                            <Link
                              to={sourceHref(p)}
                              className="text-brand-700 hover:underline dark:text-brand-400"
                              data-testid="evolution-source"
                            >
                              {t(`evolution.basis.${p.basis}`)}
                            </Link>
                          ) : (
                            // The example rider's rides and settings have no pages a visitor can open.
                            <span data-testid="evolution-source">{t(`evolution.basis.${p.basis}`)}</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
