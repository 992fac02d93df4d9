import { chartFormStatus, fatigueLevel, formState, tssTargets } from '../load/form-states.ts';
import {
  type ProfileCategory,
  type ProfileSex,
  type ProfileTable,
  profileCategoryFloorWPerKg,
  profileTable,
} from '../rider/power-profile.ts';
import {
  changeOf,
  type PanelStatus,
  type PanelTrend,
  statusAtLeast,
  statusAtMost,
  statusFromTrend,
  statusInRange,
} from './panel-status.ts';

/**
 * The performance panel (spec 001 §2.1, issue 13): five tabs of four metrics, each for the last N
 * weeks against the N weeks before, from the stored per-ride results only (nothing decoded). Every
 * definition, range and source is on docs/formulas/performance-panel.md.
 */

/** One stored ride, as the panel reads it (null where the ride's sensors did not give the number). */
export interface PanelRide {
  readonly movingTimeS: number;
  readonly elevationGainM: number | null;
  readonly averagePowerW: number | null;
  readonly normalizedPowerW: number | null;
  readonly intensityFactor: number | null;
  readonly trainingStressScore: number | null;
  readonly variabilityIndex: number | null;
  readonly averageHeartRateBpm: number | null;
  /** Pa:HR decoupling of the whole ride (Friel), %. */
  readonly aerobicDecouplingPct: number | null;
  readonly averageCadenceRpm: number | null;
  readonly leftBalancePct: number | null;
  readonly torqueEffectivenessPct: number | null;
  readonly pedalSmoothnessPct: number | null;
  /** The ride's detected climbs added up; null when the ride was analysed without them. */
  readonly climbing: {
    readonly timeS: number;
    readonly gainM: number;
    readonly workKj: number | null;
  } | null;
}

/** ride: a device recorded it in a ride (the rider never gave Vatio one), as the predictive screen says. */
export type FtpSourceKind = 'set' | 'ride' | 'test' | 'estimated';

/** One window (the current one or the one before) with the rider's state at its end. */
export interface PanelWindow {
  readonly rides: readonly PanelRide[];
  readonly ftp: { readonly powerW: number; readonly source: FtpSourceKind } | null;
  readonly weightKg: number | null;
  /** CTL/ATL/TSB on the window's last day; null when the rider has no TSS at all. */
  readonly load: { readonly ctl: number; readonly atl: number; readonly tsb: number } | null;
  /** Best 5-min and 60-min power of the window's rides (their mean-max curves merged), W. */
  readonly best: { readonly fiveMinW: number | null; readonly sixtyMinW: number | null };
}

export interface PanelInput {
  readonly weeks: number;
  readonly current: PanelWindow;
  readonly previous: PanelWindow;
  /** Picks the power profile's W/kg table for power-to-weight; null (not said): the men's table. */
  readonly sex: ProfileSex | null;
  /** Bike and kit added to the rider's weight for the work of lifting them, kg. */
  readonly bikeKg: number;
}

export type PanelNeed =
  | 'power_meter'
  | 'heart_rate_monitor'
  | 'cadence_sensor'
  | 'pedaling_dynamics'
  | 'altitude'
  | 'weight'
  | 'rides'
  | 'climbs'
  | 'long_steady_ride'
  | 'long_ride';

/** TSS: TSS per week; TSS/d: the PMC's daily-TSS scale (CTL, ATL, TSB); '': a ratio (IF). */
export type PanelUnit = 'W' | 'W/kg' | 'm' | 'm/h' | 's' | '%' | 'TSS' | 'TSS/d' | '';

export interface PanelMetric {
  readonly key: string;
  readonly value: number | null;
  readonly unit: PanelUnit;
  readonly previous_value: number | null;
  readonly change_abs: number | null;
  /** Null against a zero or negative base, and when the previous window had too little (`previous_too_little`). */
  readonly change_pct: number | null;
  /**
   * The previous window had too few rides (under MIN_PREVIOUS_RIDES) or its value was under the
   * metric's floor (MIN_BASE): no percent and no trend, only the absolute change.
   */
  readonly previous_too_little: boolean;
  readonly trend: PanelTrend | null;
  readonly status: PanelStatus | null;
  readonly optimal_range: [number, number] | null;
  readonly needs: PanelNeed | null;
  /** FTP only: where the number comes from. */
  readonly source: FtpSourceKind | null;
}

