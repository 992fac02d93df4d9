import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { type BikeWithStats, getBikePerformance } from '../../api/bikes';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { FormulaLink } from '../../components/analytics/AnalysisParts';
import { PowerCurveChart } from '../../components/charts/PowerCurveChart';
import { UPlotChart } from '../../components/charts/UPlotChart';
import { Alert } from '../../components/ui/Alert';
import { useFormat } from '../../hooks/useFormat';
import { errorMessage } from '../../lib/errors';
import { speedUnit, toSpeedUnit } from '../../lib/format';

/** Rendimiento: the bike's best-power curve over its rides, and its CdA and speed ride by ride. */
export function PerformanceTab({ bike }: { bike: BikeWithStats }) {
  const { t } = useTranslation('garage');
  const f = useFormat();
  const { user } = useAuth();
  const perf = useQuery({
    queryKey: queryKeys.bikes.performance(user?.id, bike.id),
    queryFn: () => getBikePerformance(bike.id),
  });
  if (perf.isPending)
    return (
      <div
        role="status"
        aria-label={t('loading')}
        className="h-72 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800"
      />
    );
  if (perf.isError) return <Alert>{errorMessage(perf.error, t)}</Alert>;
  const data = perf.data;
  if (data.rides.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-600">
        {t('performance.empty')}
      </p>
    );
  const cda = data.rides.filter((r) => r.cda_m2 !== null).map((r) => [r.start_time, r.cda_m2!] as const);
  const speed = data.rides
    .filter((r) => r.average_speed_mps !== null)
    .map((r) => [r.start_time, toSpeedUnit(r.average_speed_mps!, f.units)] as const);
  return (
    <div className="space-y-6">
      <section data-testid="bike-power-curve">
        <h3 className="mb-2 font-semibold text-slate-900 dark:text-white">
          <FormulaLink id="powerCurve">{t('performance.curve')}</FormulaLink>
        </h3>
        {data.curve.length === 0 ? (
          <p className="text-sm text-slate-500">{t('performance.noPower')}</p>
        ) : (
          <PowerCurveChart
            curves={[{ label: bike.name, color: '#2563eb', points: data.curve }]}
            locale={f.language}
            durationLabel={t('performance.duration')}
            height={260}
          />
        )}
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section>
          <h3 className="mb-2 font-semibold text-slate-900 dark:text-white">
            <FormulaLink id="bikeCda">{t('performance.cda')}</FormulaLink>
          </h3>
          {cda.length === 0 ? (
            <p className="text-sm text-slate-500">{t('performance.noCda')}</p>
          ) : (
            <TrendChart points={cda} label="CdA (m²)" color="#0f766e" digits={3} testId="bike-cda-trend" />
          )}
        </section>
        <section>
          <h3 className="mb-2 font-semibold text-slate-900 dark:text-white">{t('performance.speed')}</h3>
          <TrendChart
            points={speed}
            label={`${t('card.speed')} (${speedUnit(f.units)})`}
            color="#9333ea"
            digits={1}
            testId="bike-speed-trend"
          />
        </section>
      </div>
    </div>
  );
}

/** One value per ride against its date, as dots joined by a thin line. */
function TrendChart({
  points,
  label,
  color,
  digits,
  testId,
}: {
  points: readonly (readonly [string, number])[];
  label: string;
  color: string;
  digits: number;
  testId: string;
}) {
  const f = useFormat();
  const data = useMemo<uPlot.AlignedData>(
    () => [points.map(([d]) => Date.parse(d) / 1000), points.map(([, v]) => v)],
    [points],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: true } },
      axes: [
        { stroke: '#64748b', grid: { stroke: 'rgba(148,163,184,0.25)', width: 1 } },
        {
          stroke: '#64748b',
          size: 56,
          values: (_u, splits) => splits.map((v) => f.number(v, digits)),
          grid: { stroke: 'rgba(148,163,184,0.25)', width: 1 },
        },
      ],
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { value: (_u, v) => (v == null ? '—' : f.date(new Date(v * 1000))) },
        {
          label,
          stroke: color,
          width: 1,
          points: { show: true, size: 5, fill: color },
          value: (_u, v) => (v == null ? '—' : f.number(v, digits)),
        },
      ],
    }),
    [label, color, digits, f],
  );
  return (
    <UPlotChart
      data-testid={testId}
      className="w-full [&_.u-legend]:text-xs"
      options={options}
      data={data}
      height={200}
    />
  );
}
