import type uPlot from 'uplot';

/**
 * The axes of a day-by-day load chart (CTL, ATL, TSB): days on x, whole numbers on y, in the
 * reader's locale. Shared by the training-load card and the training plan's projection.
 */
export function dailyLoadAxes(day: Intl.DateTimeFormat, number: Intl.NumberFormat): uPlot.Axis[] {
  const grid = { stroke: 'rgba(148,163,184,0.25)', width: 1 };
  return [
    {
      stroke: '#64748b',
      grid,
      space: 70,
      values: (_u, splits) => splits.map((v) => day.format(v * 1000)),
    },
    {
      stroke: '#64748b',
      size: 44,
      grid,
      ticks: { show: false },
      values: (_u, s) => s.map((v) => number.format(v)),
    },
  ];
}
