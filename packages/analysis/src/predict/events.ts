/**
 * Event predictions: the power the rider can hold for the event's length (power–duration model) and
 * the time that power gives on a stated course (steady-state road cycling power model of Martin,
 * Milliken, Cobb, McFadden & Coggan 1998, *J Appl Biomech* 14:276, without wind, acceleration and
 * bearing losses): η·P = v·m·g·(Crr·cos θ + sin θ) + ½·ρ·CdA·v³.
 */
import { AERO_DEFAULTS } from '../report/options.ts';

export const GRAVITY_MPS2 = 9.80665;
/** ISA sea-level air density at 15 °C, kg/m³. */
export const DEFAULT_AIR_DENSITY = 1.225;
/** Road position on the hoods, m² (typical of amateur riders; Vatio's stated default when no VE fit). */
export const DEFAULT_CDA_M2 = 0.32;
/** Good road tyres on smooth asphalt (GoldenCheetah's Aerolab default is 0.005; 0.004 is nearer race tyres). */
export const DEFAULT_CRR = 0.004;
/** Chain drivetrain efficiency (Martin et al. 1998). */
export const DRIVETRAIN_EFFICIENCY = AERO_DEFAULTS.drivetrainEfficiency;
/** Bike and kit when the rider stored no bike weight, kg. */
export const DEFAULT_BIKE_KG = AERO_DEFAULTS.bikeKg;
/** Descents are ridden at no more than 60 km/h (braking into bends; not a physics result). */
export const MAX_DESCENT_SPEED_MPS = 60 / 3.6;
/**
 * Fall of sustainable power past one hour: P(T) = P(1 h)·(1 − A·ln(T / 3600 s)), the log-linear form
 * of Peronnet & Thibault (1989, *J Appl Physiol* 67:453) beyond the time to exhaustion at the
 * threshold; A = 0.07 is Vatio's stated default (about 5 % less power for each doubling of time).
 */
export const ENDURANCE_DECAY_PER_LN = 0.07;

export interface PhysicsParameters {
  readonly massKg: number;
  readonly cdaM2: number;
  readonly crr: number;
  readonly airDensity: number;
}

/** Steady speed for a power on a gradient (rise/run), m/s: the one positive root of the cubic. */
export function speedForPowerMps(powerW: number, gradient: number, p: PhysicsParameters): number {
  const theta = Math.atan(gradient);
  const resist = p.massKg * GRAVITY_MPS2 * (p.crr * Math.cos(theta) + Math.sin(theta));
  const aero = 0.5 * p.airDensity * p.cdaM2;
  const drive = DRIVETRAIN_EFFICIENCY * Math.max(0, powerW);
  const f = (v: number) => aero * v ** 3 + resist * v - drive;
  let lo = 0;
  let hi = 40;
  if (f(hi) < 0) return hi;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** A stretch of a course: length and constant gradient. */
export interface CourseSegment {
  readonly distanceM: number;
  readonly gradient: number;
}

export interface EventCourse {
  readonly key: 'gran_fondo_100km' | 'criterium_45min' | 'mountain_stage_85km';
  readonly segments: readonly CourseSegment[];
  /** A race of fixed length in time (criterium): the distance is what is predicted. */
  readonly fixedDurationS?: number;
}

/**
 * The spec's three events (spec 001 §2.2) as stated courses, since the spec gives only their names:
 * - 100 km gran fondo: 1,200 m of climbing as 20 km at 6 %, the same down, 60 km flat;
 * - 45 min criterium: flat, 45 minutes (the distance covered is predicted; ridden solo, no draft);
 * - 85 km mountain stage: 2,400 m of climbing as 30 km at 8 %, the same down, 25 km flat.
 */
export const EVENT_COURSES: readonly EventCourse[] = [
  {
    key: 'gran_fondo_100km',
    segments: [
      { distanceM: 30_000, gradient: 0 },
      { distanceM: 20_000, gradient: 0.06 },
      { distanceM: 20_000, gradient: -0.06 },
      { distanceM: 30_000, gradient: 0 },
    ],
  },
  { key: 'criterium_45min', segments: [{ distanceM: 1, gradient: 0 }], fixedDurationS: 2700 },
  {
    key: 'mountain_stage_85km',
    segments: [
      { distanceM: 25_000, gradient: 0 },
      { distanceM: 30_000, gradient: 0.08 },
      { distanceM: 30_000, gradient: -0.08 },
    ],
  },
];

/** The rider's power–duration model: CP and W′ (2P), or FTP alone (W′ 0) when no fit is usable. */
export interface PowerDurationModel {
  readonly cpW: number;
  readonly wPrimeJ: number;
}

/**
 * Highest average power for a duration: CP + W′/T up to one hour (Monod–Scherrer), then the
 * one-hour value falling by ENDURANCE_DECAY_PER_LN per e-fold of time.
 */
export function sustainablePowerW(model: PowerDurationModel, durationS: number): number {
  const t = Math.max(1, durationS);
  if (t <= 3600) return model.cpW + model.wPrimeJ / t;
  const hour = model.cpW + model.wPrimeJ / 3600;
  return hour * Math.max(0, 1 - ENDURANCE_DECAY_PER_LN * Math.log(t / 3600));
}

/** Time to ride the course at a constant power, s (descents capped at MAX_DESCENT_SPEED_MPS). */
export function courseTimeS(
  segments: readonly CourseSegment[],
  powerW: number,
  p: PhysicsParameters,
): number {
  let time = 0;
  for (const s of segments) {
    let v = speedForPowerMps(powerW, s.gradient, p);
    if (s.gradient < 0) v = Math.min(v, MAX_DESCENT_SPEED_MPS);
    time += s.distanceM / v;
  }
  return time;
}

export interface EventPrediction {
  readonly key: EventCourse['key'];
  readonly powerW: number;
  readonly timeS: number;
  readonly distanceM: number;
  readonly averageSpeedMps: number;
}

/**
 * Sustainable power and time for one event: the time depends on the power and the power on the
 * time, so the two are iterated to a fixed point (power falls as time grows; converges in a few
 * steps). A fixed-duration race takes the power for its duration and predicts the distance on the flat.
 */
export function predictEvent(
  course: EventCourse,
  model: PowerDurationModel,
  physics: PhysicsParameters,
): EventPrediction {
  if (course.fixedDurationS !== undefined) {
    const powerW = sustainablePowerW(model, course.fixedDurationS);
    const v = speedForPowerMps(powerW, 0, physics);
    return {
      key: course.key,
      powerW,
      timeS: course.fixedDurationS,
      distanceM: v * course.fixedDurationS,
      averageSpeedMps: v,
    };
  }
  const distanceM = course.segments.reduce((sum, s) => sum + s.distanceM, 0);
  let timeS = distanceM / 8;
  let powerW = sustainablePowerW(model, timeS);
  for (let i = 0; i < 50; i++) {
    powerW = sustainablePowerW(model, timeS);
    const next = courseTimeS(course.segments, powerW, physics);
    const done = Math.abs(next - timeS) < 0.01;
    timeS = next;
    if (done) break;
  }
  return { key: course.key, powerW, timeS, distanceM, averageSpeedMps: distanceM / timeS };
}
