import { useMemo } from 'react';
import type uPlot from 'uplot';
import { UPlotChart } from '../../../components/charts/UPlotChart';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  stroke: string;
  /** Right-hand axis (a second unit). */
  right?: boolean;
  format: (v: number) => string;
}

/**
 * The segment card's line charts (uPlot, like the other charts): recent efforts over time, and the
 * time gap of two efforts over distance.
 */
export function SegmentChart({
  x,
  xLabel,
  xTime,
  xFormat,
  series,
  height = 220,
  testId,
}: {
  x: number[];
  xLabel: string;
  xTime: boolean;
  xFormat: (v: number) => string;
  series: ChartSeries[];
  height?: number;
  testId: string;
}) {
  const data = useMemo<uPlot.AlignedData>(() => [x, ...series.map((s) => s.values)], [x, series]);
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const grid = { stroke: 'rgba(148,163,184,0.25)', width: 1 };
    const axis = (fmt: (v: number) => string, side?: number, scale?: string): uPlot.Axis => ({
      stroke: '#64748b',
      grid,
      ...(side !== undefined ? { side } : {}),
      ...(scale ? { scale } : {}),
      values: (_u, vals) => vals.map((v) => (v == null ? '' : fmt(v))),
      size: 56,
    });
    const left = series.find((s) => !s.right);
    const right = series.find((s) => s.right);
    return {
      scales: { x: { time: xTime }, left: {}, right: {} },
      axes: [
        // Room between distance ticks: "1.20 km" labels would touch at the default spacing.
        { ...axis(xFormat), size: 40, space: 80 },
        ...(left ? [axis(left.format, 3, 'left')] : []),
        ...(right ? [{ ...axis(right.format, 1, 'right'), grid: { show: false } }] : []),
      ],
      series: [
        { label: xLabel, value: (_u, v) => (v == null ? '—' : xFormat(v)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.stroke,
          width: 2,
          scale: s.right ? 'right' : 'left',
          value: (_u: uPlot, v: number | null) => (v == null ? '—' : s.format(v)),
          points: { show: true, size: 5 },
        })),
      ],
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
    };
  }, [series, xTime, xFormat, xLabel]);
  return (
    <div data-testid={testId}>
      <UPlotChart options={options} data={data} height={height} />
    </div>
  );
}
