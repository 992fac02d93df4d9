/** One watt in kg·m/min: 60 s · 1 J/s ÷ 9.80665 J per kg·m = 6.118 (ACSM rounds it to 6.12). */
export const KGM_PER_MIN_PER_WATT = 6.12;

/**
 * VO2max estimate from the best 5-minute power, ml/kg/min, with the ACSM metabolic equation for leg
 * cycling: VO2 = 1.8 · work rate (kg·m/min) / body mass + 7, with 1 W = 6.12 kg·m/min, so
 * VO2 = 11.016 · W/kg + 7 (ACSM's Guidelines for Exercise Testing and Prescription, metabolic
 * calculations; the often-quoted 10.8 · W/kg rounds a watt to 6 kg·m/min and reads 1.7 % low). The best
 * 5 minutes stands in for maximal aerobic power; a ride's best 5 minutes under-estimates it unless
 * it was an all-out effort.
 */
export function vo2maxFromFiveMinutePower(input: { power5MinW: number; massKg: number }): number | undefined {
  if (!(input.massKg > 0 && input.power5MinW > 0)) return undefined;
  return (1.8 * KGM_PER_MIN_PER_WATT * input.power5MinW) / input.massKg + 7;
}

/**
 * The spec's aerobic-capacity percentile bins (spec 000 §9): VO2 ≥ 55 → 90, ≥ 50 → 80, ≥ 45 → 70,
 * ≥ 40 → 60, ≥ 35 → 50, else 30. A product rule, not an age- or sex-normed percentile.
 */
export function aerobicCapacityPercentile(vo2maxMlKgMin: number): number {
  if (vo2maxMlKgMin >= 55) return 90;
  if (vo2maxMlKgMin >= 50) return 80;
  if (vo2maxMlKgMin >= 45) return 70;
  if (vo2maxMlKgMin >= 40) return 60;
  if (vo2maxMlKgMin >= 35) return 50;
  return 30;
}
