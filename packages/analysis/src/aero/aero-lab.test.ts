import { describe, expect, it } from 'vitest';
import { createActivityStreams } from '../streams/activity-streams.ts';
import { aeroLabSamplesOf } from '../report/ride-aero.ts';
import { aeroLabCurve, aeroLabFit, aeroLabStep, downsampleAeroLab } from './aero-lab.ts';

/** A rolling ride with a pause: power from the discrete model at CdA 0.3, Crr 0.004, 80 kg, no wind. */
function ride() {
  const n = 2400;
  const speed = new Float64Array(n);
  const altitude = new Float64Array(n);
  const power = new Float64Array(n);
  let d = 0;
  for (let t = 0; t < n; t++) {
    speed[t] = 9 + 3 * Math.sin(t / 70);
    d += speed[t]!;
    altitude[t] = 200 + 20 * Math.sin(d / 700);
  }
  for (let t = 1; t < n; t++) {
    const v = speed[t]!;
    const wheel =
      80 * 9.80665 * (altitude[t]! - altitude[t - 1]!) +
      40 * (v * v - speed[t - 1]! ** 2) +
      0.004 * 80 * 9.80665 * v +
      0.5 * 1.2 * 0.3 * v ** 3;
    power[t] = wheel / 0.976;
  }
  const gapMask = new Uint8Array(n).fill(1, 1000, 1100);
  return createActivityStreams(
    Float64Array.from({ length: n }, (_, i) => i),
    gapMask,
    {
      powerW: power,
      speedMps: speed,
      altitudeM: altitude,
    },
  );
}

const PARAMS = { systemMassKg: 80, drivetrainEfficiency: 0.976, airDensityKgM3: 1.2, windMps: 0 };

describe('aero lab', () => {
  it('tracks the recorded elevation at the true parameters, and drifts away from them', () => {
    const samples = aeroLabSamplesOf(ride())!;
    const exact = aeroLabCurve(samples, { ...PARAMS, cdaM2: 0.3, crr: 0.004 });
    expect(exact.rmseM).toBeLessThan(0.01);
    const off = aeroLabCurve(samples, { ...PARAMS, cdaM2: 0.35, crr: 0.004 });
    expect(off.rmseM).toBeGreaterThan(1);
    // The pause is left out.
    expect(Number.isNaN(exact.virtualElevationM[1050]!)).toBe(true);
  });

  it("gives the fit's RMSE at the fitted parameters", () => {
    const samples = aeroLabSamplesOf(ride(), { startS: 200, endS: 2000 })!;
    expect(samples.startS).toBe(200);
    expect(samples.powerW.length).toBe(1800);
    const fit = aeroLabFit(samples, PARAMS)!;
    expect(fit.cdaM2).toBeCloseTo(0.3, 3);
    expect(fit.crr).toBeCloseTo(0.004, 4);
    const curve = aeroLabCurve(samples, { ...PARAMS, cdaM2: fit.cdaM2, crr: fit.crr });
    expect(curve.rmseM).toBeCloseTo(fit.rmseM, 6);
  });

  it('a head wind asks for a smaller CdA to explain the same ride', () => {
    const samples = aeroLabSamplesOf(ride())!;
    const still = aeroLabFit(samples, PARAMS)!;
    const windy = aeroLabFit(samples, { ...PARAMS, windMps: 2 })!;
    expect(windy.cdaM2).toBeLessThan(still.cdaM2);
  });

  it('draws at most 1,200 points, every step-th second', () => {
    expect(aeroLabStep(2400)).toBe(2);
    expect(aeroLabStep(500)).toBe(1);
    const drawn = downsampleAeroLab(Float64Array.from([1.23456, Number.NaN, 3, 4]), 2);
    expect(drawn).toEqual([1.235, 3]);
  });
});

describe('aero lab samples as JSON', () => {
  it('come back bit for bit, so the browser curve is the server curve', async () => {
    const { aeroLabSamplesFromJson, presentAeroLabSamples } = await import('./aero-lab.ts');
    const samples = aeroLabSamplesOf(ride())!;
    const back = aeroLabSamplesFromJson(JSON.parse(JSON.stringify(presentAeroLabSamples(samples))));
    const params = { ...PARAMS, cdaM2: 0.31, crr: 0.0045, windMps: 1.5 };
    expect(Array.from(aeroLabCurve(back, params).virtualElevationM)).toEqual(
      Array.from(aeroLabCurve(samples, params).virtualElevationM),
    );
  });
});
