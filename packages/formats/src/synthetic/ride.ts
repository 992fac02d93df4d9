import { type Activity, type ActivityStreams, CHANNELS, type ChannelName } from '../activity.ts';
import { airDensityKgM3, nextSpeed, type RiderSetup } from './physics.ts';
import { createRng, gaussian } from './rng.ts';

export interface SyntheticRideOptions {
  seed?: number;
  durationS?: number;
  startTime?: Date;
  ftpW?: number;
  restHr?: number;
  maxHr?: number;
  setup?: Partial<RiderSetup>;
  /** Mean head wind, m/s (negative = tail wind). */
  windMps?: number;
  temperatureC?: number;
  startAltitudeM?: number;
  /** Work intervals after the warm-up: count × seconds at `intervalPct` of FTP. */
  intervals?: { count: number; workS: number; restS: number; intervalPct: number };
  /**
   * A hard set late in the ride, as a long ride that ends with a hard climb or a fast finish: `count` ×
   * `workS` at `intervalPct` of FTP with `restS` between, starting at `atFraction` of the ride (taken
   * out of the endurance part; none when it does not fit). Without it the plan is as it always was.
   */
  lateEffort?: { atFraction: number; count: number; workS: number; restS: number; intervalPct: number };
  /** Left leg's mean share of power, %. */
  leftBalancePct?: number;
  /**
   * A fixed route (`SYNTHETIC_ROUTES`): the same terrain and the same roads every time, so rides on it
   * share climbs (segments). Without it, the terrain and heading come from the seed, as always.
   */
  route?: SyntheticRoute;
  /**
   * Platform centre offset and power phase on the pedalling seconds, as dual-sided pedals (Garmin
   * Vector, Rally) record them. Off by default: a seed's other channels are the same either way, as
   * these come from a random sequence of their own.
   */
  pedalPhase?: boolean;
}

/**
 * A route: straight legs ridden out and back along the same roads (so a ride longer than the route
 * turns round, and one longer than both ways starts it again), small undulations from a fixed
 * phase, and hills of stated length and gradient on the way out (climbed the other way on the way back).
 */
export interface SyntheticRoute {
  readonly id: string;
  readonly phases: readonly [number, number, number];
  readonly startLatDeg: number;
  readonly startLngDeg: number;
  readonly legs: readonly { readonly headingDeg: number; readonly lengthM: number }[];
  readonly climbs: readonly {
    readonly startM: number;
    readonly lengthM: number;
    readonly gradePct: number;
  }[];
}

/** Three routes of the demo rider (made up, near the generator's usual start in the Alps foothills). */
export const SYNTHETIC_ROUTES: readonly SyntheticRoute[] = [
  {
    id: 'valley',
    phases: [0.4, 2.1, 5.0],
    startLatDeg: 45.5,
    startLngDeg: 7.2,
    legs: [
      { headingDeg: 20, lengthM: 6000 },
      { headingDeg: 75, lengthM: 9000 },
      { headingDeg: 150, lengthM: 7000 },
      { headingDeg: 230, lengthM: 8000 },
      { headingDeg: 300, lengthM: 9000 },
    ],
    climbs: [
      { startM: 7000, lengthM: 2500, gradePct: 6 },
      { startM: 17000, lengthM: 1200, gradePct: 8 },
      { startM: 29000, lengthM: 4000, gradePct: 5 },
    ],
  },
  {
    id: 'ridge',
    phases: [3.3, 0.9, 1.7],
    startLatDeg: 45.52,
    startLngDeg: 7.25,
    legs: [
      { headingDeg: 340, lengthM: 8000 },
      { headingDeg: 260, lengthM: 10000 },
      { headingDeg: 190, lengthM: 7000 },
      { headingDeg: 110, lengthM: 12000 },
    ],
    climbs: [
      { startM: 5000, lengthM: 3000, gradePct: 7 },
      { startM: 19000, lengthM: 1500, gradePct: 9 },
    ],
  },
  {
    id: 'lakes',
    phases: [5.6, 4.2, 3.1],
    startLatDeg: 45.48,
    startLngDeg: 7.18,
    legs: [
      { headingDeg: 200, lengthM: 12000 },
      { headingDeg: 120, lengthM: 9000 },
      { headingDeg: 40, lengthM: 11000 },
      { headingDeg: 315, lengthM: 10000 },
    ],
    climbs: [
      { startM: 9000, lengthM: 2000, gradePct: 5 },
      { startM: 25000, lengthM: 3000, gradePct: 6 },
    ],
  },
];

