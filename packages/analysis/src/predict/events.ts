/**
 * Event predictions: the power the rider can hold for the event's length (power–duration model) and
 * the time that power gives on a stated course, with the road cycling power model of Martin, Milliken,
 * Cobb, McFadden & Coggan (1998, *J Appl Biomech* 14:276, eq. 9), without wind:
 *   η·P = ½·ρ·CdA·v³ + v·m·g·(Crr·cos θ + sin θ) + v·(91 + 8.7·v)·10⁻³ + ½·(m + I/r²)·Δ(v²)/Δt
 * the last two terms being the wheel-bearing friction (their eq. 6) and the change of kinetic energy
 * with the wheels' moment of inertia (eq. 8; I = 0.14 kg·m² for both wheels, r = 0.311 m). On a
 * stretch of constant gradient the speed is steady and the kinetic term is zero; it is paid where the
 * speed rises (`courseTimeS`). The wheels' own rotational drag (their F_w) is left out: CdA here is the
 * whole system's, as a virtual-elevation fit measures it.
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
/** Wheel-bearing friction, Martin et al. 1998 eq. 6: P = v·(91 + 8.7·v)·10⁻³ W (v in m/s). */
export const BEARING_FRICTION_N = 0.091;
export const BEARING_FRICTION_N_PER_MPS = 0.0087;
/** Moment of inertia of both wheels, kg·m², and their radius, m (Martin et al. 1998). */
export const WHEEL_INERTIA_KG_M2 = 0.14;
export const WHEEL_RADIUS_M = 0.311;

/** Power lost in the wheel bearings at a speed, W (Martin et al. 1998 eq. 6). */
export function bearingLossW(speedMps: number): number {
  return speedMps * (BEARING_FRICTION_N + BEARING_FRICTION_N_PER_MPS * speedMps);
}

/** Mass the rider accelerates, kg: system mass plus the wheels' inertia as mass, I/r² (eq. 8). */
export function effectiveMassKg(massKg: number): number {
  return massKg + WHEEL_INERTIA_KG_M2 / WHEEL_RADIUS_M ** 2;
}

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
  const f = (v: number) => aero * v ** 3 + resist * v + bearingLossW(v) - drive;
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

/** Steady speed on a stretch at a power, m/s: descents capped at MAX_DESCENT_SPEED_MPS. */
function stretchSpeedMps(powerW: number, gradient: number, p: PhysicsParameters): number {
  const v = speedForPowerMps(powerW, gradient, p);
  return gradient < 0 ? Math.min(v, MAX_DESCENT_SPEED_MPS) : v;
}

/** Time to ride the stretches at their steady speeds, already rolling, s (no kinetic term). */
export function steadyCourseTimeS(
  segments: readonly CourseSegment[],
  powerW: number,
  p: PhysicsParameters,
): number {
  return segments.reduce((time, s) => time + s.distanceM / stretchSpeedMps(powerW, s.gradient, p), 0);
}

/**
 * Time to ride the course at a constant power, s (descents capped at MAX_DESCENT_SPEED_MPS), from a
 * standing start. Each stretch is ridden at its steady speed; where the speed rises onto a stretch that
 * is not downhill (the start, a climb onto the flat), the rider supplies the kinetic energy
 * ½·(m + I/r²)·(v₂² − v₁²) (Martin et al. 1998 eq. 8) at η·P on top of the steady work, which costs
 * that energy / (η·P) seconds (the energy balance η·P·t = F(v)·d + ΔKE with η·P = F(v)·v). Speed gained
 * onto a descent comes from gravity, and speed lost (onto a climb, off a braked descent) is not
 * credited back: drag and brakes take most of it, so the estimate errs slow, not fast.
 */
export function courseTimeS(
  segments: readonly CourseSegment[],
  powerW: number,
  p: PhysicsParameters,
): number {
  const drive = DRIVETRAIN_EFFICIENCY * Math.max(0, powerW);
  const mass = effectiveMassKg(p.massKg);
  let time = 0;
  let previousV = 0;
  for (const s of segments) {
    const v = stretchSpeedMps(powerW, s.gradient, p);
    time += s.distanceM / v;
    if (s.gradient >= 0 && v > previousV && drive > 0)
      time += (0.5 * mass * (v ** 2 - previousV ** 2)) / drive;
    previousV = v;
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
    // The standing start's kinetic energy (Martin eq. 8) takes its time out of the race at speed v.
    const startS =
      powerW > 0 ? (0.5 * effectiveMassKg(physics.massKg) * v ** 2) / (DRIVETRAIN_EFFICIENCY * powerW) : 0;
    const distanceM = v * Math.max(0, course.fixedDurationS - startS);
    return {
      key: course.key,
      powerW,
      timeS: course.fixedDurationS,
      distanceM,
      averageSpeedMps: distanceM / course.fixedDurationS,
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
