import { useMemo } from 'react';
import type uPlot from 'uplot';
import { formatClock } from '../../lib/format';
import { UPlotChart } from './UPlotChart';

/** W′ balance over the ride, in kJ, one value per second (null in gaps → a break). */
export function WPrimeChart({
  seriesJ,
  label,
  timeLabel,
  height = 200,
  locale,
}: {
  seriesJ: (number | null)[];
  label: string;
  timeLabel: string;
  height?: number;
  locale: string;
}) {
  const data = useMemo<uPlot.AlignedData>(() => {
    const xs = seriesJ.map((_, i) => i);
    const ys = seriesJ.map((v) => (v == null ? null : v / 1000));
    return [xs, ys];
  }, [seriesJ]);
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    return {
      scales: { x: { time: false }, y: { range: (_u, min, max) => [Math.min(0, min), max * 1.05 || 1] } },
      axes: [
        {
          stroke: '#64748b',
          values: (_u, splits) => splits.map((v) => formatClock(v)),
          space: 70,
          grid: { stroke: 'rgba(148,163,184,0.25)', width: 1 },
        },
        {
          stroke: '#64748b',
          size: 50,
          values: (_u, splits) => splits.map((v) => number.format(v)),
          grid: { stroke: 'rgba(148,163,184,0.25)', width: 1 },
          ticks: { show: false },
        },
      ],
      legend: { show: true, live: true },
      cursor: { drag: { x: true, y: false, setScale: true } },
      series: [
        { label: timeLabel, value: (_u, v) => (v == null ? '—' : formatClock(v)) },
        {
          label,
          stroke: '#7c3aed',
          fill: 'rgba(124,58,237,0.12)',
          width: 1.25,
          spanGaps: false,
          points: { show: false },
          value: (_u, v) => (v == null ? '—' : `${number.format(v)} kJ`),
        },
      ],
    };
  }, [label, timeLabel, locale]);
  return (
    <UPlotChart
      data-testid="wbal-chart"
      className="w-full [&_.u-legend]:text-xs"
      options={options}
      data={data}
      height={height}
    />
  );
}