/** Length of a route one way, m. */
const routeLengthM = (route: SyntheticRoute) => route.legs.reduce((a, l) => a + l.lengthM, 0);

/** Distance along the way out for a distance ridden (out and back, repeated), and the direction. */
function routeFold(route: SyntheticRoute, distanceM: number): { alongM: number; back: boolean } {
  const out = routeLengthM(route);
  const d = distanceM % (2 * out);
  return d <= out ? { alongM: d, back: false } : { alongM: 2 * out - d, back: true };
}

/**
 * Gradient on the way out at `alongM`: undulations of ±1.4 m (below the climb detector's 3 m
 * hysteresis), plus each climb (50 m ramps in and out) and the descent after it (0.8 of its length
 * at 1.25 times its gradient: back to the height it started from, so the climbs stand apart).
 */
function routeGradientOut(route: SyntheticRoute, alongM: number): number {
  let g = 0.006 * Math.sin(alongM / 230 + route.phases[2]);
  for (const c of route.climbs) {
    const into = alongM - c.startM;
    const downM = 0.8 * c.lengthM;
    if (into < 0 || into > c.lengthM + downM) continue;
    const up = into <= c.lengthM;
    const x = up ? into : into - c.lengthM;
    const len = up ? c.lengthM : downM;
    const ramp = Math.min(1, x / 50, (len - x) / 50);
    g += ((up ? 1 : -1.25) * c.gradePct * ramp) / 100;
  }
  return g;
}

const altitudeTables = new Map<string, Float64Array>();

/** Altitude above the start along the way out, every metre (the gradient integrated once per route). */
function routeAltitudeTable(route: SyntheticRoute): Float64Array {
  let table = altitudeTables.get(route.id);
  if (table) return table;
  const n = Math.ceil(routeLengthM(route)) + 2;
  table = new Float64Array(n);
  for (let i = 1; i < n; i++)
    table[i] = table[i - 1]! + Math.sin(Math.atan(routeGradientOut(route, i - 0.5)));
  altitudeTables.set(route.id, table);
  return table;
}

/** Where a ride on a route is after `distanceM`: position, altitude above the start and gradient. */
function routeAt(route: SyntheticRoute, distanceM: number) {
  const { alongM, back } = routeFold(route, distanceM);
  const table = routeAltitudeTable(route);
  const i = Math.min(table.length - 2, Math.floor(alongM));
  const riseM = table[i]! + (table[i + 1]! - table[i]!) * (alongM - i);
  let lat = route.startLatDeg;
  let lng = route.startLngDeg;
  let left = alongM;
  for (const leg of route.legs) {
    if (left <= 0) break;
    const step = Math.min(left, leg.lengthM);
    const heading = (leg.headingDeg * Math.PI) / 180;
    lat += (step * Math.cos(heading)) / 111_320;
    lng += (step * Math.sin(heading)) / (111_320 * Math.cos((lat * Math.PI) / 180));
    left -= step;
  }
  const gradient = routeGradientOut(route, alongM);
  return { lat, lng, riseM, gradient: back ? -gradient : gradient };
}

/** One segment of the power plan, as a fraction of FTP. */
interface Block {
  durationS: number;
  fromPct: number;
  toPct: number;
}

function plan(
  durationS: number,
  o: Required<Pick<SyntheticRideOptions, 'intervals'>> & Pick<SyntheticRideOptions, 'lateEffort'>,
): Block[] {
  const warmup = Math.min(600, durationS * 0.2);
  const cooldown = Math.min(300, durationS * 0.1);
  const blocks: Block[] = [{ durationS: warmup, fromPct: 0.5, toPct: 0.75 }];
  let left = durationS - warmup - cooldown;
  const { count, workS, restS, intervalPct } = o.intervals;
  for (let i = 0; i < count && left >= workS + restS; i++) {
    blocks.push({ durationS: workS, fromPct: intervalPct, toPct: intervalPct });
    blocks.push({ durationS: restS, fromPct: 0.55, toPct: 0.55 });
    left -= workS + restS;
  }
  const late = o.lateEffort;
  const setS = late ? late.count * (late.workS + late.restS) : 0;
  if (late && setS > 0 && setS <= left) {
    const enduranceFromS = durationS - cooldown - left;
    const beforeS = Math.max(0, Math.min(left - setS, late.atFraction * durationS - enduranceFromS));
    if (beforeS > 0) blocks.push({ durationS: beforeS, fromPct: 0.7, toPct: 0.7 });
    for (let i = 0; i < late.count; i++) {
      blocks.push({ durationS: late.workS, fromPct: late.intervalPct, toPct: late.intervalPct });
      blocks.push({ durationS: late.restS, fromPct: 0.6, toPct: 0.6 });
    }
    left -= beforeS + setS;
  }
  if (left > 0) blocks.push({ durationS: left, fromPct: 0.7, toPct: 0.7 });
  blocks.push({ durationS: cooldown, fromPct: 0.6, toPct: 0.4 });
  return blocks;
}

