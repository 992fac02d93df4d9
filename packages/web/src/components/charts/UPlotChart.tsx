import 'uplot/dist/uPlot.min.css';
import { type HTMLAttributes, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { localizeOptions } from './chartLocale';

export interface UPlotChartProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Options without size: the chart takes its container's width and the given height. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  /** Called with the chart after it is created (and before it is destroyed, with null). */
  onCreate?: (chart: uPlot | null) => void;
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
