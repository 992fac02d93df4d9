import { describe, expect, it } from 'vitest';
import { airDensityKgM3, pressureAtAltitudePa } from './air-density.ts';

describe('air density', () => {
  it('gives the ISA sea-level density for dry air at 15 °C', () => {
    expect(airDensityKgM3({ pressurePa: 101_325, temperatureC: 15, relativeHumidityPct: 0 })).toBeCloseTo(
      1.225,
      4,
    );
  });

  it('drops with altitude as the standard atmosphere does', () => {
    const pressure = pressureAtAltitudePa({ altitudeM: 2000, seaLevelPressurePa: 101_325 });
    expect(pressure).toBeCloseTo(79_495, -1);
    // ISA at 2000 m: 2.0 °C, ρ = 1.0066 kg/m³
    expect(airDensityKgM3({ pressurePa: pressure, temperatureC: 2, relativeHumidityPct: 0 })).toBeCloseTo(
      1.0066,
      3,
    );
  });

  it('makes humid air lighter than dry air', () => {
    const dry = airDensityKgM3({ pressurePa: 101_325, temperatureC: 30, relativeHumidityPct: 0 });
    const humid = airDensityKgM3({ pressurePa: 101_325, temperatureC: 30, relativeHumidityPct: 80 });
    expect(humid).toBeLessThan(dry);
    // p_v = 0.8 · 4243 Pa; Δρ = p_v/T · (1/R_d − 1/R_v) = 0.01474 kg/m³
    expect(dry - humid).toBeCloseTo(0.01474, 4);
  });
});
