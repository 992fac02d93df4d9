import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsSource } from '../../api/analytics';
import {
  COMPARATIVE_METRICS,
  type ComparativeMetric,
  type ComparativeResponse,
  type ComparativeRide,
  type CompareResponse,
} from '../../api/comparative';
import { Input } from '../../components/ui/Input';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { ComparePanel } from './ComparePanel';
import { formatRideMetric } from './comparativeFormat';
import { FormulaLink } from './FormulaLink';

const MODES = ['best', 'manual'] as const;
type Mode = (typeof MODES)[number];

/** Comparar Actividades: Mejor vs Reciente, or two rides picked from a searchable list (n/2). */
export function CompareTab({
  source,
  data,
  metric,
  onMetric,
  onCompare,
}: {
  source: AnalyticsSource;
  data: ComparativeResponse;
  metric: ComparativeMetric;
  onMetric: (m: ComparativeMetric) => void;
  onCompare: (c: CompareResponse | undefined) => void;
}) {
  const { t } = useTranslation('comparative');
  const f = useFormat();
  const [mode, setMode] = useState<Mode>('best');
  const [picked, setPicked] = useState<string[]>([]);
  const pair =
    mode === 'best'
      ? data.best && data.latest
        ? [data.best.id, data.latest.id]
        : []
      : picked.length === 2
        ? picked
        : [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900">
          <legend className="sr-only">{t('compare.mode')}</legend>
          {MODES.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              data-testid={`mode-${m}`}
              onClick={() => setMode(m)}
              className={cn(
                'min-h-9 rounded-md px-3 text-sm font-semibold',
                mode === m
                  ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-700 dark:text-white'
                  : 'text-slate-600 dark:text-slate-300',
              )}
            >
              {t(`compare.modes.${m}`)}
            </button>
          ))}
        </fieldset>
        {mode === 'best' && (
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            {t('compare.bestBy')}
            <select
              data-testid="best-metric"
              value={metric}
              onChange={(e) => onMetric(e.target.value as ComparativeMetric)}
              className="min-h-9 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-800"
            >
              {COMPARATIVE_METRICS.map((m) => (
                <option key={m} value={m}>
                  {t(`metrics.${m}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {mode === 'best' ? (
        data.best && data.latest ? (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="best-vs-latest">
            <FormulaLink id="bestVsLatest">
              {t('compare.bestText', {
                metric: t(`metrics.${metric}`),
                best: data.best.name,
                value: formatRideMetric(f, metric, data.best[metric]),
              })}
            </FormulaLink>
            {data.best.id === data.latest.id && ` ${t('compare.latestIsBest')}`}
          </p>
        ) : (
          <p className="text-slate-600 dark:text-slate-300" data-testid="compare-empty">
            {t('compare.noRides')}
          </p>
        )
      ) : (
        <RidePicker rides={data.rides} picked={picked} onPicked={setPicked} />
      )}
      {pair.length === 2 && <ComparePanel source={source} a={pair[0]!} b={pair[1]!} onData={onCompare} />}
    </div>
  );
}

function RidePicker({
  rides,
  picked,
  onPicked,
}: {
  rides: ComparativeRide[];
  picked: string[];
  onPicked: (ids: string[]) => void;
}) {
  const { t } = useTranslation('comparative');
  const f = useFormat();
  const [q, setQ] = useState('');
  const shown = useMemo(() => {
    const needle = q.trim().toLocaleLowerCase();
    const hits =
      needle === ''
        ? rides
        : rides.filter((r) => `${r.name} ${f.date(r.start_date)}`.toLocaleLowerCase().includes(needle));
    return hits.slice(0, 50);
  }, [rides, q, f]);
  const toggle = (id: string) => {
    if (picked.includes(id)) onPicked(picked.filter((p) => p !== id));
    else if (picked.length < 2) onPicked([...picked, id]);
  };
  return (
    <div className="space-y-2 print:hidden">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('compare.search')}
          aria-label={t('compare.search')}
          data-testid="ride-search"
          className="max-w-sm"
        />
        <span className="text-sm font-semibold text-slate-700 dark:text-slate-200" data-testid="pick-counter">
          {t('compare.counter', { n: picked.length })}
        </span>
      </div>
      <ul
        className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
        data-testid="ride-pick-list"
      >
        {shown.map((r) => {
          const on = picked.includes(r.id);
          const disabled = !on && picked.length >= 2;
          return (
            <li key={r.id}>
              <label
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm',
                  disabled && 'cursor-not-allowed opacity-50',
                )}
              >
                <input
                  type="checkbox"
                  checked={on}
                  disabled={disabled}
                  onChange={() => toggle(r.id)}
                  data-testid="ride-pick"
                />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900 dark:text-white">
                  {r.name}
                </span>
                <span className="shrink-0 text-slate-500 tabular-nums">{f.date(r.start_date)}</span>
                <span className="hidden shrink-0 text-slate-500 tabular-nums sm:inline">
                  {f.distance(r.distance_m)}
                </span>
                <span className="shrink-0 text-slate-500 tabular-nums">{f.watts(r.np)}</span>
              </label>
            </li>
          );
        })}
        {shown.length === 0 && <li className="px-3 py-4 text-sm text-slate-500">{t('compare.noMatch')}</li>}
      </ul>
    </div>
  );
}
