/**
 * Done-means of issue 14: the virtual-elevation fit recovers CdA within ±0.005 m² and Crr within
 * ±0.0005 from a ride written with the physics model (Martin et al. 1998, integrated forward in
 * 10 ms steps, not with the fit's own per-second discretisation), on a loop course with real
 * gradients and varied speeds, also with 1 % power noise and with stops (braking to a standstill,
 * standing, starting again: energy the power meter never sees).
 */
import { describe, expect, it } from 'vitest';
import { createActivityStreams } from '../streams/activity-streams.ts';
import { STANDARD_GRAVITY_MPS2 } from './air-density.ts';
import { fitCdaCrr } from './virtual-elevation.ts';

const TRUTH = { cdaM2: 0.3, crr: 0.004 };
const MASS_KG = 80;
const ETA = 0.976;
const RHO = 1.2;
const LOOP_M = 4000;

/** Loop course: altitude by distance, gradients up to about ±7.5 %; back to the start each lap. */
function heightM(distanceM: number): number {
  const x = (2 * Math.PI * distanceM) / LOOP_M;
  return 100 + 30 * Math.sin(x) + 6 * Math.sin(3 * x + 1);
}

function slope(distanceM: number): number {
  const x = (2 * Math.PI * distanceM) / LOOP_M;
  return ((2 * Math.PI) / LOOP_M) * (30 * Math.cos(x) + 18 * Math.cos(3 * x + 1));
}

interface RideOptions {
  /** Standard deviation of the recorded power as a share of the true power. */
  readonly powerNoise: number;
  /** Seconds at which the rider brakes to a stop, stands 30 s and rides on. */
  readonly stopsAtS: readonly number[];
  readonly durationS?: number;
}

function syntheticRide(options: RideOptions) {
  const seconds = options.durationS ?? 5400;
  let state = 7;
  const uniform = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state + 0.5) / 2147483648;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const g = STANDARD_GRAVITY_MPS2;
  const power = new Float64Array(seconds);
  const speed = new Float64Array(seconds);
  const altitude = new Float64Array(seconds);
  let v = 8;
  let d = 0;
  altitude[0] = heightM(0);
  speed[0] = v;
  let braking = false;
  let standUntil = -1;
  let nextStop = 0;
  for (let t = 1; t < seconds; t++) {
    const stopAt = options.stopsAtS[nextStop];
    if (stopAt !== undefined && t >= stopAt && !braking && standUntil < t) {
      braking = true;
      nextStop++;
    }
    let p = 0;
    if (braking || t <= standUntil) {
      p = 0;
    } else {
      // Varied speeds: surges of a minute or two, shorter ones, more power uphill.
      p = 210 + 80 * Math.sin(t / 50) + 50 * Math.sin(t / 11) + 1500 * Math.max(0, slope(d));
      p = Math.max(0, p);
    }
    for (let k = 0; k < 100; k++) {
      const h = 0.01;
      const s = slope(d);
      const cos = Math.sqrt(1 - s * s);
      if (t <= standUntil) break;
      // Below 1 m/s P/v explodes: a standing start is a push at 1 m/s.
      const drive = (ETA * p) / Math.max(v, 1);
      const air = 0.5 * RHO * TRUTH.cdaM2 * v * v;
      const roll = v > 0 ? TRUTH.crr * MASS_KG * g * cos : 0;
      const brake = braking ? 0.3 * g * MASS_KG : 0;
      const accel = (drive - air - roll - MASS_KG * g * s - brake) / MASS_KG;
      const next = Math.max(0, v + accel * h);
      d += 0.5 * (v + next) * h;
      v = next;
      if (braking && v === 0) {
        braking = false;
        standUntil = t + 30;
        break;
      }
    }
    power[t] = p * (1 + options.powerNoise * gaussian());
    speed[t] = v;
    altitude[t] = heightM(d);
  }
  return createActivityStreams(
    Float64Array.from({ length: seconds }, (_, i) => i),
    new Uint8Array(seconds),
    { powerW: power, speedMps: speed, altitudeM: altitude },
  );
}

const CONDITIONS = { systemMassKg: MASS_KG, drivetrainEfficiency: ETA, airDensityKgM3: RHO };

function expectRecovered(ride: ReturnType<typeof syntheticRide>) {
  const fit = fitCdaCrr(ride, CONDITIONS)!;
  expect(fit).toBeDefined();
  expect(Math.abs(fit.cdaM2 - TRUTH.cdaM2)).toBeLessThanOrEqual(0.005);
  expect(Math.abs(fit.crr - TRUTH.crr)).toBeLessThanOrEqual(0.0005);
  return fit;
}

describe('aero fit on a ride written with the physics model', () => {
  it('has varied speeds and real gradients', () => {
    const ride = syntheticRide({ powerNoise: 0, stopsAtS: [1200, 3000, 4500] });
    const speed = ride.speedMps!;
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    let stopped = 0;
    for (let i = 60; i < speed.length; i++) {
      if (speed[i] === 0) stopped++;
      else min = Math.min(min, speed[i]!);
      max = Math.max(max, speed[i]!);
    }
    expect(max - min).toBeGreaterThan(5);
    expect(stopped).toBeGreaterThanOrEqual(90);
  });

  it('recovers CdA and Crr from a clean ride', () => {
    expectRecovered(syntheticRide({ powerNoise: 0, stopsAtS: [] }));
  });

  it('recovers CdA and Crr with 1 % power noise', () => {
    expectRecovered(syntheticRide({ powerNoise: 0.01, stopsAtS: [] }));
  });

  it('recovers CdA and Crr with stops', () => {
    expectRecovered(syntheticRide({ powerNoise: 0, stopsAtS: [1200, 3000, 4500] }));
  });

  it('recovers CdA and Crr with 1 % power noise and stops', () => {
    const fit = expectRecovered(syntheticRide({ powerNoise: 0.01, stopsAtS: [1200, 3000, 4500] }));
    expect(fit.r2).toBeGreaterThan(0.99);
  });
});
