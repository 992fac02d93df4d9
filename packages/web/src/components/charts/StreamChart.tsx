import { useCallback, useEffect, useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import { formatClock } from '../../lib/format';
import { UPlotChart } from './UPlotChart';

export interface StreamSeries {
  key: string;
  label: string;
  unit: string;
  color: string;
  values: (number | null)[];
  /** Draw as a filled area behind the lines (altitude). */
  area?: boolean;
  /** Axis side: 3 = left, 1 = right; none = no axis. */
  axis?: 1 | 3;
  digits?: number;
  show: boolean;
}

export interface TimeRange {
  min: number;
  max: number;
}

/**
 * The ride's streams on one time axis (seconds from the start), full resolution. A null value is a
 * break in the line (pauses, dropouts). Dragging across the chart zooms into that range and reports
 * it; a double click goes back to the whole ride. `range` drives the zoom from outside (a climb, a lap).
 */
export function StreamChart({
  time,
  series,
  range,
  onRangeChange,
  timeLabel,
  height = 320,
  locale,
}: {
  time: number[];
  series: StreamSeries[];
  range: TimeRange | null;
  onRangeChange: (range: TimeRange | null) => void;
  height?: number;
  locale: string;
  timeLabel: string;
}) {
  const chartRef = useRef<uPlot | null>(null);
  const onRangeRef = useRef(onRangeChange);
  onRangeRef.current = onRangeChange;
  const full = useMemo<TimeRange>(() => ({ min: time[0] ?? 0, max: time[time.length - 1] ?? 0 }), [time]);
  const fullRef = useRef(full);
  fullRef.current = full;

  // The chart is rebuilt only when the set of series or their units change, not on a toggle.
  const signature = series.map((s) => `${s.key}:${s.unit}:${s.label}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt on the signature only
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const scales: uPlot.Scales = { x: { time: false } };
    const axes: uPlot.Axis[] = [
      {
        stroke: '#64748b',
        grid: { stroke: 'rgba(148,163,184,0.25)', width: 1 },
        ticks: { stroke: 'rgba(148,163,184,0.4)', width: 1 },
        values: (_u, splits) => splits.map((v) => formatClock(v)),
        space: 70,
      },
    ];
    for (const s of series) {
      scales[s.key] = s.area ? { range: (_u, min, max) => [min, max + (max - min) * 0.6 + 1] } : {};
      if (s.axis) {
        axes.push({
          scale: s.key,
          side: s.axis,
          stroke: s.color,
          size: 50,
          grid: { show: s.axis === 3, stroke: 'rgba(148,163,184,0.25)', width: 1 },
          ticks: { show: false },
          values: (_u, splits) => splits.map((v) => number.format(v)),
        });
      }
    }
    return {
      scales,
      axes,
      legend: { show: true, live: true },
      cursor: {
        drag: { x: true, y: false, setScale: true },
        points: { size: 6 },
      },
      series: [
        { label: timeLabel, value: (_u, v) => (v == null ? '—' : formatClock(v)) },
        ...series.map<uPlot.Series>((s) => ({
          label: s.label,
          scale: s.key,
          stroke: s.color,
          width: s.area ? 1 : 1.25,
          fill: s.area ? `${s.color}33` : undefined,
          spanGaps: false,
          points: { show: false },
          show: s.show,
          value: (_u, v) =>
            v == null
              ? '—'
              : `${new Intl.NumberFormat(locale, { maximumFractionDigits: s.digits ?? 0 }).format(v)} ${s.unit}`,
        })),
      ],
      hooks: {
        setScale: [
          (u, key) => {
            if (key !== 'x') return;
            const min = u.scales.x?.min;
            const max = u.scales.x?.max;
            if (min == null || max == null) return;
            const whole = fullRef.current;
            const isFull = min <= whole.min + 0.5 && max >= whole.max - 0.5;
            onRangeRef.current(
              isFull ? null : { min: Math.max(whole.min, min), max: Math.min(whole.max, max) },
            );
          },
        ],
      },
    };
  }, [signature, locale, timeLabel]);

  // New data only when a column really changes (a toggle must not reset the zoom).
  const dataRef = useRef<uPlot.AlignedData>([]);
  const previous = dataRef.current;
  const columns = [time, ...series.map((s) => s.values)];
  if (previous.length !== columns.length || columns.some((column, i) => previous[i] !== column)) {
    dataRef.current = columns as uPlot.AlignedData;
  }
  const data = dataRef.current;

  // Toggles act on the live chart: no rebuild, the zoom stays.
  const visibility = series.map((s) => (s.show ? '1' : '0')).join('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the visibility string
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    series.forEach((s, i) => {
      if (chart.series[i + 1]?.show !== s.show) chart.setSeries(i + 1, { show: s.show });
    });
  }, [visibility]);

  const applyRange = useCallback((chart: uPlot, wanted: TimeRange | null) => {
    const target = wanted ?? fullRef.current;
    const x = chart.scales.x;
    if (x?.min === target.min && x?.max === target.max) return;
    chart.setScale('x', { min: target.min, max: target.max });
  }, []);

  const rangeRef = useRef(range);
  rangeRef.current = range;
  useEffect(() => {
    if (chartRef.current) applyRange(chartRef.current, range);
  }, [range, applyRange]);

  return (
    <UPlotChart
      data-testid="stream-chart"
      className="stream-chart w-full select-none [&_.u-legend]:pointer-events-none [&_.u-legend]:text-xs"
      options={options}
      data={data}
      height={height}
      onCreate={(chart) => {
        chartRef.current = chart;
        if (chart && rangeRef.current) applyRange(chart, rangeRef.current);
      }}
    />
  );
}
