import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnalyticsSource } from '../../api/analytics';
import type { CompareResponse } from '../../api/comparative';
import { PowerCurveChart } from '../../components/charts/PowerCurveChart';
import { cn } from '../../components/ui/cn';
import { useFormat } from '../../hooks/useFormat';
import { distanceUnit, toDistanceUnit, toSpeedUnit } from '../../lib/format';
import { FIGURE_FORMULA, formatDifference, formatFigure } from './comparativeFormat';
import { OverlayChart, RIDE_COLORS } from './charts';
import { FormulaLink } from './FormulaLink';
import { useCompare } from './useComparative';

const CHANNELS = ['power_w', 'heart_rate_bpm', 'speed_mps'] as const;
type Channel = (typeof CHANNELS)[number];
const AXES = ['time', 'distance'] as const;

function Toggle<T extends string>({
  values,
  value,
  onChange,
  label,
  testId,
}: {
  values: readonly T[];
  value: T;
  onChange: (v: T) => void;
  label: (v: T) => string;
  testId: string;
}) {
  return (
    <div className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900">
      {values.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          data-testid={`${testId}-${v}`}
          onClick={() => onChange(v)}
          className={cn(
            'min-h-8 rounded-md px-2.5 text-xs font-semibold sm:text-sm',
            value === v
              ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-700 dark:text-white'
              : 'text-slate-600 dark:text-slate-300',
          )}
        >
          {label(v)}
        </button>
      ))}
    </div>
  );
}

/** Two rides side by side: figures and differences, overlaid series, both power curves. */
export function ComparePanel({
  source,
  a,
  b,
  onData,
}: {
  source: AnalyticsSource;
  a: string;
  b: string;
  onData?: (data: CompareResponse | undefined) => void;
}) {
  const { t } = useTranslation('comparative');
  const query = useCompare(source, a, b);
  const data = query.data;
  useEffect(() => onData?.(data), [data, onData]);
  if (query.isPending)
    return (
      <div
        role="status"
        aria-label={t('loading')}
        className="h-64 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800"
      />
    );
  if (query.isError || !data)
    return (
      <p role="alert" className="text-rose-700 dark:text-rose-300">
        {t('compare.error')}
      </p>
    );
  return <CompareView data={data} />;
}