export type PanelTabKey = 'power' | 'climbing' | 'endurance' | 'efficiency' | 'load';
export type PanelTabs = Record<PanelTabKey, PanelMetric[]>;

export interface PanelInsight {
  readonly key: string;
  readonly params: Record<string, string | number>;
}

export interface PanelSummary {
  readonly counts: Record<PanelStatus | 'unavailable', number>;
  readonly insights: PanelInsight[];
}

export interface Panel {
  readonly tabs: PanelTabs;
  readonly summary: PanelSummary;
  /** The power-profile table power-to-weight was judged on. */
  readonly profileTable: ProfileTable;
}

/** g, m/s² (standard gravity). */
const G = 9.80665;
/** Allen & Coggan: a steady ride has VI ≤ 1.05; up to 1.10 still counts as steady enough for Pa:HR. */
const STEADY_MAX_VI = 1.1;
/** Friel measures Pa:HR decoupling on steady aerobic rides of at least an hour. */
const DRIFT_MIN_DURATION_S = 3600;

type Value = { value: number; needs?: undefined } | { value: null; needs: PanelNeed };
const need = (needs: PanelNeed): Value => ({ value: null, needs });
const has = (value: number): Value => ({ value });

/** Σ x·t / Σ t over the rides that have x: a time-weighted mean, so a 4-h ride counts 4× a 1-h one. */
function timeWeighted(rides: readonly PanelRide[], pick: (r: PanelRide) => number | null): number | null {
  let sum = 0;
  let time = 0;
  for (const r of rides) {
    const x = pick(r);
    if (x === null || !Number.isFinite(x) || !(r.movingTimeS > 0)) continue;
    sum += x * r.movingTimeS;
    time += r.movingTimeS;
  }
  return time > 0 ? sum / time : null;
}

const anyPower = (w: PanelWindow) => w.rides.some((r) => r.averagePowerW !== null);
const anyHeartRate = (w: PanelWindow) => w.rides.some((r) => r.averageHeartRateBpm !== null);
const anyAltitude = (w: PanelWindow) => w.rides.some((r) => r.elevationGainM !== null);

function orNeed(value: number | null, need_: PanelNeed): Value {
  return value === null ? need(need_) : has(value);
}

/** A ride-average metric: rides → value, or the sensor it needs. */
function rideMean(w: PanelWindow, pick: (r: PanelRide) => number | null, sensor: PanelNeed): Value {
  if (w.rides.length === 0) return need('rides');
  return orNeed(timeWeighted(w.rides, pick), sensor);
}

// ——— the twenty metrics: each a function of one window ———

const ftpOf = (w: PanelWindow): Value => (w.ftp ? has(w.ftp.powerW) : need('power_meter'));

function powerToWeight(w: PanelWindow): Value {
  if (!w.ftp) return need('power_meter');
  if (!(w.weightKg && w.weightKg > 0)) return need('weight');
  return has(w.ftp.powerW / w.weightKg);
}

function climbs(w: PanelWindow) {
  let timeS = 0;
  let gainM = 0;
  let workKj = 0;
  let workTimeS = 0;
  let workGainM = 0;
  for (const r of w.rides) {
    if (!r.climbing || !(r.climbing.timeS > 0)) continue;
    timeS += r.climbing.timeS;
    gainM += r.climbing.gainM;
    if (r.climbing.workKj !== null && r.climbing.workKj > 0) {
      workKj += r.climbing.workKj;
      workTimeS += r.climbing.timeS;
      workGainM += r.climbing.gainM;
    }
  }
  return { timeS, gainM, workKj, workTimeS, workGainM };
}

function vam(w: PanelWindow): Value {
  if (w.rides.length === 0) return need('rides');
  if (!anyAltitude(w)) return need('altitude');
  const c = climbs(w);
  return c.timeS > 0 ? has((c.gainM / c.timeS) * 3600) : need('climbs');
}

/**
 * Share of the work done on climbs that went into height: (rider + bike) · g · gain / work · 100.
 * The rest went into rolling resistance, air drag and the drivetrain.
 */
