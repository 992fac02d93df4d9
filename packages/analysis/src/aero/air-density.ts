/** Standard gravity, m/s² (CGPM 1901). */
export const STANDARD_GRAVITY_MPS2 = 9.80665;
/** Specific gas constant of dry air, J/(kg·K). */
const R_DRY = 287.058;
/** Specific gas constant of water vapour, J/(kg·K). */
const R_VAPOUR = 461.495;

/**
 * Pressure at an altitude in the International Standard Atmosphere troposphere (ICAO; U.S. Standard
 * Atmosphere 1976): p = p₀ · (1 − L·h/T₀)^(g·M/(R·L)) with L = 0.0065 K/m, T₀ = 288.15 K,
 * exponent 5.25588. Pass the day's sea-level pressure (QNH) for p₀ when known; 101,325 Pa is the
 * standard value.
 */
export function pressureAtAltitudePa(input: { altitudeM: number; seaLevelPressurePa: number }): number {
  return input.seaLevelPressurePa * (1 - (0.0065 * input.altitudeM) / 288.15) ** 5.25588;
}

/**
 * Saturation vapour pressure over water, Pa (Magnus–Tetens form as used by the U.S. National
 * Weather Service): 610.78 · 10^(7.5·T/(T + 237.3)).
 */
export function saturationVapourPressurePa(temperatureC: number): number {
  return 610.78 * 10 ** ((7.5 * temperatureC) / (temperatureC + 237.3));
}

/**
 * Density of (moist) air, kg/m³, as the sum of the partial densities of dry air and water vapour:
 * ρ = p_d/(R_d·T) + p_v/(R_v·T), p_v = RH · p_sat(T), p_d = p − p_v. Dry air at 15 °C and
 * 101,325 Pa gives 1.2250 kg/m³ (ISA). Humid air is lighter.
 */
export function airDensityKgM3(input: {
  pressurePa: number;
  temperatureC: number;
  relativeHumidityPct: number;
}): number {
  return airDensityFromVapourKgM3(
    input.pressurePa,
    input.temperatureC,
    vapourPressurePa(input.temperatureC, input.relativeHumidityPct),
  );
}

/** p_v = RH · p_sat(T), Pa: the water vapour's partial pressure in `airDensityKgM3`. */
export function vapourPressurePa(temperatureC: number, relativeHumidityPct: number): number {
  return (relativeHumidityPct / 100) * saturationVapourPressurePa(temperatureC);
}

/**
 * `airDensityKgM3` with its vapour pressure (`vapourPressurePa`) given: a series of seconds at few
 * temperatures computes each one's once (issue 28).
 */
export function airDensityFromVapourKgM3(pressurePa: number, temperatureC: number, vapourPa: number): number {
  const kelvin = temperatureC + 273.15;
  return (pressurePa - vapourPa) / (R_DRY * kelvin) + vapourPa / (R_VAPOUR * kelvin);
}