function CompareView({ data }: { data: CompareResponse }) {
  const { t } = useTranslation('comparative');
  const f = useFormat();
  const [channel, setChannel] = useState<Channel>('power_w');
  const [axis, setAxis] = useState<(typeof AXES)[number]>('time');
  const labels: [string, string] = [`A · ${data.a.ride.name}`, `B · ${data.b.ride.name}`];
  const series = useMemo(() => {
    const pick = (side: 'a' | 'b') => {
      const s = axis === 'time' ? data[side].by_time : data[side].by_distance;
      const x =
        axis === 'time'
          ? s.time_s
          : s.distance_m.map((d) => (d === null ? Number.NaN : toDistanceUnit(d, f.units)));
      const y = s[channel].map((v) =>
        v === null ? null : channel === 'speed_mps' ? toSpeedUnit(v, f.units) : v,
      );
      const keep = x.map((v) => Number.isFinite(v));
      return { x: x.filter((_, i) => keep[i]), y: y.filter((_, i) => keep[i]) };
    };
    return { a: pick('a'), b: pick('b') };
  }, [data, axis, channel, f.units]);
  const unit =
    channel === 'power_w'
      ? 'W'
      : channel === 'heart_rate_bpm'
        ? f.bpmUnit
        : f.units === 'imperial'
          ? 'mph'
          : 'km/h';
  return (
    <div className="space-y-6" data-testid="compare-view">
      <div className="overflow-x-auto">
        <table className="w-full text-sm tabular-nums" data-testid="compare-figures">
          <thead>
            <tr className="text-left text-slate-500 dark:text-slate-400">
              <th className="py-2 pr-3 font-medium">{t('compare.figure')}</th>
              {(['a', 'b'] as const).map((side) => (
                <th key={side} className="py-2 pr-3 font-medium">
                  <span
                    className="mr-1 inline-block size-2.5 rounded-full"
                    style={{ background: RIDE_COLORS[side] }}
                  />
                  <Link
                    className="hover:underline"
                    to={`/activities/${data[side].ride.id}`}
                    data-testid={`compare-ride-${side}`}
                  >
                    {side.toUpperCase()} · {data[side].ride.name}
                  </Link>
                  <span className="block text-xs font-normal">{f.date(data[side].ride.start_date)}</span>
                </th>
              ))}
              <th className="hidden py-2 font-medium sm:table-cell">{t('compare.difference')}</th>
            </tr>
          </thead>
          <tbody>
            {data.figures.map((row) => (
              <tr key={row.key} className="border-t border-slate-100 dark:border-slate-700">
                <td className="py-1.5 pr-3 text-slate-600 dark:text-slate-300">
                  <FormulaLink id={FIGURE_FORMULA[row.key]}>{t(`figures.${row.key}`)}</FormulaLink>
                </td>
                <td className="py-1.5 pr-3 font-semibold text-slate-900 dark:text-white">
                  {formatFigure(f, row.key, row.a)}
                </td>
                <td className="py-1.5 pr-3 font-semibold text-slate-900 dark:text-white">
                  {formatFigure(f, row.key, row.b)}
                  {/* Phones: the difference under B (its own column does not fit). */}
                  <span
                    className="block text-xs font-normal text-slate-500 sm:hidden"
                    data-testid="difference-inline"
                  >
                    {formatDifference(f, row.key, row.difference)}
                  </span>
                </td>
                <td
                  className={cn(
                    'hidden py-1.5 sm:table-cell',
                    row.difference !== null && row.difference > 0 && 'text-emerald-700 dark:text-emerald-400',
                    row.difference !== null && row.difference < 0 && 'text-rose-700 dark:text-rose-400',
                  )}
                >
                  {formatDifference(f, row.key, row.difference)}
                  {row.difference_pct !== null && (
                    <span className="ml-1 text-xs text-slate-500">({f.percent(row.difference_pct, 1)})</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="space-y-3" aria-labelledby="overlay-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 id="overlay-title" className="font-semibold text-slate-900 dark:text-white">
            <FormulaLink id="rideComparison">{t('compare.series')}</FormulaLink>
          </h4>
          <div className="flex flex-wrap gap-2 print:hidden">
            <Toggle
              values={CHANNELS}
              value={channel}
              onChange={setChannel}
              label={(c) => t(`channels.${c}`)}
              testId="channel"
            />
            <Toggle
              values={AXES}
              value={axis}
              onChange={setAxis}
              label={(v) => t(`axes.${v}`)}
              testId="axis"
            />
          </div>
        </div>
        <OverlayChart
          a={series.a}
          b={series.b}
          labels={labels}
          xLabel={axis === 'time' ? t('axes.time') : `${t('axes.distance')} (${distanceUnit(f.units)})`}
          formatX={axis === 'time' ? (v) => f.clock(v) : (v) => f.number(v, 1)}
          formatY={(v) => `${f.number(v, 0)} ${unit}`}
        />
      </section>
      <section className="space-y-3" aria-labelledby="curves-title">
        <h4 id="curves-title" className="font-semibold text-slate-900 dark:text-white">
          <FormulaLink id="powerCurve">{t('compare.curves')}</FormulaLink>
        </h4>
        <PowerCurveChart
          curves={[
            { label: labels[0], color: RIDE_COLORS.a, points: data.a.power_curve },
            { label: labels[1], color: RIDE_COLORS.b, points: data.b.power_curve },
          ]}
          locale={f.language}
          durationLabel={t('compare.duration')}
        />
      </section>
    </div>
  );
}