function climbingEfficiency(w: PanelWindow, bikeKg: number): Value {
  if (w.rides.length === 0) return need('rides');
  if (!anyAltitude(w)) return need('altitude');
  if (!anyPower(w)) return need('power_meter');
  if (!(w.weightKg && w.weightKg > 0)) return need('weight');
  const c = climbs(w);
  if (!(c.workKj > 0)) return need('climbs');
  return has((((w.weightKg + bikeKg) * G * c.workGainM) / (c.workKj * 1000)) * 100);
}

function elevation(w: PanelWindow): Value {
  if (w.rides.length === 0) return need('rides');
  if (!anyAltitude(w)) return need('altitude');
  return has(w.rides.reduce((s, r) => s + (r.elevationGainM ?? 0), 0));
}

function averageDuration(w: PanelWindow): Value {
  if (w.rides.length === 0) return need('rides');
  return has(w.rides.reduce((s, r) => s + r.movingTimeS, 0) / w.rides.length);
}

/** 100 / VI (time-weighted): 100 % is perfectly even power. */
function powerConsistency(w: PanelWindow): Value {
  const vi = rideMean(w, (r) => r.variabilityIndex, 'power_meter');
  return vi.value === null || !(vi.value > 0) ? vi : has(100 / vi.value);
}

function cardiacDrift(w: PanelWindow): Value {
  if (w.rides.length === 0) return need('rides');
  if (!anyHeartRate(w)) return need('heart_rate_monitor');
  if (!anyPower(w)) return need('power_meter');
  const steady = w.rides.filter(
    (r) =>
      r.movingTimeS >= DRIFT_MIN_DURATION_S &&
      r.variabilityIndex !== null &&
      r.variabilityIndex <= STEADY_MAX_VI,
  );
  return orNeed(
    timeWeighted(steady, (r) => r.aerobicDecouplingPct),
    'long_steady_ride',
  );
}

/** Best 60-min power as a share of best 5-min power. */
function enduranceFactor(w: PanelWindow): Value {
  if (w.rides.length === 0) return need('rides');
  if (!anyPower(w) || w.best.fiveMinW === null || !(w.best.fiveMinW > 0)) return need('power_meter');
  if (w.best.sixtyMinW === null) return need('long_ride');
  return has((w.best.sixtyMinW / w.best.fiveMinW) * 100);
}

/**
 * 100 − the coefficient of variation of the rides' average cadences (time-weighted): 100 % when
 * every ride is ridden at the same cadence.
 */
function cadenceConsistency(w: PanelWindow): Value {
  if (w.rides.length === 0) return need('rides');
  const mean = timeWeighted(w.rides, (r) => r.averageCadenceRpm);
  if (mean === null || !(mean > 0)) return need('cadence_sensor');
  const variance = timeWeighted(w.rides, (r) =>
    r.averageCadenceRpm === null ? null : (r.averageCadenceRpm - mean) ** 2,
  );
  return has(100 - (Math.sqrt(variance ?? 0) / mean) * 100);
}

function weeklyTss(w: PanelWindow, weeks: number): Value {
  if (w.rides.length === 0) return need('rides');
  const rides = w.rides.filter((r) => r.trainingStressScore !== null);
  if (rides.length === 0) return need('power_meter');
  return has(rides.reduce((s, r) => s + (r.trainingStressScore ?? 0), 0) / weeks);
}

const loadOf = (w: PanelWindow, key: 'ctl' | 'atl' | 'tsb'): Value =>
  w.load ? has(w.load[key]) : need('power_meter');

// ——— statuses ———

interface Definition {
  key: string;
  unit: PanelUnit;
  /** Decimals the answer keeps. */
  decimals: number;
  of: (w: PanelWindow) => Value;
  /** Status and optimal range of the current value; default: from the trend. */
  judge?: (
    value: number,
    current: PanelWindow,
  ) => { status: PanelStatus; range: readonly [number, number] | null };
  higherIsBetter: boolean;
  /**
   * True for the rider's state at the window's end (FTP, W/kg, CTL/ATL/TSB), whatever was ridden;
   * otherwise the number comes from the window's rides and needs MIN_PREVIOUS_RIDES before a percent.
   */
  state?: true;
}

/**
 * A percent change against a near-empty previous window reads oddly (issue 13: +2137 % elevation on
 * a short plan). Under this many rides in the previous window a ride-based metric gets no percent.
 */
