/**
 * Cycling power model (Martin et al. 1998, "Validation of a mathematical model for road cycling power"):
 *   P·η = v·(½·ρ·CdA·(v + v_wind)² + Crr·m·g·cos θ + m·g·sin θ + m·a)
 * integrated forward in time, so speed lags power the way a real bike does.
 */

export const G = 9.80665;

export interface RiderSetup {
  /** Rider + bike, kg. */
  massKg: number;
  cdaM2: number;
  crr: number;
  /** Drivetrain efficiency. */
  drivetrainEfficiency: number;
}

/**
 * Air density from altitude and temperature: barometric formula for pressure (ISA lapse rate), then the
 * ideal gas law for dry air.
 */
export function airDensityKgM3(altitudeM: number, temperatureC: number): number {
  const pressurePa = 101_325 * (1 - 2.25577e-5 * altitudeM) ** 5.25588;
  return pressurePa / (287.058 * (temperatureC + 273.15));
}

export interface SpeedStep {
  powerW: number;
  speedMps: number;
  gradient: number;
  /** Head wind positive, m/s. */
  headWindMps: number;
  rhoKgM3: number;
}

/** Speed after `dtS` seconds, integrated in 0.1 s sub-steps; never negative. */
export function nextSpeed(setup: RiderSetup, step: SpeedStep, dtS = 1): number {
  const theta = Math.atan(step.gradient);
  // What does not change within the step, computed once. Each product keeps the operand order of the
  // per-sub-step formula it replaces, so the result is bit for bit the same.
  const drivePowerW = step.powerW * setup.drivetrainEfficiency;
  const airCoefficient = 0.5 * step.rhoKgM3 * setup.cdaM2;
  const rollingForceN = setup.crr * setup.massKg * G * Math.cos(theta);
  const gravityForceN = setup.massKg * G * Math.sin(theta);
  const wind = step.headWindMps;
  let v = step.speedMps;
  const h = 0.1;
  for (let t = 0; t < dtS - 1e-9; t += h) {
    // Below 1 m/s the power term P/v explodes: treat a standing start as a 1 m/s push.
    const drive = drivePowerW / Math.max(v, 1);
    const air = airCoefficient * (v + wind) * Math.abs(v + wind);
    const roll = v > 0 ? rollingForceN : 0;
    const accel = (drive - air - roll - gravityForceN) / setup.massKg;
    v = Math.max(0, v + accel * h);
  }
  return v;
}
