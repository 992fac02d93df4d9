import type { ChannelName } from '../streams/activity-streams.ts';
import { AERO_METRICS } from './aero-metrics.ts';
import { CLIMBING_METRICS } from './climbing-metrics.ts';
import { CURVE_METRICS } from './curve-metrics.ts';
import type { MetricDescriptor } from './descriptor.ts';
import { HEART_METRICS } from './heart-metrics.ts';
import { LOAD_METRICS } from './load-metrics.ts';
import { PEDALING_METRICS } from './pedaling-metrics.ts';
import { POWER_METRICS } from './power-metrics.ts';
import { PREDICTIVE_METRICS } from './predictive-metrics.ts';
import { RIDER_METRICS } from './rider-metrics.ts';

export type { Evidence, MetricDescriptor } from './descriptor.ts';

/** Every metric Vatio computes, in one explicit list (no registration side effects). */
export const METRICS: readonly MetricDescriptor[] = [
  ...POWER_METRICS,
  ...CURVE_METRICS,
  ...LOAD_METRICS,
  ...HEART_METRICS,
  ...AERO_METRICS,
  ...CLIMBING_METRICS,
  ...RIDER_METRICS,
  ...PEDALING_METRICS,
  ...PREDICTIVE_METRICS,
];

/** The descriptor of a metric id, if Vatio has it. */
export function metricById(id: string): MetricDescriptor | undefined {
  return METRICS.find((metric) => metric.id === id);
}

/** Metrics computable from the channels a ride has. */
export function metricsAvailableFor(channels: readonly ChannelName[]): MetricDescriptor[] {
  return METRICS.filter((metric) => metric.requires.every((channel) => channels.includes(channel)));
}