export const MIN_PREVIOUS_RIDES = 2;
/**
 * Per-metric floors of the previous value under which a percent says nothing, in the metric's unit.
 * Product choices, documented on docs/formulas/performance-panel.md: about one short ride's worth.
 */
export const MIN_BASE: Readonly<Record<string, number>> = {
  elevation_gain: 100, // m in the whole window: one rolling hour
  average_duration: 600, // s: a ride of 10 min
  weekly_tss: 20, // TSS a week: one easy 30-min ride
  ctl: 5, // TSS/d: a few weeks of very little riding
  atl: 5,
};

/** Allen & Coggan's IF of endurance-paced training rides, 0.75–0.85 (Training and Racing with a Power Meter). */
export const ENDURANCE_IF_RANGE: readonly [number, number] = [0.75, 0.85];
/** VI ≤ 1.05 steady, ≤ 1.10 still even (Allen & Coggan), as 100 / VI. */
export const POWER_CONSISTENCY_BOUNDS = { excellent: 100 / 1.05, good: 100 / 1.1 };
/** Friel: Pa:HR decoupling under 5 % on a steady hour-plus ride means the aerobic base is there. */
export const DRIFT_BOUNDS = { excellent: 5, good: 10 };
/**
 * Allen & Coggan's level 5 (VO2max, 3–8 min efforts) is 106–120 % of FTP, so the best hour
 * (≈ FTP) is 83–94 % of the best 5 minutes for a rider whose 5-min power sits in that level.
 */
export const ENDURANCE_FACTOR_RANGE: readonly [number, number] = [100 / 1.2, 100 / 1.06];
/** Left share of 48–52 %: asymmetries of a few percent are normal (Carpes, Mota & Faria 2010). */
export const LR_BALANCE_RANGE: readonly [number, number] = [48, 52];

