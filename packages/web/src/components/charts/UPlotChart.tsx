import 'uplot/dist/uPlot.min.css';
import { type HTMLAttributes, useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';

export interface UPlotChartProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Options without size: the chart takes its container's width and the given height. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  /** Called with the chart after it is created (and before it is destroyed, with null). */
  onCreate?: (chart: uPlot | null) => void;
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

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = Math.max(200, element.clientWidth);
    const instance = new uPlot({ ...options, width, height }, dataRef.current, element);
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
  }, [options, height]);

  useEffect(() => {
    const instance = chart.current;
    if (instance && instance.data !== data) instance.setData(data);
  }, [data]);

  return <div ref={container} {...rest} />;
}