function targetPct(blocks: readonly Block[], t: number): number {
  let start = 0;
  for (const b of blocks) {
    if (t < start + b.durationS) return b.fromPct + ((b.toPct - b.fromPct) * (t - start)) / b.durationS;
    start += b.durationS;
  }
  return blocks.at(-1)?.toPct ?? 0.6;
}

interface RidePosition {
  latDeg: number;
  lngDeg: number;
  altitudeM: number;
}

/**
 * The ground under a ride: its gradient at a distance ridden, and where a second's riding takes the
 * rider. On a fixed route both come from the route (its roads and its altitude profile); otherwise from
 * the seed's rolling terrain, the rider following their own heading and climbing what the gradient says.
 */
interface Ground {
  gradientAt(distanceM: number): number;
  /** Moves `at` to `distanceM`, after `speedMps` this second on `gradient` along `headingRad`. */
  move(at: RidePosition, distanceM: number, speedMps: number, gradient: number, headingRad: number): void;
}

function groundOf(
  route: SyntheticRoute | undefined,
  phases: readonly number[],
  startAltitudeM: number,
): Ground {
  if (route) {
    return {
      gradientAt: (distanceM) => routeAt(route, distanceM).gradient,
      move(at, distanceM) {
        const p = routeAt(route, distanceM);
        at.altitudeM = startAltitudeM + p.riseM;
        at.latDeg = p.lat;
        at.lngDeg = p.lng;
      },
    };
  }
  return {
    gradientAt: (distanceM) => gradientAt(distanceM, phases),
    move(at, _distanceM, speedMps, gradient, headingRad) {
      at.altitudeM += speedMps * Math.sin(Math.atan(gradient));
      at.latDeg += (speedMps * Math.cos(headingRad)) / 111_320;
      at.lngDeg += (speedMps * Math.sin(headingRad)) / (111_320 * Math.cos((at.latDeg * Math.PI) / 180));
    },
  };
}

/** Rolling terrain: a few superposed hills along the distance, gradients within about ±8 %. */
function gradientAt(distanceM: number, phases: readonly number[]): number {
  const [a = 0, b = 0, c = 0] = phases;
  return (
    0.04 * Math.sin(distanceM / 1800 + a) +
    0.025 * Math.sin(distanceM / 650 + b) +
    0.012 * Math.sin(distanceM / 230 + c)
  );
}

/**
 * A realistic synthetic ride at 1 Hz: a power plan (warm-up, intervals, endurance, cool-down) with
 * stochastic variability, coasting on steep descents; speed from the power model; heart rate that lags
 * power and drifts upward; cadence that drops on climbs; L/R balance and pedal figures. Values are
 * quantized to FIT resolution so a FIT round trip is exact.
 */
