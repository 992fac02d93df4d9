import {
  type WPrimeBalanceParameters,
  type WPrimeParameters,
  wPrimeBalanceDifferentialJ,
  wPrimeBalanceDifferentialStepJ,
  wPrimeBalanceParameters,
} from '@vatio/analysis';
import type { IndoorBikeData } from './ftms';
import {
  type CscMeasurement,
  type CyclingPowerMeasurement,
  type HeartRateMeasurement,
  type RevolutionData,
  revolutionsPerS,
} from './gatt';

/** One second of the live ride, as the view shows it and the FIT file stores it. */
export interface LiveSecond {
  powerW?: number;
  heartRateBpm?: number;
  cadenceRpm?: number;
  speedMps?: number;
  altitudeM?: number;
}

/** Seconds of the 3 s power (the head units' usual smoothing). */
export const SMOOTHING_S = 3;

/**
 * The live ride, one recorded second at a time: the timeline the FIT file is written from (paused
 * seconds are gaps, as a head unit's timer stop), 3 s power, distance from speed (Σ v·1 s), elevation
 * gained, and W′ balance stepped with the analysis package's differential form (a paused second is rest
 * at 0 W, as the ride page counts it). Pure: the view drives it with a clock, Bluetooth or a replay.
 *
 * A negative W′ balance is never shown as fact: the second the balance with the fitted CP and W′ would
 * go below zero, the seconds ridden so far are given the ride page's correction
 * (`wPrimeBalanceParameters`, GoldenCheetah's minimum CP, else a raised W′) and the whole series is
 * redrawn with it; where no correction keeps it above zero the balance is unknown (NaN, shown "—"),
 * and stays so, since more seconds only lower a balance. At the end of the ride the parameters are
 * those the ride page finds for the same seconds.
 */
export class LiveSession {
  readonly powerW: number[] = [];
  readonly heartRateBpm: number[] = [];
  readonly cadenceRpm: number[] = [];
  readonly speedMps: number[] = [];
  readonly altitudeM: number[] = [];
  readonly distanceM: number[] = [];
  readonly wPrimeBalanceJ: number[] = [];
  /** 1 where the rider had paused. */
  readonly gapMask: number[] = [];
  private distance = 0;
  private gain = 0;
  private lastAltitude: number | undefined;
  private balance: number;
  /** The CP and W′ the balance is stepped with: the fitted ones until a correction replaces them. */
  private model: WPrimeParameters;
  private correction: WPrimeBalanceParameters | undefined;

  constructor(private readonly fitted: WPrimeParameters) {
    this.model = fitted;
    this.balance = fitted.wPrimeJ;
  }

  /**
   * The correction in force (`wPrimeBalanceParameters` on the seconds so far), or undefined while the
   * fitted CP and W′ keep the balance above zero.
   */
  get wPrimeCorrection(): WPrimeBalanceParameters | undefined {
    return this.correction;
  }

  /** Seconds on the timeline, paused ones included. */
  get elapsedS(): number {
    return this.gapMask.length;
  }

  /** Seconds recorded while riding. */
  get movingS(): number {
    return this.gapMask.reduce((n, g) => n + (g === 0 ? 1 : 0), 0);
  }

  get totalDistanceM(): number {
    return this.distance;
  }

  /** Sum of the rises between recorded altitudes, m. */
  get elevationGainM(): number {
    return this.gain;
  }

  /** Undefined where no CP and W′ keep this ride's balance above zero. */
  get currentWPrimeBalanceJ(): number | undefined {
    return Number.isFinite(this.balance) ? this.balance : undefined;
  }

  /** The W′ the balance is a share of (the corrected one after a correction), J. */
  get wPrimeJ(): number {
    return this.model.wPrimeJ;
  }

  /** Mean power of the last 3 recorded seconds that have power; undefined before any. */
  get power3sW(): number | undefined {
    let sum = 0;
    let n = 0;
    for (let i = this.powerW.length - 1; i >= 0 && n < SMOOTHING_S; i--) {
      if (this.gapMask[i] === 1) continue;
      const p = this.powerW[i]!;
      if (!Number.isFinite(p)) continue;
      sum += p;
      n++;
    }
    return n > 0 ? sum / n : undefined;
  }

