import { describe, expect, it } from 'vitest';
import { createActivityStreams } from '../streams/activity-streams.ts';
import { STANDARD_GRAVITY_MPS2 } from './air-density.ts';
import { fitCdaCrr, virtualElevationM } from './virtual-elevation.ts';

const conditions = { systemMassKg: 82, drivetrainEfficiency: 0.977, airDensityKgM3: 1.19 };
const truth = { cdaM2: 0.287, crr: 0.0043 };

/** A rolling 1-hour ride whose power is exactly what the physics asks for, plus optional noise. */
function syntheticRide(noise: { powerW: number; altitudeM: number }, seconds = 3600) {
  let state = 42;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
  const m = conditions.systemMassKg;
  const g = STANDARD_GRAVITY_MPS2;
  const speed = new Float64Array(seconds);
  const altitude = new Float64Array(seconds);
  const power = new Float64Array(seconds);
  let distance = 0;
  for (let t = 0; t < seconds; t++) {
    speed[t] = 10 + 3 * Math.sin(t / 97) + 1.5 * Math.sin(t / 23);
    distance += speed[t]!;
    altitude[t] = 100 + 25 * Math.sin(distance / 900) + 8 * Math.sin(distance / 260);
  }
  for (let t = 1; t < seconds; t++) {
    const v = speed[t]!;
    const dv2 = v * v - speed[t - 1]! ** 2;
    const wheel =
      m * g * (altitude[t]! - altitude[t - 1]!) +
      0.5 * m * dv2 +
      truth.crr * m * g * v +
      0.5 * conditions.airDensityKgM3 * truth.cdaM2 * v ** 3;
    power[t] = wheel / conditions.drivetrainEfficiency + noise.powerW * random();
  }
  power[0] = power[1]!;
  const measured = altitude.map((h) => h + noise.altitudeM * random());
  return createActivityStreams(
    Float64Array.from({ length: seconds }, (_, i) => i),
    new Uint8Array(seconds),
    { powerW: power, speedMps: speed, altitudeM: measured },
  );
}

describe('virtual elevation', () => {
  it('reproduces the true profile with the true CdA and Crr', () => {
    const ride = syntheticRide({ powerW: 0, altitudeM: 0 });
    const ve = virtualElevationM(ride, { ...conditions, ...truth })!;
    let worst = 0;
    for (let i = 0; i < ve.length; i++) worst = Math.max(worst, Math.abs(ve[i]! - ride.altitudeM![i]!));
    expect(worst).toBeLessThan(1e-6);
  });

  it('recovers CdA and Crr exactly from a noiseless ride', () => {
    const fit = fitCdaCrr(syntheticRide({ powerW: 0, altitudeM: 0 }), conditions)!;
    expect(fit.cdaM2).toBeCloseTo(truth.cdaM2, 8);
    expect(fit.crr).toBeCloseTo(truth.crr, 9);
    expect(fit.rmseM).toBeLessThan(1e-6);
  });

  it('recovers CdA within ±0.005 m² and Crr within ±0.0005 from a noisy ride', () => {
    const fit = fitCdaCrr(syntheticRide({ powerW: 30, altitudeM: 0.4 }), conditions)!;
    expect(Math.abs(fit.cdaM2 - truth.cdaM2)).toBeLessThan(0.005);
    expect(Math.abs(fit.crr - truth.crr)).toBeLessThan(0.0005);
    expect(fit.rmseM).toBeGreaterThan(0.05);
    expect(fit.r2).toBeGreaterThan(0.99);
    expect(fit.cdaSeM2).toBeGreaterThan(0);
  });

  it('fits runs on either side of a pause with their own starting heights', () => {
    const ride = syntheticRide({ powerW: 0, altitudeM: 0 });
    const gapMask = new Uint8Array(ride.gapMask.length).fill(1, 1000, 1300);
    const paused = createActivityStreams(ride.timeS, gapMask, {
      powerW: ride.powerW!,
      speedMps: ride.speedMps!,
      altitudeM: ride.altitudeM!.map((h, i) => (i >= 1300 ? h + 50 : h)), // barometer re-zeroed
    });
    const fit = fitCdaCrr(paused, conditions)!;
    expect(fit.cdaM2).toBeCloseTo(truth.cdaM2, 6);
    expect(fit.crr).toBeCloseTo(truth.crr, 8);
  });

  it('is undefined without altitude, power or speed', () => {
    const ride = syntheticRide({ powerW: 0, altitudeM: 0 });
    const { altitudeM: _unused, ...noAltitude } = ride;
    expect(fitCdaCrr(noAltitude, conditions)).toBeUndefined();
  });
});
