import type { PerformanceMetric } from '../../api/analytics';
import type { Formatter } from '../../lib/format';

/** A panel value in its unit (elevation in the rider's units), or the formatter's dash. */
export function formatMetricValue(
  f: Formatter,
  unit: PerformanceMetric['unit'],
  value: number | null,
): string {
  switch (unit) {
    case 'W':
      return f.watts(value);
    case 'W/kg':
      return value === null ? f.number(null) : `${f.number(value, 2)} W/kg`;
    case 'm':
      return f.elevation(value);
    case 'm/h':
      return value === null ? f.number(null) : `${f.number(value, 0)} m/h`;
    case 's':
      return f.hoursMinutes(value);
    case '%':
      return f.percent(value, 1);
    case 'TSS':
      return f.number(value, 0);
    case 'TSS/d':
      return f.number(value, 1);
    default:
      return f.number(value, 2);
  }
}

/** A change with its sign: "+12 W", "−3.5 %", "+0:12". */
export function formatChange(f: Formatter, unit: PerformanceMetric['unit'], change: number | null): string {
  if (change === null) return '';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${formatMetricValue(f, unit, Math.abs(change))}`;
}

export function formatChangePct(f: Formatter, pct: number | null): string {
  if (pct === null) return '';
  const sign = pct > 0 ? '+' : pct < 0 ? '−' : '±';
  return `${sign}${f.percent(Math.abs(pct), 1)}`;
}
