import { useMemo } from 'react';
import type uPlot from 'uplot';
import { dailyLoadAxes } from '../../components/charts/dailyLoadAxes';
import { UPlotChart } from '../../components/charts/UPlotChart';

export interface LoadDay {
  date: string;
  ctl: number;
  atl: number;
  tsb: number;
  /** True from today on: the PMC over the planned TSS, not over ridden TSS. */
  projected: boolean;
}

export interface PlanChartMarker {
  date: string;
  label: string;
}

/**
 * The chart's columns: time, then ridden and planned CTL, ATL and TSB. A ridden value stops at the
 * last ridden day; the planned one starts on that same day, so the dashed line continues the solid
 * one without a gap (and starts at the first day when nothing was ridden).
 */
export function loadSeries(days: readonly LoadDay[]): uPlot.AlignedData {
  const lastActual = days.findLastIndex((d) => !d.projected);
  const actual = (key: 'ctl' | 'atl' | 'tsb') => days.map((d, i) => (i <= lastActual ? d[key] : null));
  const projected = (key: 'ctl' | 'atl' | 'tsb') =>
    days.map((d, i) => (d.projected || (i === lastActual && i < days.length - 1) ? d[key] : null));
  return [
    days.map((d) => Date.parse(`${d.date}T12:00:00Z`) / 1000),
    actual('ctl'),
    projected('ctl'),
    actual('atl'),
    projected('atl'),
    actual('tsb'),
    projected('tsb'),
  ];
}

const COLOURS = { ctl: '#2563eb', atl: '#db2777', tsb: '#f59e0b' } as const;

/**
 * Fitness, fatigue and form (Coggan's Performance Management Chart): solid where ridden, dashed where
 * projected from the plan. Each metric is two series that share the last ridden day, so the dashed
 * line continues the solid one. Events and today are vertical lines.
 */
export function PlanLoadChart({
  days,
  markers,
  labels,
  locale,
  height = 260,
}: {
  days: readonly LoadDay[];
  markers: readonly PlanChartMarker[];
  labels: { ctl: string; atl: string; tsb: string; date: string; projected: string };
  locale: string;
  height?: number;
}) {
  const data = useMemo<uPlot.AlignedData>(() => loadSeries(days), [days]);

  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    // One legend row per metric: the ridden series shows the planned value where it has none, and its
    // planned twin (dashed) is left out of the legend and shown or hidden with it.
    const line = (label: string, stroke: string, dashed: boolean, width: number): uPlot.Series => ({
      label,
      stroke,
      width,
      ...(dashed ? { dash: [6, 4] } : {}),
      points: { show: false },
      spanGaps: false,
      value: (u, v, si, idx) => {
        const shown = v ?? (idx === null ? null : (u.data[si + 1]?.[idx] ?? null));
        return shown == null ? '—' : number.format(shown);
      },
    });
    const markerTimes = markers.map((m) => ({ ...m, t: Date.parse(`${m.date}T12:00:00Z`) / 1000 }));
    return {
      scales: { x: { time: true } },
      axes: dailyLoadAxes(day, number),
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: labels.date, value: (_u, v) => (v == null ? '—' : day.format(v * 1000)) },
        line(labels.ctl, COLOURS.ctl, false, 2),
        line(`${labels.ctl} (${labels.projected})`, COLOURS.ctl, true, 2),
        line(labels.atl, COLOURS.atl, false, 1.5),
        line(`${labels.atl} (${labels.projected})`, COLOURS.atl, true, 1.5),
        line(labels.tsb, COLOURS.tsb, false, 1.5),
        line(`${labels.tsb} (${labels.projected})`, COLOURS.tsb, true, 1.5),
      ],
      hooks: {
        init: [
          (u) => {
            // Series 2, 4 and 6 are the planned twins: their legend rows are hidden (CSSOM, not markup).
            u.root.querySelectorAll<HTMLElement>('.u-legend .u-series').forEach((row, i) => {
              if (i > 0 && i % 2 === 0) row.style.display = 'none';
            });
          },
        ],
        setSeries: [
          (u, si, opts) => {
            if (
              si !== null &&
              si % 2 === 1 &&
              opts.show !== undefined &&
              u.series[si + 1]?.show !== opts.show
            )
              u.setSeries(si + 1, { show: opts.show });
          },
        ],
        draw: [
          (u) => {
            const ctx = u.ctx;
            ctx.save();
            ctx.font = `${11 * devicePixelRatio}px system-ui, sans-serif`;
            // Labels that would overlap go one line lower (today and a near event, on a phone).
            const rowEnds: number[] = [];
            for (const m of markerTimes) {
              const x = u.valToPos(m.t, 'x', true);
              if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) continue;
              const labelWidth = ctx.measureText(m.label).width + 6 * devicePixelRatio;
              const right = u.bbox.left + u.bbox.width;
              // Near the right edge the label is written to the left of its line.
              const left = x + labelWidth > right ? x - labelWidth : x + 3 * devicePixelRatio;
              let row = rowEnds.findIndex((end) => left > end);
              if (row === -1) row = rowEnds.length;
              rowEnds[row] = left + labelWidth;
              ctx.strokeStyle = '#475569';
              ctx.setLineDash([2 * devicePixelRatio, 3 * devicePixelRatio]);
              ctx.lineWidth = devicePixelRatio;
              ctx.beginPath();
              ctx.moveTo(x, u.bbox.top);
              ctx.lineTo(x, u.bbox.top + u.bbox.height);
              ctx.stroke();
              ctx.fillStyle = '#334155';
              ctx.fillText(m.label, left, u.bbox.top + (12 + 13 * row) * devicePixelRatio);
            }
            ctx.restore();
          },
        ],
      },
    };
  }, [labels, locale, markers]);

  return (
    <UPlotChart
      data-testid="plan-load-chart"
      className="w-full [&_.u-legend]:text-xs"
      options={options}
      data={data}
      height={height}
    />
  );
}