  /** Mean of a channel over the recorded seconds that have it. */
  average(channel: 'powerW' | 'heartRateBpm' | 'cadenceRpm' | 'speedMps'): number | undefined {
    let sum = 0;
    let n = 0;
    this[channel].forEach((v, i) => {
      if (this.gapMask[i] === 0 && Number.isFinite(v)) {
        sum += v;
        n++;
      }
    });
    return n > 0 ? sum / n : undefined;
  }

  /** One second of riding. A missing channel is NaN on the timeline (no value, not zero). */
  addSecond(s: LiveSecond): void {
    const power = s.powerW ?? Number.NaN;
    this.push(power, s, 0);
    if (s.speedMps !== undefined && Number.isFinite(s.speedMps)) this.distance += s.speedMps;
    this.distanceM[this.distanceM.length - 1] = this.distance;
    if (s.altitudeM !== undefined && Number.isFinite(s.altitudeM)) {
      if (this.lastAltitude !== undefined && s.altitudeM > this.lastAltitude)
        this.gain += s.altitudeM - this.lastAltitude;
      this.lastAltitude = s.altitudeM;
    }
    this.stepBalance(Number.isFinite(power) ? power : 0);
  }

  /** One paused second: a gap on the timeline; W′ comes back as at rest. */
  addPausedSecond(): void {
    this.push(Number.NaN, {}, 1);
    this.distanceM[this.distanceM.length - 1] = this.distance;
    this.stepBalance(0);
  }

  private stepBalance(powerW: number) {
    this.balance = wPrimeBalanceDifferentialStepJ(this.balance, powerW, this.model);
    this.wPrimeBalanceJ.push(this.balance);
    if (this.balance < 0) this.correct();
  }

  /** The ride page's correction on the seconds so far; the series redrawn with it. */
  private correct() {
    const streams = { powerW: Float64Array.from(this.powerW), gapMask: Uint8Array.from(this.gapMask) };
    const parameters = wPrimeBalanceParameters(streams, this.fitted);
    this.correction = parameters;
    const series =
      parameters && parameters.status !== 'unsupported'
        ? wPrimeBalanceDifferentialJ(streams, parameters)
        : undefined;
    if (parameters && series) this.model = { cpW: parameters.cpW, wPrimeJ: parameters.wPrimeJ };
    for (let i = 0; i < this.wPrimeBalanceJ.length; i++) this.wPrimeBalanceJ[i] = series?.[i] ?? Number.NaN;
    this.balance = this.wPrimeBalanceJ[this.wPrimeBalanceJ.length - 1] ?? Number.NaN;
  }

  private push(power: number, s: LiveSecond, gap: 0 | 1) {
    this.powerW.push(power);
    this.heartRateBpm.push(s.heartRateBpm ?? Number.NaN);
    this.cadenceRpm.push(s.cadenceRpm ?? Number.NaN);
    this.speedMps.push(s.speedMps ?? Number.NaN);
    this.altitudeM.push(s.altitudeM ?? Number.NaN);
    this.distanceM.push(this.distance);
    this.gapMask.push(gap);
  }
}

/** The zone (1-based) whose [minPower, maxPower) holds `powerW`; undefined without power. */
export function zoneOf(
  powerW: number | undefined,
  zones: readonly { zone: number; minPower: number; maxPower: number | null }[],
): number | undefined {
  if (powerW === undefined || !Number.isFinite(powerW)) return undefined;
  for (const z of zones)
    if (powerW >= z.minPower && (z.maxPower === null || powerW < z.maxPower)) return z.zone;
  return zones[0]?.zone;
}

/** How long a rate is held after its sensor's last new revolution before it reads as stopped. */
export const REVOLUTION_HOLD_MS = 3000;

interface RateTrack {
  last?: RevolutionData;
  perS?: number;
  atMs?: number;
}