function definitions(input: PanelInput): Record<PanelTabKey, Definition[]> {
  const { weeks, bikeKg } = input;
  const { table } = profileTable(input.sex);
  return {
    power: [
      { key: 'ftp', unit: 'W', decimals: 0, of: ftpOf, higherIsBetter: true, state: true },
      {
        key: 'average_power',
        unit: 'W',
        decimals: 0,
        of: (w) => rideMean(w, (r) => r.averagePowerW, 'power_meter'),
        higherIsBetter: true,
      },
      {
        key: 'normalized_power',
        unit: 'W',
        decimals: 0,
        of: (w) => rideMean(w, (r) => r.normalizedPowerW, 'power_meter'),
        higherIsBetter: true,
      },
      {
        key: 'intensity_factor',
        unit: '',
        decimals: 2,
        of: (w) => rideMean(w, (r) => r.intensityFactor, 'power_meter'),
        judge: (v) => ({ status: statusInRange(v, ENDURANCE_IF_RANGE, 0.05), range: ENDURANCE_IF_RANGE }),
        higherIsBetter: true,
      },
    ],
    climbing: [
      { key: 'vam', unit: 'm/h', decimals: 0, of: vam, higherIsBetter: true },
      {
        key: 'power_to_weight',
        unit: 'W/kg',
        decimals: 2,
        of: powerToWeight,
        state: true,
        // Allen & Coggan's power profile, FTP column of the rider's table (the men's when not said):
        // "good" and up is excellent, "moderate" good.
        judge: (v) => {
          const floor = (c: ProfileCategory) => profileCategoryFloorWPerKg(table, 'threshold', c);
          return {
            status: statusAtLeast(v, { excellent: floor('good'), good: floor('moderate') }),
            range: [floor('good'), floor('world-class')],
          };
        },
        higherIsBetter: true,
      },
      { key: 'elevation_gain', unit: 'm', decimals: 0, of: elevation, higherIsBetter: true },
      {
        key: 'climbing_efficiency',
        unit: '%',
        decimals: 1,
        of: (w) => climbingEfficiency(w, bikeKg),
        higherIsBetter: true,
      },
    ],
    endurance: [
      { key: 'average_duration', unit: 's', decimals: 0, of: averageDuration, higherIsBetter: true },
      {
        key: 'power_consistency',
        unit: '%',
        decimals: 1,
        of: powerConsistency,
        judge: (v) => ({
          status: statusAtLeast(v, POWER_CONSISTENCY_BOUNDS),
          range: [POWER_CONSISTENCY_BOUNDS.excellent, 100],
        }),
        higherIsBetter: true,
      },
      {
        key: 'cardiac_drift',
        unit: '%',
        decimals: 1,
        of: cardiacDrift,
        judge: (v) => ({ status: statusAtMost(v, DRIFT_BOUNDS), range: [0, DRIFT_BOUNDS.excellent] }),
        higherIsBetter: false,
      },
      {
        key: 'endurance_factor',
        unit: '%',
        decimals: 1,
        of: enduranceFactor,
        judge: (v) => ({
          status: statusInRange(v, ENDURANCE_FACTOR_RANGE, 5),
          range: ENDURANCE_FACTOR_RANGE,
        }),
        higherIsBetter: true,
      },
    ],
    efficiency: [
      {
        key: 'pedaling_efficiency',
        unit: '%',
        decimals: 1,
        of: (w) => rideMean(w, (r) => r.torqueEffectivenessPct, 'pedaling_dynamics'),
        higherIsBetter: true,
      },
      {
        key: 'lr_balance',
        unit: '%',
        decimals: 1,
        of: (w) => rideMean(w, (r) => r.leftBalancePct, 'pedaling_dynamics'),
        judge: (v) => ({ status: statusInRange(v, LR_BALANCE_RANGE, 2), range: LR_BALANCE_RANGE }),
        higherIsBetter: true,
      },
      {
        key: 'pedal_smoothness',
        unit: '%',
        decimals: 1,
        of: (w) => rideMean(w, (r) => r.pedalSmoothnessPct, 'pedaling_dynamics'),
        higherIsBetter: true,
      },
      { key: 'cadence_consistency', unit: '%', decimals: 1, of: cadenceConsistency, higherIsBetter: true },
    ],
    load: [
      {
        key: 'weekly_tss',
        unit: 'TSS',
        decimals: 0,
        of: (w) => weeklyTss(w, weeks),
        // The spec's weekly TSS targets for the current form (spec 001 §9, form-states.ts tssTargets).
        judge: (v, w) => {
          const range = tssTargets(w.load?.tsb ?? 0).weeklyTss;
          return { status: statusInRange(v, range, range[0] * 0.15), range };
        },
        higherIsBetter: true,
      },
      {
        key: 'ctl',
        unit: 'TSS/d',
        decimals: 1,
        of: (w) => loadOf(w, 'ctl'),
        higherIsBetter: true,
        state: true,
      },
      {
        key: 'atl',
        unit: 'TSS/d',
        decimals: 1,
        of: (w) => loadOf(w, 'atl'),
        state: true,
        // Spec 001 §4 fatigue levels: building is training, fresh is fine, high and extreme are not.
        judge: (v) => ({ status: FATIGUE_STATUS[fatigueLevel(v)], range: [30, 60] }),
        higherIsBetter: false,
      },
      {
        key: 'tsb',
        unit: 'TSS/d',
        decimals: 1,
        of: (w) => loadOf(w, 'tsb'),
        state: true,
        // The form states' bands (formState): > 20 excellent, > 5 good, > −10 warning, else critical.
        judge: (v) => ({ status: chartFormStatus(v), range: [15, 25] }),
        higherIsBetter: true,
      },
    ],
  };
}

const FATIGUE_STATUS = {
  fresh: 'good',
  building: 'excellent',
  high: 'warning',
  extreme: 'critical',
} as const;

const roundTo = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

function metricOf(def: Definition, input: PanelInput): PanelMetric {
  const now = def.of(input.current);
  const before = def.of(input.previous);
  const value = now.value === null ? null : roundTo(now.value, def.decimals);
  const previous = before.value === null ? null : roundTo(before.value, def.decimals);
  const tooLittle =
    now.value !== null &&
    before.value !== null &&
    ((!def.state && input.previous.rides.length < MIN_PREVIOUS_RIDES) ||
      Math.abs(before.value) < (MIN_BASE[def.key] ?? 0));
  const full = changeOf(now.value, before.value);
  // Too little before: the absolute change stays (a plain difference), the percent and trend go.
  const change = tooLittle ? { changeAbs: full.changeAbs, changePct: null, trend: null } : full;
  let status: PanelStatus | null = null;
  let range: [number, number] | null = null;
  if (now.value !== null) {
    const judged = def.judge?.(now.value, input.current);
    status = judged?.status ?? statusFromTrend(change.trend, def.higherIsBetter);
    range = judged?.range ? [roundTo(judged.range[0], 2), roundTo(judged.range[1], 2)] : null;
  }
  return {
    key: def.key,
    value,
    unit: def.unit,
    previous_value: previous,
    change_abs: change.changeAbs === null ? null : roundTo(change.changeAbs, def.decimals),
    change_pct: change.changePct === null ? null : roundTo(change.changePct, 1),
    previous_too_little: tooLittle,
    trend: change.trend,
    status,
    optimal_range: range,
    needs: now.value === null ? now.needs : null,
    source: def.key === 'ftp' ? (input.current.ftp?.source ?? null) : null,
  };
}

