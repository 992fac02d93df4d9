import 'uplot/dist/uPlot.min.css';
import { type HTMLAttributes, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { chartDateFormat, formatAxisNumbers, formatNumber, MISSING } from '../../lib/format';

export interface UPlotChartProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Options without size: the chart takes its container's width and the given height. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  /** Called with the chart after it is created (and before it is destroyed, with null). */
  onCreate?: (chart: uPlot | null) => void;
}

/**
 * uPlot's defaults speak English and the browser's locale: an x series called "Time", other series
 * "Value", dates as '{M}/{D}' with English month names and ISO dates in the legend, numbers by
 * `navigator.language`. Every chart gets the app language instead, unless its options say otherwise.
 */
export function localizeOptions(
  options: Omit<uPlot.Options, 'width' | 'height'>,
  language: string,
  labels: { time: string; value: string },
): Omit<uPlot.Options, 'width' | 'height'> {
  const timeX = options.scales?.x?.time !== false;
  const numberValue = (_u: uPlot, v: number | null) => (v == null ? MISSING : formatNumber(v, language, 2));
  return {
    ...options,
    fmtDate: options.fmtDate ?? chartDateFormat(language),
    series: options.series.map((series, i) => ({
      ...series,
      label: series.label ?? (i === 0 && timeX ? labels.time : labels.value),
      ...(i > 0 && series.value === undefined ? { value: numberValue } : {}),
    })),
    axes: options.axes?.map((axis, i) => {
      const scale = axis.scale ?? (i === 0 ? 'x' : 'y');
      const isTime = scale === 'x' ? timeX : options.scales?.[scale]?.time === true;
      return axis.values === undefined && !isTime
        ? { ...axis, values: (_u: uPlot, splits: number[]) => formatAxisNumbers(splits, language) }
        : axis;
    }),
  };
}

/** What the chart drew on its canvas (axis labels and tick values), for the DOM and its tests. */
function axisText(chart: uPlot): string {
  const axes = chart.axes as (uPlot.Axis & { _values?: (string | number | null)[] })[];
  return axes
    .flatMap((axis) => [
      typeof axis.label === 'string' ? axis.label : '',
      ...(axis._values ?? []).map(String),
    ])
    .filter(Boolean)
    .join(' | ');
}

/**
 * A thin React wrapper around uPlot: builds the chart when the options change, swaps data in
 * place when only the data changes, and follows the container's width.
 */
export function UPlotChart({ options, data, height, onCreate, ...rest }: UPlotChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const onCreateRef = useRef(onCreate);
  onCreateRef.current = onCreate;
  const dataRef = useRef(data);
  dataRef.current = data;
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'es' ? 'es' : 'en';
  const timeLabel = t('chart.time');
  const valueLabel = t('chart.value');

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = Math.max(200, element.clientWidth);
    const localized = localizeOptions(options, language, { time: timeLabel, value: valueLabel });
    // The canvas text is out of the DOM: mirror it on the container (data-axis-text) after each draw.
    const hooks = {
      ...localized.hooks,
      draw: [
        ...(localized.hooks?.draw ?? []),
        (u: uPlot) => {
          element.dataset.axisText = axisText(u);
        },
      ],
    };
    const instance = new uPlot({ ...localized, hooks, width, height }, dataRef.current, element);
    chart.current = instance;
    onCreateRef.current?.(instance);
    const observer = new ResizeObserver(() => {
      const next = Math.max(200, element.clientWidth);
      if (next !== instance.width) instance.setSize({ width: next, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      onCreateRef.current?.(null);
      instance.destroy();
      chart.current = null;
    };
  }, [options, height, language, timeLabel, valueLabel]);

  useEffect(() => {
    const instance = chart.current;
    if (instance && instance.data !== data) instance.setData(data);
  }, [data]);

  return <div ref={container} {...rest} />;
}
