import type { MetricDescriptor } from './descriptor.ts';

/** Climbing. */
export const CLIMBING_METRICS: readonly MetricDescriptor[] = [
  {
    id: 'elevation_gain',
    unit: 'm',
    scope: 'ride',
    requires: ['altitudeM'],
    params: ['smoothingS', 'hysteresisM'],
    evidence: 4,
    source:
      "11-s centred moving average, then GoldenCheetah's ElevationGain threshold rule (BasicRideMetrics.cpp) with 0.1 m",
    fn: 'elevationGainM',
  },
  {
    id: 'vam',
    unit: 'm/h',
    scope: 'ride',
    requires: ['altitudeM'],
    params: [],
    evidence: 4,
    source: 'Ferrari, velocità ascensionale media',
    fn: 'vamMPerH',
  },
  {
    id: 'climbs',
    unit: 'label',
    scope: 'ride',
    requires: ['altitudeM', 'distanceM'],
    params: ['hysteresisM', 'minGainM', 'minAverageGradePct'],
    evidence: 2,
    source: 'zig-zag turning points; Strava categories by length × grade',
    fn: 'detectClimbs',
  },
];
