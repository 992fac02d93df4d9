import {
  aeroLabDrawn,
  aeroLabSamplesOf,
  createActivityStreams,
  presentAeroLabSamples,
} from '@vatio/analysis';
import type { AeroFitResponse } from '@vatio/schemas';
import { describe, expect, it } from 'vitest';
import { browserCurve, clamp, initialValues, requestFor, SLIDERS, samplesOf } from './aeroLabModel';

function response(): AeroFitResponse {
  const n = 900;
  const speed = Float64Array.from({ length: n }, (_, t) => 9 + 2 * Math.sin(t / 40));
  let d = 0;
  const altitude = Float64Array.from(speed, (v) => {
    d += v;
    return 150 + 10 * Math.sin(d / 500);
  });
  const power = Float64Array.from({ length: n }, (_, t) => 180 + 40 * Math.sin(t / 25));
  const streams = createActivityStreams(
    Float64Array.from({ length: n }, (_, i) => i),
    new Uint8Array(n),
    {
      powerW: power,
      speedMps: speed,
      altitudeM: altitude,
    },
  );
  const samples = presentAeroLabSamples(aeroLabSamplesOf(streams)!);
  return {
    activity_id: 'a',
    parameters: {
      cda_m2: 0.31234,
      crr: 0.0045678,
      cda_source: 'fit',
      bike_id: null,
      mass_kg: 84.37,
      mass_source: 'rider',
      rider_kg: null,
      rider_kg_source: null,
      rider_kg_from: null,
      bike_kg: null,
      drivetrain_efficiency: 0.976,
      air_density_kg_m3: 1.2,
      air_density_source: 'recorded',
      wind_mps: 0,
      lap: null,
      start_s: 0,
      end_s: n,
    },
    fit: null,
    rmse_m: null,
    samples_used: n,
    series: { step_s: 1, time_s: [], distance_m: null, virtual_elevation_m: [], recorded_elevation_m: [] },
    samples: JSON.parse(JSON.stringify(samples)),
  };
}

describe('aero lab model', () => {
  it('starts the sliders on their steps, with the recorded air density', () => {
    const values = initialValues(response());
    expect(values).toEqual({ cdaM2: 0.312, crr: 0.0046, massKg: 84.4, airDensityKgM3: null, windMps: 0 });
    expect(clamp(2, SLIDERS.cdaM2)).toBe(0.8);
  });

  it("draws the server's function on the server's samples for the sliders' values", () => {
    const r = response();
    const samples = samplesOf(r)!;
    const values = { cdaM2: 0.35, crr: 0.005, massKg: 80, airDensityKgM3: 1.15, windMps: -2 };
    expect(browserCurve(samples, values, 0.976)).toEqual(
      aeroLabDrawn(samples, {
        cdaM2: 0.35,
        crr: 0.005,
        systemMassKg: 80,
        drivetrainEfficiency: 0.976,
        airDensityKgM3: 1.15,
        windMps: -2,
      }),
    );
    expect(requestFor(values, 2)).toEqual({
      cda_m2: 0.35,
      crr: 0.005,
      mass_kg: 80,
      air_density_kg_m3: 1.15,
      wind_mps: -2,
      lap: 2,
    });
    expect(requestFor({ ...values, airDensityKgM3: null }, null, true)).toEqual({
      fit: true,
      mass_kg: 80,
      wind_mps: -2,
    });
  });
});