export function generateRide(options: SyntheticRideOptions = {}): Activity {
  const rng = createRng(options.seed ?? 1);
  const n = Math.max(2, Math.round(options.durationS ?? 3600)) + 1;
  const ftp = options.ftpW ?? 250;
  const restHr = options.restHr ?? 55;
  const maxHr = options.maxHr ?? 185;
  const setup: RiderSetup = {
    massKg: 80,
    cdaM2: 0.32,
    crr: 0.004,
    drivetrainEfficiency: 0.976,
    ...options.setup,
  };
  const blocks = plan(n - 1, {
    intervals: options.intervals ?? { count: 4, workS: 300, restS: 300, intervalPct: 1.05 },
    lateEffort: options.lateEffort,
  });
  const phases = [rng() * 6.28, rng() * 6.28, rng() * 6.28];
  const route = options.route;
  const startAltitude = options.startAltitudeM ?? 200;
  const temperature = options.temperatureC ?? 18;
  const leftMean = options.leftBalancePct ?? 49;

  const ch = Object.fromEntries(
    CHANNELS.filter((k) => !PHASE_CHANNELS.has(k)).map((k) => [k, new Float64Array(n)]),
  ) as Record<ChannelName, Float64Array>;

  let speed = 0;
  let distance = 0;
  let hr = restHr + 20;
  let noise = 0;
  const ground = groundOf(route, phases, startAltitude);
  const at: RidePosition = {
    latDeg: route ? route.startLatDeg : 45.5,
    lngDeg: route ? route.startLngDeg : 7.2,
    altitudeM: startAltitude,
  };
  let heading = rng() * 2 * Math.PI;
  for (let i = 0; i < n; i++) {
    const gradient = ground.gradientAt(distance);
    // Ornstein–Uhlenbeck variability: correlated over ~20 s, ±8 % of the target.
    noise += -noise / 20 + 0.08 * Math.sqrt(2 / 20) * gaussian(rng);
    const coasting = gradient < -0.045 && rng() < 0.85;
    const power = coasting
      ? 0
      : Math.max(0, Math.round(ftp * targetPct(blocks, i) * (1 + noise) * (1 + 3 * gradient)));
    const wind = (options.windMps ?? 0) + 0.5 * gaussian(rng);
    const rho = airDensityKgM3(at.altitudeM, temperature);
    speed =
      i === 0
        ? 0
        : nextSpeed(setup, { powerW: power, speedMps: speed, gradient, headWindMps: wind, rhoKgM3: rho });
    speed = Math.round(speed * 1000) / 1000; // FIT enhanced_speed resolution (mm/s)
    if (i > 0) {
      distance += speed;
      heading += 0.01 * gaussian(rng);
      ground.move(at, distance, speed, gradient, heading);
    }
    // Heart rate follows power with a 30 s (rising) / 60 s (falling) lag and drifts ~3 bpm per hour.
    const target = restHr + (maxHr - restHr) * Math.min(1, 0.45 + 0.5 * (power / ftp)) + (3 * i) / 3600;
    hr += (target - hr) / (target > hr ? 30 : 60);
    const cadence =
      power === 0 ? 0 : Math.round(Math.max(55, 92 - 250 * Math.max(0, gradient) + 3 * gaussian(rng)));
    const left = power === 0 ? Number.NaN : Math.round(leftMean + 1.5 * gaussian(rng));

    ch.powerW[i] = power;
    ch.heartRateBpm[i] = Math.round(hr);
    ch.cadenceRpm[i] = cadence;
    ch.speedMps[i] = speed;
    ch.distanceM[i] = Math.round(distance * 100) / 100; // FIT distance resolution (cm)
    ch.altitudeM[i] = Math.round(at.altitudeM * 5) / 5; // FIT enhanced_altitude resolution (0.2 m)
    ch.latDeg[i] = Math.round((at.latDeg * 2 ** 31) / 180) * (180 / 2 ** 31);
    ch.lngDeg[i] = Math.round((at.lngDeg * 2 ** 31) / 180) * (180 / 2 ** 31);
    ch.temperatureC[i] = Math.round(temperature + (2 * i) / n);
    ch.leftRightBalancePct[i] = left;
    pedalFigures(ch, i, power, rng);
  }
  if (options.pedalPhase) pedalPhases(ch, n, ftp, createRng(((options.seed ?? 1) ^ PHASE_SEED) >>> 0));
  const timeS = new Float64Array(n);
  for (let i = 0; i < n; i++) timeS[i] = i;
  const streams: ActivityStreams = {
    timeS,
    gapMask: new Uint8Array(n),
    ...ch,
  };
  return {
    format: 'fit',
    sport: 'cycling',
    sportSource: 'file',
    name: 'Synthetic ride',
    device: { manufacturer: 'development', name: 'Vatio synthetic ride generator' },
    sensors: [],
    startTime: options.startTime ?? new Date('2024-06-01T07:00:00Z'),
    elapsedTimeS: n - 1,
    timerTimeS: n - 1,
    laps: [],
    events: [],
    deviceSummary: { distanceM: ch.distanceM[n - 1], ftpW: ftp },
    streams,
    warnings: [],
  };
}

/**
 * Torque effectiveness and pedal smoothness in FIT's 0.5 % steps; absent while coasting. The draws come
 * in a fixed order (left, right TE, then left, right PS): the order is part of a seed's output.
 */
