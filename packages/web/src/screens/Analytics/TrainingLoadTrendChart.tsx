import { useMemo } from 'react';
import type uPlot from 'uplot';
import { UPlotChart } from '../../components/charts/UPlotChart';
import type { LoadChartColumns } from './analyticsLoadFormat';

export interface TrendChartLabels {
  date: string;
  ctl: string;
  atl: string;
  tsb: string;
  tss: string;
  ctlPlan: string;
  atlPlan: string;
  tsbPlan: string;
  tssPlan: string;
}

const DASH = [6, 4];

/**
 * CTL, ATL and TSB lines over the daily TSS area (right axis), then the 14 projected days drawn
 * dashed so the plan never reads as history (issue 13, spec 001 §2.3 'Tendencias').
 */
export function TrainingLoadTrendChart({
  columns,
  labels,
  locale,
  height = 280,
}: {
  columns: LoadChartColumns;
  labels: TrendChartLabels;
  locale: string;
  height?: number;
}) {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      // Noon UTC of each day, in seconds: never a day off in any zone.
      columns.dates.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000),
      columns.tss,
      columns.tssPlan,
      columns.ctl,
      columns.atl,
      columns.tsb,
      columns.ctlPlan,
      columns.atlPlan,
      columns.tsbPlan,
    ],
    [columns],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const value = (_u: uPlot, v: number | null) => (v == null ? '—' : number.format(v));
    const grid = { stroke: 'rgba(148,163,184,0.25)', width: 1 };
    const line = (label: string, stroke: string, width: number, dash?: number[]): uPlot.Series => ({
      label,
      stroke,
      width,
      scale: 'load',
      value,
      points: { show: false },
      ...(dash ? { dash } : {}),
    });
    return {
      scales: {
        x: { time: true },
        load: {},
        tss: { range: (_u, _min, max) => [0, Math.max(50, max * 1.1)] },
      },
      axes: [
        {
          stroke: '#64748b',
          grid,
          space: 70,
          values: (_u, splits) => splits.map((v) => day.format(v * 1000)),
        },
        {
          scale: 'load',
          stroke: '#64748b',
          size: 40,
          grid,
          ticks: { show: false },
          values: (_u, s) => s.map((v) => number.format(v)),
        },
        {
          scale: 'tss',
          side: 1,
          stroke: '#94a3b8',
          size: 40,
          grid: { show: false },
          ticks: { show: false },
          values: (_u, s) => s.map((v) => number.format(v)),
        },
      ],
      // Labels only: live values would read '—' until the pointer is over the chart.
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: labels.date, value: (_u, v) => (v == null ? '—' : day.format(v * 1000)) },
        {
          label: labels.tss,
          scale: 'tss',
          stroke: 'rgba(100,116,139,0.6)',
          fill: 'rgba(148,163,184,0.25)',
          width: 1,
          value,
          points: { show: false },
        },
        {
          label: labels.tssPlan,
          scale: 'tss',
          stroke: 'rgba(100,116,139,0.8)',
          fill: 'rgba(148,163,184,0.12)',
          width: 1,
          dash: DASH,
          value,
          points: { show: false },
        },
        line(labels.ctl, '#2563eb', 2),
        line(labels.atl, '#db2777', 1.5),
        line(labels.tsb, '#d97706', 1.5),
        line(labels.ctlPlan, '#2563eb', 2, DASH),
        line(labels.atlPlan, '#db2777', 1.5, DASH),
        line(labels.tsbPlan, '#d97706', 1.5, DASH),
      ],
    };
  }, [labels, locale]);
  return (
    <UPlotChart
      data-testid="training-load-trend-chart"
      className="w-full [&_.u-legend]:text-xs"
      options={options}
      data={data}
      height={height}
    />
  );
}