/** The five tabs of the panel and its summary. */
export function performancePanel(input: PanelInput): Panel {
  const defs = definitions(input);
  const tabs = Object.fromEntries(
    (Object.keys(defs) as PanelTabKey[]).map((tab) => [tab, defs[tab].map((d) => metricOf(d, input))]),
  ) as PanelTabs;
  return { tabs, summary: panelSummary(tabs, input, defs), profileTable: profileTable(input.sex) };
}

/** Most insights the summary lists. */
const MAX_INSIGHTS = 6;

/**
 * Counts by status, and insights as message keys with their numbers, from the metrics themselves:
 * the form of the day, the biggest gain and the biggest loss, the metrics out of range, and the
 * sensors that would fill the empty cards.
 */
export function panelSummary(
  tabs: PanelTabs,
  input: PanelInput,
  defs: Record<PanelTabKey, Definition[]> = definitions(input),
): PanelSummary {
  const metrics = Object.values(tabs).flat();
  const counts = { excellent: 0, good: 0, warning: 0, critical: 0, unavailable: 0 };
  for (const m of metrics) counts[m.status ?? 'unavailable']++;

  const insights: PanelInsight[] = [];
  const load = input.current.load;
  if (load) insights.push({ key: 'form', params: { state: formState(load.tsb), tsb: roundTo(load.tsb, 1) } });

  const better = new Map(
    Object.values(defs)
      .flat()
      .map((d) => [d.key, d.higherIsBetter]),
  );
  // Gains and losses in the good direction of each metric; the load numbers are judged by the form.
  const moved = metrics
    .filter((m) => m.change_pct !== null && m.trend !== 'stable' && !['ctl', 'atl', 'tsb'].includes(m.key))
    .map((m) => ({ m, gain: (better.get(m.key) ? 1 : -1) * (m.change_pct ?? 0) }));
  const best = moved.reduce<(typeof moved)[number] | undefined>(
    (a, b) => (!a || b.gain > a.gain ? b : a),
    undefined,
  );
  const worst = moved.reduce<(typeof moved)[number] | undefined>(
    (a, b) => (!a || b.gain < a.gain ? b : a),
    undefined,
  );
  if (best && best.gain > 0)
    insights.push({ key: 'improved', params: { metric: best.m.key, change_pct: best.m.change_pct ?? 0 } });
  if (worst && worst.gain < 0)
    insights.push({ key: 'declined', params: { metric: worst.m.key, change_pct: worst.m.change_pct ?? 0 } });

  for (const m of metrics) {
    if (m.status === 'warning' || m.status === 'critical') {
      const params: Record<string, string | number> = { metric: m.key, value: m.value ?? 0 };
      if (m.optimal_range) {
        params.low = m.optimal_range[0];
        params.high = m.optimal_range[1];
      }
      insights.push({ key: m.optimal_range ? 'out_of_range' : 'falling', params });
    }
  }

  const sensors = new Map<PanelNeed, number>();
  for (const m of metrics)
    if (m.needs && SENSORS.has(m.needs)) sensors.set(m.needs, (sensors.get(m.needs) ?? 0) + 1);
  for (const [sensor, count] of sensors)
    insights.push({ key: 'missing_sensor', params: { sensor, metrics: count } });
  if (input.current.rides.length === 0) insights.unshift({ key: 'no_rides', params: { weeks: input.weeks } });

  return { counts, insights: insights.slice(0, MAX_INSIGHTS) };
}

const SENSORS = new Set<PanelNeed>([
  'power_meter',
  'heart_rate_monitor',
  'cadence_sensor',
  'pedaling_dynamics',
  'altitude',
]);
