import { useMemo } from 'react';
import type uPlot from 'uplot';
import { dailyLoadAxes } from './dailyLoadAxes';
import { UPlotChart } from './UPlotChart';

export interface LoadSeries {
  dates: string[];
  ctl: number[];
  atl: number[];
  tsb: number[];
}

/** Fitness (CTL), fatigue (ATL) and form (TSB) per day: the Performance Management Chart. */
export function TrainingLoadChart({
  series,
  labels,
  locale,
  height = 240,
}: {
  series: LoadSeries;
  labels: { ctl: string; atl: string; tsb: string; date: string };
  locale: string;
  height?: number;
}) {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      // Noon UTC of each day, in seconds: uPlot's time axis, never a day off in any zone.
      series.dates.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000),
      series.ctl,
      series.atl,
      series.tsb,
    ],
    [series],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    return {
      scales: { x: { time: true } },
      axes: dailyLoadAxes(day, number),
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: labels.date, value: (_u, v) => (v == null ? '—' : day.format(v * 1000)) },
        { label: labels.ctl, stroke: '#2563eb', width: 2, points: { show: false } },
        { label: labels.atl, stroke: '#db2777', width: 1.5, points: { show: false } },
        {
          label: labels.tsb,
          stroke: '#f59e0b',
          width: 1.5,
          fill: 'rgba(245,158,11,0.10)',
          points: { show: false },
        },
      ],
    };
  }, [labels, locale]);
  return (
    <UPlotChart
      data-testid="training-load-chart"
      className="w-full [&_.u-legend]:text-xs"
      options={options}
      data={data}
      height={height}
    />
  );
}