/**
 * Turns sensor notifications into one second of values: power is the mean of the second's readings;
 * heart rate the latest reading; cadence and speed from the revolution counters (Δrevolutions /
 * Δevent time), held for 3 s without a new revolution, then 0. Speed needs the wheel circumference.
 */
export class SensorFusion {
  private powerSum = 0;
  private powerCount = 0;
  private heartRate: { bpm: number; atMs: number } | undefined;
  private readonly crank: RateTrack = {};
  private readonly wheel: RateTrack = {};
  private hasCrank = false;
  private hasWheel = false;
  private trainerCadence: { rpm: number; atMs: number } | undefined;
  private trainerSpeed: { mps: number; atMs: number } | undefined;

  constructor(private readonly wheelCircumferenceM: number) {}

  onPower(m: CyclingPowerMeasurement, nowMs: number): void {
    this.powerSum += m.powerW;
    this.powerCount++;
    if (m.crank) this.track(this.crank, m.crank, nowMs, 'crank');
    if (m.wheel) this.track(this.wheel, m.wheel, nowMs, 'wheel');
  }

  /**
   * A smart trainer's Indoor Bike Data (FTMS 0x2AD2): its power counts only when no power meter is
   * connected (`withPower`), so two sources are never averaged; its cadence and speed only stand in
   * when no sensor sends revolution counters.
   */
  onIndoorBike(m: IndoorBikeData, nowMs: number, withPower: boolean): void {
    if (withPower && m.powerW !== undefined) {
      this.powerSum += m.powerW;
      this.powerCount++;
    }
    if (m.cadenceRpm !== undefined) this.trainerCadence = { rpm: m.cadenceRpm, atMs: nowMs };
    if (m.speedKmh !== undefined) this.trainerSpeed = { mps: m.speedKmh / 3.6, atMs: nowMs };
  }

  onHeartRate(m: HeartRateMeasurement, nowMs: number): void {
    this.heartRate = { bpm: m.heartRateBpm, atMs: nowMs };
  }

  onCsc(m: CscMeasurement, nowMs: number): void {
    if (m.crank) this.track(this.crank, m.crank, nowMs, 'crank');
    if (m.wheel) this.track(this.wheel, m.wheel, nowMs, 'wheel');
  }

  private track(t: RateTrack, data: RevolutionData, nowMs: number, kind: 'crank' | 'wheel') {
    if (kind === 'crank') this.hasCrank = true;
    else this.hasWheel = true;
    if (t.last) {
      const rate = revolutionsPerS(t.last, data);
      if (rate !== undefined) {
        t.perS = rate;
        t.atMs = nowMs;
      }
    }
    t.last = data;
  }

  private rate(t: RateTrack, nowMs: number): number {
    if (t.perS === undefined || t.atMs === undefined || nowMs - t.atMs > REVOLUTION_HOLD_MS) return 0;
    return t.perS;
  }

  /** The second that ends at `nowMs`; power readings start again from nothing. */
  takeSecond(nowMs: number): LiveSecond {
    const out: LiveSecond = {};
    if (this.powerCount > 0) out.powerW = Math.round(this.powerSum / this.powerCount);
    this.powerSum = 0;
    this.powerCount = 0;
    if (this.heartRate && nowMs - this.heartRate.atMs <= REVOLUTION_HOLD_MS)
      out.heartRateBpm = this.heartRate.bpm;
    if (this.hasCrank) out.cadenceRpm = Math.round(this.rate(this.crank, nowMs) * 60);
    if (this.hasWheel) out.speedMps = this.rate(this.wheel, nowMs) * this.wheelCircumferenceM;
    const fresh = (atMs: number) => nowMs - atMs <= REVOLUTION_HOLD_MS;
    if (!this.hasCrank && this.trainerCadence)
      out.cadenceRpm = fresh(this.trainerCadence.atMs) ? Math.round(this.trainerCadence.rpm) : 0;
    if (!this.hasWheel && this.trainerSpeed)
      out.speedMps = fresh(this.trainerSpeed.atMs) ? this.trainerSpeed.mps : 0;
    return out;
  }
}
