import type uPlot from 'uplot';
import { chartDateFormat, formatAxisNumbers, MISSING } from '../../lib/format';

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
  // Legend values: up to two decimals, none when the value is whole (250 W, 0,33 m²).
  const legendNumber = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const numberValue = (_u: uPlot, v: number | null) => (v == null ? MISSING : legendNumber.format(v));
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
