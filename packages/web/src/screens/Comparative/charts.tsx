import { useMemo } from 'react';
import type uPlot from 'uplot';
import { UPlotChart } from '../../components/charts/UPlotChart';

const AXIS = {
  stroke: '#64748b',
  grid: { stroke: 'rgba(148,163,184,0.25)', width: 1 },
  ticks: { stroke: 'rgba(148,163,184,0.4)', width: 1 },
};

export const RIDE_COLORS = { a: '#2563eb', b: '#ea580c' } as const;

/**
 * Two rides' series on one x axis (time or distance): the union of both rides' x values, each line
 * bridged across the other's x values (gaps within a ride stay gaps: null means no value there).
 */
export function OverlayChart({
  a,
  b,
  labels,
  xLabel,
  formatX,
  formatY,
  height = 260,
}: {
  a: { x: number[]; y: (number | null)[] };
  b: { x: number[]; y: (number | null)[] };
  labels: [string, string];
  xLabel: string;
  formatX: (v: number) => string;
  formatY: (v: number) => string;
  height?: number;
}) {
  const data = useMemo(() => {
    const xs = [...new Set([...a.x, ...b.x])].sort((p, q) => p - q);
    const index = new Map(xs.map((x, i) => [x, i]));
    const column = (s: typeof a) => {
      const ys: (number | null | undefined)[] = new Array(xs.length).fill(undefined);
      s.x.forEach((x, i) => {
        ys[index.get(x)!] = s.y[i];
      });
      return ys;
    };
    return [xs, column(a), column(b)] as uPlot.AlignedData;
  }, [a, b]);
  const signature = `${labels.join('|')}|${xLabel}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt on the signature only
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: false } },
      axes: [
        { ...AXIS, values: (_u, splits) => splits.map(formatX), space: 70 },
        { ...AXIS, size: 56, values: (_u, splits) => splits.map(formatY) },
      ],
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: xLabel, value: (_u, v) => (v == null ? '—' : formatX(v)) },
        ...(['a', 'b'] as const).map<uPlot.Series>((side, i) => ({
          label: labels[i],
          stroke: RIDE_COLORS[side],
          width: 1.5,
          // undefined (the other ride's x) is bridged; null (no value in this ride) breaks the line.
          spanGaps: false,
          points: { show: false },
          value: (_u, v) => (v == null ? '—' : formatY(v)),
        })),
      ],
    }),
    [signature],
  );
  return (
    <UPlotChart
      data-testid="overlay-chart"
      className="w-full [&_.u-legend]:text-xs"
      options={options}
      data={data}
      height={height}
    />
  );
}

/** Evolution points over dates (x: seconds since 1970), a line with each point drawn. */
export function EvolutionChart({
  points,
  label,
  formatY,
  locale,
  height = 240,
}: {
  points: { date: string; value: number }[];
  label: string;
  formatY: (v: number) => string;
  locale: string;
  height?: number;
}) {
  const data = useMemo(
    () =>
      [
        points.map((p) => Date.parse(`${p.date}T12:00:00Z`) / 1000),
        points.map((p) => p.value),
      ] as uPlot.AlignedData,
    [points],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt on the label and locale only
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return {
      scales: {
        x: { time: true },
        y: { range: (_u, min, max) => [min - (max - min) * 0.1 - 0.001, max + (max - min) * 0.1 + 0.001] },
      },
      axes: [
        { ...AXIS, values: (_u, splits) => splits.map((v) => day.format(new Date(v * 1000))), space: 70 },
        { ...AXIS, size: 64, values: (_u, splits) => splits.map(formatY) },
      ],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      series: [{}, { label, stroke: '#2563eb', width: 2, points: { show: true, size: 6 } }],
    };
  }, [label, locale]);
  return (
    <UPlotChart
      data-testid="evolution-chart"
      className="w-full"
      options={options}
      data={data}
      height={height}
    />
  );
}

/** A small line of values (oldest to newest) with the newest dot marked; nulls are skipped. */
export function Sparkline({ values, label }: { values: (number | null)[]; label: string }) {
  const width = 120;
  const height = 32;
  const present = values
    .map((v, i) => [i, v] as const)
    .filter((p): p is readonly [number, number] => p[1] !== null);
  if (present.length === 0) return <span className="text-xs text-slate-400">—</span>;
  const ys = present.map((p) => p[1]);
  const min = Math.min(...ys);
  const max = Math.max(...ys);
  const x = (i: number) => (values.length <= 1 ? width / 2 : (i / (values.length - 1)) * (width - 4) + 2);
  const y = (v: number) => (max === min ? height / 2 : height - 3 - ((v - min) / (max - min)) * (height - 6));
  const path = present.map(([i, v]) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const [li, lv] = present[present.length - 1]!;
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="sparkline"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      className="overflow-visible text-brand-600 dark:text-brand-400"
    >
      <polyline points={path} fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx={x(li)} cy={y(lv)} r="2.5" fill="currentColor" />
    </svg>
  );
}
