// Words and units of the comparative screen's numbers, in the rider's language and units.
import type {
  CompareFigure,
  ComparativeMetric,
  EvolutionMetric,
  EvolutionPoint,
} from '../../api/comparative';
import type { FormulaId } from '../../lib/formula-links';
import type { Formatter } from '../../lib/format';

type Maybe = number | null | undefined;

export function formatRideMetric(f: Formatter, metric: ComparativeMetric, value: Maybe): string {
  switch (metric) {
    case 'np':
    case 'avg_power':
      return f.watts(value);
    case 'tss':
      return f.number(value, 0);
    case 'if':
    case 'ef':
      return f.number(value, 2);
    case 'speed':
      return f.speed(value);
  }
}

/** The formulas section of each ride metric. */
export const METRIC_FORMULA: Record<ComparativeMetric, FormulaId> = {
  np: 'np',
  avg_power: 'averagePower',
  tss: 'tss',
  if: 'intensityFactor',
  ef: 'efficiencyFactor',
  speed: 'rideComparison',
};

export function formatFigure(f: Formatter, key: CompareFigure, value: Maybe): string {
  switch (key) {
    case 'distance_m':
      return f.distance(value);
    case 'moving_time_s':
      return f.clock(value);
    case 'average_speed_mps':
      return f.speed(value);
    case 'average_power_w':
    case 'normalized_power_w':
    case 'max_power_w':
      return f.watts(value);
    case 'intensity_factor':
    case 'efficiency_factor':
    case 'watts_per_kg':
      return f.number(value, 2);
    case 'training_stress_score':
      return f.number(value, 0);
    case 'work_kj':
      return f.kilojoules(value);
    case 'average_heartrate_bpm':
      return f.bpm(value);
    case 'average_cadence_rpm':
      return f.rpm(value);
    case 'elevation_gain_m':
      return f.elevation(value);
  }
}

/** A difference with its sign ("+12 W", "−0:04:10"), in the figure's own unit. */
export function formatDifference(f: Formatter, key: CompareFigure, value: Maybe): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  return `${sign}${formatFigure(f, key, Math.abs(value))}`;
}

/** The formulas section of each compared figure. */
export const FIGURE_FORMULA: Record<CompareFigure, FormulaId> = {
  distance_m: 'rideComparison',
  moving_time_s: 'rideComparison',
  average_speed_mps: 'rideComparison',
  average_power_w: 'averagePower',
  normalized_power_w: 'np',
  max_power_w: 'averagePower',
  intensity_factor: 'intensityFactor',
  training_stress_score: 'tss',
  work_kj: 'averagePower',
  average_heartrate_bpm: 'efficiencyFactor',
  efficiency_factor: 'efficiencyFactor',
  average_cadence_rpm: 'rideComparison',
  elevation_gain_m: 'rideComparison',
  watts_per_kg: 'averagePower',
};

export function formatEvolution(f: Formatter, metric: EvolutionMetric, value: Maybe): string {
  switch (metric) {
    case 'ftp':
      return f.watts(value);
    case 'vo2max':
      return `${f.number(value, 1)} ml/kg/min`;
    case 'cda':
      return `${f.number(value, 3)} m²`;
    case 'weight':
      return f.weight(value);
  }
}

export function formatEvolutionChange(f: Formatter, metric: EvolutionMetric, value: Maybe): string {
  if (value === null || value === undefined) return '—';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  return `${sign}${formatEvolution(f, metric, Math.abs(value))}`;
}

/** Where a point's source opens: its ride page, or the athlete settings. */
export function sourceHref(point: EvolutionPoint): string {
  return point.source.kind === 'setting' ? '/settings#athlete' : `/activities/${point.source.id}`;
}
