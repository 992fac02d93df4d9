import { COGGAN, type MetricDescriptor, SPEC } from './descriptor.ts';

/** Rider profile. */
export const RIDER_METRICS: readonly MetricDescriptor[] = [
  {
    id: 'power_profile',
    unit: 'W/kg',
    scope: 'rider',
    requires: ['powerW'],
    params: ['sex', 'massKg'],
    evidence: 2,
    source: `${COGGAN}; power profiling chart`,
    fn: 'profilePoint',
  },
  {
    id: 'rider_type',
    unit: 'label',
    scope: 'rider',
    requires: ['powerW'],
    params: ['flatWithinPoints'],
    evidence: 1,
    source: `${COGGAN}; shape of the profile (heuristic thresholds)`,
    fn: 'riderType',
  },
  {
    id: 'vo2max_estimate',
    unit: 'ml/kg/min',
    scope: 'rider',
    requires: ['powerW'],
    params: ['massKg'],
    evidence: 2,
    source: 'ACSM leg-cycling metabolic equation, 1.8·(6.12·W)/kg + 7 = 11.016·W/kg + 7, on best 5-min power',
    fn: 'vo2maxFromFiveMinutePower',
  },
  {
    id: 'aerobic_capacity_percentile',
    unit: '%',
    scope: 'rider',
    requires: [],
    params: [],
    evidence: 0,
    source: `${SPEC}: VO2max bins 55/50/45/40/35`,
    fn: 'aerobicCapacityPercentile',
  },
];
