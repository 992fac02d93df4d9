// GET /api/analytics/advanced: a period without rides, and one with rides with power but no
// pedalling dynamics or aero fits (what most riders have), checked by the schema.
import { type AdvancedResponse, advancedResponseSchema } from '@vatio/schemas';

function advanced(rides: number): AdvancedResponse {
  const some = rides > 0;
  return advancedResponseSchema.parse({
    period: '4w',
    today: '2026-11-29',
    window: { from: '2026-11-02', to: '2026-11-29' },
    rides,
    rides_with_power: rides,
    ftp: some ? { value: 250, source: 'settings' } : null,
    weight_kg: 62,
    weight: { kg: 62, source: 'settings', from: '2026-09-01' },
    needs: some ? [] : ['rides'],
    summary: {
      overall: some ? { score: 64, components: [{ key: 'readiness', score: 64 }] } : null,
      readiness: some ? { score: 64, form: 'neutral', tsb: -4, ctl: 58, atl: 62, acwr: 1.07 } : null,
      fatigue_resistance: null,
      improvement: null,
    },
    physiological: { needs: some ? ['long_rides'] : ['rides'], vo2max: null, thresholds: null },
    biomechanics: {
      needs: ['pedaling_dynamics'],
      rides_with_dynamics: 0,
      left_balance_pct: null,
      torque_effectiveness_pct: null,
      pedal_smoothness_pct: null,
      platform_centre_offset_mm: null,
      power_phase_deg: null,
      cadence: null,
    },
    aero: { needs: ['aero_fits'], rides: [], by_bike: [] },
    specific: { needs: ['sprints'], sprints: null, repeatability: null, mechanical_efficiency: null },
    power: {
      needs: some ? [] : ['rides'],
      np_w: some ? 212 : null,
      intensity_factor: some ? 0.85 : null,
      tss: some ? 634.8 : null,
      gradient: null,
    },
    professional_summary: [],
  });
}

export const advancedWithRides = advanced(6);
export const advancedEmpty = advanced(0);
