import type { MetricDescriptor } from './descriptor.ts';

/** Aerodynamics and air. */
export const AERO_METRICS: readonly MetricDescriptor[] = [
  {
    id: 'air_density',
    unit: 'kg/m³',
    scope: 'ride',
    requires: [],
    params: ['pressurePa', 'temperatureC', 'relativeHumidityPct'],
    evidence: 5,
    source: 'ideal-gas partial densities of dry air and vapour; ISA barometric formula',
    fn: 'airDensityKgM3',
  },
  {
    id: 'cda_virtual_elevation',
    unit: 'm²',
    scope: 'ride',
    requires: ['powerW', 'speedMps', 'altitudeM'],
    params: ['systemMassKg', 'drivetrainEfficiency', 'airDensityKgM3'],
    evidence: 3,
    source: 'R. Chung, Estimating CdA with a power meter (virtual elevation), least-squares fit',
    fn: 'fitCdaCrr',
  },
  {
    id: 'crr_virtual_elevation',
    unit: '',
    scope: 'ride',
    requires: ['powerW', 'speedMps', 'altitudeM'],
    params: ['systemMassKg', 'drivetrainEfficiency', 'airDensityKgM3'],
    evidence: 3,
    source: 'R. Chung, Estimating CdA with a power meter (virtual elevation), least-squares fit',
    fn: 'fitCdaCrr',
  },
];