function pedalFigures(
  ch: Record<ChannelName, Float64Array>,
  i: number,
  power: number,
  rng: () => number,
): void {
  const teLeft = pedalFigure(power, 75, 3, rng);
  const teRight = pedalFigure(power, 73, 3, rng);
  const psLeft = pedalFigure(power, 22, 2, rng);
  const psRight = pedalFigure(power, 20, 2, rng);
  ch.torqueEffectivenessLeftPct[i] = teLeft;
  ch.torqueEffectivenessRightPct[i] = teRight;
  ch.pedalSmoothnessLeftPct[i] = psLeft;
  ch.pedalSmoothnessRightPct[i] = psRight;
  ch.torqueEffectivenessPct[i] = (teLeft + teRight) / 2;
  ch.pedalSmoothnessPct[i] = (psLeft + psRight) / 2;
}

/** One pedal figure, %: base + spread·N(0, 1), at most 100, in 0.5 % steps; NaN while coasting (no draw). */
function pedalFigure(power: number, basePct: number, spreadPct: number, rng: () => number): number {
  if (power === 0) return Number.NaN;
  return Math.round(Math.min(100, basePct + spreadPct * gaussian(rng)) * 2) / 2;
}

const PHASE_CHANNELS: ReadonlySet<ChannelName> = new Set([
  'platformCentreOffsetLeftMm',
  'platformCentreOffsetRightMm',
  'powerPhaseStartLeftDeg',
  'powerPhaseEndLeftDeg',
  'powerPhasePeakStartLeftDeg',
  'powerPhasePeakEndLeftDeg',
  'powerPhaseStartRightDeg',
  'powerPhaseEndRightDeg',
  'powerPhasePeakStartRightDeg',
  'powerPhasePeakEndRightDeg',
]);
/** Mixed into the seed for the pedal-phase draws, so they leave the ride's own sequence alone. */
const PHASE_SEED = 0x9e3779b9;
/** FIT power phase resolution: 0.7111111 counts per degree (256 per turn). */
const PHASE_SCALE = 0.7111111;
/**
 * An angle in FIT steps, 0 ≤ step < 255: a full turn wraps to 0, and step 255 (358.6°) is uint8's
 * invalid value, so it becomes 254, as a device must do.
 */
const phaseStep = (deg: number) =>
  Math.min(254, Math.round((((deg % 360) + 360) % 360) * PHASE_SCALE) % 256) / PHASE_SCALE;

/**
 * Platform centre offset (whole mm) and power phase (at FIT resolution) while pedalling, around what
 * dual-sided pedal riders typically show: PCO a few mm either side of the centre; power phase from about
 * 350° (before top dead centre) to about 210°, its peak between about 70° and 120° (Garmin Vector
 * owner's manual, "Cycling dynamics"). The arc widens a little with power.
 */
function pedalPhases(ch: Record<ChannelName, Float64Array>, n: number, ftp: number, rng: () => number): void {
  const out = Object.fromEntries(
    [...PHASE_CHANNELS].map((k) => [k, new Float64Array(n).fill(Number.NaN)]),
  ) as Record<ChannelName, Float64Array>;
  const power = ch.powerW;
  for (let i = 0; i < n; i++) {
    const p = power[i]!;
    if (!(p > 0)) continue;
    const effort = Math.min(1.5, p / ftp);
    out.platformCentreOffsetLeftMm![i] = Math.round(-2 + 1.5 * gaussian(rng));
    out.platformCentreOffsetRightMm![i] = Math.round(3 + 1.5 * gaussian(rng));
    out.powerPhaseStartLeftDeg![i] = phaseStep(352 - 8 * effort + 4 * gaussian(rng));
    out.powerPhaseEndLeftDeg![i] = phaseStep(208 + 8 * effort + 4 * gaussian(rng));
    out.powerPhasePeakStartLeftDeg![i] = phaseStep(68 + 4 * gaussian(rng));
    out.powerPhasePeakEndLeftDeg![i] = phaseStep(118 + 4 * gaussian(rng));
    out.powerPhaseStartRightDeg![i] = phaseStep(355 - 8 * effort + 4 * gaussian(rng));
    out.powerPhaseEndRightDeg![i] = phaseStep(212 + 8 * effort + 4 * gaussian(rng));
    out.powerPhasePeakStartRightDeg![i] = phaseStep(72 + 4 * gaussian(rng));
    out.powerPhasePeakEndRightDeg![i] = phaseStep(124 + 4 * gaussian(rng));
  }
  Object.assign(ch, out);
}
