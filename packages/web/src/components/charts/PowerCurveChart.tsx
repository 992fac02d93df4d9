import { useMemo } from 'react';
import type uPlot from 'uplot';
import { formatDurationLabel } from '../../lib/format';
import { UPlotChart } from './UPlotChart';

export interface CurveInput {
  label: string;
  color: string;
  points: { duration_s: number; power_w: number }[];
  dash?: number[];
}

const MARKS = [1, 5, 30, 60, 300, 1200, 3600, 7200, 14400];

/**
 * Mean-maximal power against duration on a logarithmic axis (1 s … hours), one line per curve
 * (this ride, the rider's best). Durations missing from one curve are bridged on that line.
 */
export function PowerCurveChart({
  curves,
  height = 280,
  locale,
  durationLabel,
}: {
  curves: CurveInput[];
  height?: number;
  locale: string;
  durationLabel: string;
}) {
  const { data, maxDuration } = useMemo(() => {
    const durations = new Set<number>();
    for (const curve of curves)
      for (const p of curve.points) if (p.duration_s >= 1) durations.add(p.duration_s);
    const xs = [...durations].sort((a, b) => a - b);
    const index = new Map(xs.map((x, i) => [x, i]));
    const columns = curves.map((curve) => {
      const ys: (number | null)[] = new Array(xs.length).fill(null);
      for (const p of curve.points) {
        const i = index.get(p.duration_s);
        if (i !== undefined) ys[i] = p.power_w;
      }
      return ys;
    });
    return { data: [xs, ...columns] as uPlot.AlignedData, maxDuration: xs[xs.length - 1] ?? 1 };
  }, [curves]);

  const signature = curves.map((c) => `${c.label}:${c.color}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt on the signature only
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const marks = MARKS.filter((m) => m <= Math.max(maxDuration, 60));
    return {
      scales: {
        x: { time: false, distr: 3, log: 10, range: (_u, min, max) => [Math.max(1, min), Math.max(max, 60)] },
        y: { range: (_u, _min, max) => [0, Math.ceil((max * 1.08) / 50) * 50] },
      },
      axes: [
        {
          stroke: '#64748b',
          splits: () => marks,
          // uPlot's log axes hide labels that are not 1-2-5 × 10ⁿ; every mark here is wanted, except
          // 30 s and 2 h on a narrow chart where they would run into 1 min and 60 min.
          filter: (u, splits) =>
            u.width < 480 ? splits.map((v) => (v === 30 || v === 7200 ? null : v)) : splits,
          values: (_u, splits) => splits.map((v) => (v == null ? '' : formatDurationLabel(v))),
          grid: { stroke: 'rgba(148,163,184,0.25)', width: 1 },
          ticks: { stroke: 'rgba(148,163,184,0.4)', width: 1 },
        },
        {
          stroke: '#64748b',
          size: 50,
          values: (_u, splits) => splits.map((v) => `${number.format(v)}`),
          grid: { stroke: 'rgba(148,163,184,0.25)', width: 1 },
          ticks: { show: false },
        },
      ],
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: durationLabel, value: (_u, v) => (v == null ? '—' : formatDurationLabel(v)) },
        ...curves.map<uPlot.Series>((curve) => ({
          label: curve.label,
          stroke: curve.color,
          width: 2,
          dash: curve.dash,
          spanGaps: true,
          points: { show: false },
          value: (_u, v) => (v == null ? '—' : `${number.format(v)} W`),
        })),
      ],
    };
  }, [signature, locale, maxDuration, durationLabel]);

  return (
    <UPlotChart
      data-testid="power-curve-chart"
      className="w-full [&_.u-legend]:text-xs"
      options={options}
      data={data}
      height={height}
    />
  );
}
