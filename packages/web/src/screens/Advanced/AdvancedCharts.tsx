import { useMemo } from 'react';
import type uPlot from 'uplot';
import { UPlotChart } from '../../components/charts/UPlotChart';

export interface XySeries {
  label: string;
  color: string;
  /** y per x of the chart's shared x values; null where the series has no point. */
  values: (number | null)[];
  /** Points only (a scatter), else a line. */
  points?: boolean;
  unit: string;
}

const axis = (format: (v: number) => string, size?: number, space?: number): uPlot.Axis => ({
  stroke: '#64748b',
  ...(size ? { size } : {}),
  ...(space ? { space } : {}),
  values: (_u, splits) => splits.map((v) => (v == null ? '' : format(v))),
  grid: { stroke: 'rgba(148,163,184,0.25)', width: 1 },
  ticks: { stroke: 'rgba(148,163,184,0.4)', width: 1 },
});

/**
 * A small x–y chart on uPlot (the app's chart library): lines or scatters against a numeric or time
 * x axis. For VT points, cadence against power and CdA against date.
 */
export function XyChart({
  xs,
  series,
  xLabel,
  formatX,
  formatY,
  time = false,
  height = 240,
  testId,
  locale,
}: {
  xs: number[];
  series: XySeries[];
  xLabel: string;
  formatX: (v: number) => string;
  formatY: (v: number) => string;
  time?: boolean;
  height?: number;
  testId: string;
  locale: string;
}) {
  const data = useMemo(() => [xs, ...series.map((s) => s.values)] as uPlot.AlignedData, [xs, series]);
  const signature = `${series.map((s) => `${s.label}:${s.color}:${s.points}`).join('|')}|${time}|${locale}|${xLabel}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt on the signature only
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time } },
      // Dates need room: at least 70 px between ticks.
      axes: [axis(formatX, undefined, time ? 70 : undefined), axis(formatY, 50)],
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: xLabel, value: (_u, v) => (v == null ? '—' : formatX(v)) },
        ...series.map<uPlot.Series>((s) => ({
          label: s.label,
          stroke: s.color,
          width: s.points ? 0 : 2,
          spanGaps: true,
          points: s.points ? { show: true, size: 7, fill: s.color, stroke: s.color } : { show: false },
          value: (_u, v) => (v == null ? '—' : `${formatY(v)} ${s.unit}`),
        })),
      ],
    }),
    [signature],
  );
  return (
    <UPlotChart
      data-testid={testId}
      className="w-full [&_.u-legend]:text-xs"
      options={options}
      data={data}
      height={height}
    />
  );
}

/** Horizontal bars of time (cadence bins): label, bar, hours:minutes. */
export function TimeBars({
  bars,
  format,
  testId,
}: {
  bars: { label: string; timeS: number }[];
  format: (s: number) => string;
  testId: string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.timeS));
  return (
    <ul data-testid={testId} className="space-y-1">
      {bars.map((b) => (
        <li key={b.label} className="grid grid-cols-[5.5rem_1fr_3.5rem] items-center gap-2 text-xs">
          <span className="text-slate-600 dark:text-slate-300">{b.label}</span>
          <span className="h-3 rounded bg-slate-100 dark:bg-slate-700">
            <span className="block h-3 rounded bg-brand-600" style={{ width: `${(100 * b.timeS) / max}%` }} />
          </span>
          <span className="text-right tabular-nums text-slate-700 dark:text-slate-200">
            {format(b.timeS)}
          </span>
        </li>
      ))}
    </ul>
  );
}
