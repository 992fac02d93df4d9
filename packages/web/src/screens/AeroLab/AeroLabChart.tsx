import { useMemo } from 'react';
import type uPlot from 'uplot';
import { UPlotChart } from '../../components/charts/UPlotChart';

/** Virtual elevation against the recorded one, over distance (km) or, without distance, minutes. */
export function AeroLabChart({
  x,
  xLabel,
  recorded,
  virtual,
  labels,
  locale,
}: {
  x: number[];
  xLabel: string;
  recorded: (number | null)[];
  virtual: (number | null)[];
  labels: { recorded: string; virtual: string; elevation: string };
  locale: string;
}) {
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    return {
      scales: { x: { time: false } },
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      axes: [
        { label: xLabel, values: (_u, ticks) => ticks.map((v) => number.format(v)), stroke: '#64748b' },
        {
          label: labels.elevation,
          values: (_u, ticks) => ticks.map((v) => number.format(v)),
          stroke: '#64748b',
        },
      ],
      series: [
        { label: xLabel, value: (_u, v) => (v == null ? '–' : number.format(v)) },
        {
          label: labels.recorded,
          stroke: '#94a3b8',
          fill: 'rgba(148,163,184,0.15)',
          width: 2,
          value: (_u, v) => (v == null ? '–' : `${number.format(v)} m`),
        },
        {
          label: labels.virtual,
          stroke: '#e11d48',
          width: 2,
          value: (_u, v) => (v == null ? '–' : `${number.format(v)} m`),
        },
      ],
    };
  }, [xLabel, labels.recorded, labels.virtual, labels.elevation, locale]);
  const data = useMemo<uPlot.AlignedData>(
    () => [x, recorded as (number | null | undefined)[], virtual as (number | null | undefined)[]],
    [x, recorded, virtual],
  );
  return <UPlotChart options={options} data={data} height={320} data-testid="aero-lab-chart" />;
}
