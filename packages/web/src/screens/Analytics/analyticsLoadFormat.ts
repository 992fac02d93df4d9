// Pure mapping for the training-load card and the predictive screen: chart series, what a rider
// lacks, signs and the formulas each number links to. No React here, so it is unit-tested alone.
import type { FORM_STATES, PredictiveResponse, TrainingLoadResponse } from '@vatio/schemas';

export { FORMULAS_BASE, type FormulaId, formulaHref } from '../../lib/formula-links';

/** A number with its sign always shown (+12, −3): deltas and TSB read as changes. */
export function formatSigned(value: number, language: string, fractionDigits = 0): string {
  const text = new Intl.NumberFormat(language, {
    maximumFractionDigits: fractionDigits,
    minimumFractionDigits: fractionDigits,
    signDisplay: 'exceptZero',
  }).format(value);
  // A true minus sign, as everywhere else in the app's numbers.
  return text.replace('-', '−');
}

export type Tone = 'green' | 'blue' | 'slate' | 'amber' | 'red';

/** Form badge colours (spec 001 §4: excellent green, good blue, … overreached red). */
export type FormState = (typeof FORM_STATES)[number];

export function formTone(form: FormState): Tone {
  return (
    { excellent: 'green', good: 'blue', neutral: 'slate', tired: 'amber', overreached: 'red' } as const
  )[form];
}

export function levelTone(level: 'low' | 'moderate' | 'high'): Tone {
  return ({ low: 'green', moderate: 'amber', high: 'red' } as const)[level];
}

export function confidenceTone(level: 'high' | 'medium' | 'low'): Tone {
  return ({ high: 'green', medium: 'amber', low: 'red' } as const)[level];
}

/**
 * The chart's aligned columns: the history's days then the 14 projected days. The projected lines
 * start on the last real day so they continue the history instead of floating after a gap.
 */
export interface LoadChartColumns {
  dates: string[];
  tss: (number | null)[];
  ctl: (number | null)[];
  atl: (number | null)[];
  tsb: (number | null)[];
  ctlPlan: (number | null)[];
  atlPlan: (number | null)[];
  tsbPlan: (number | null)[];
  tssPlan: (number | null)[];
}

export function loadChartColumns(
  days: TrainingLoadResponse['days'],
  projection: TrainingLoadResponse['projection'],
): LoadChartColumns {
  const n = days.length;
  const total = n + projection.length;
  const blank = () => new Array<number | null>(total).fill(null);
  const out: LoadChartColumns = {
    dates: [...days.map((d) => d.date), ...projection.map((d) => d.date)],
    tss: blank(),
    ctl: blank(),
    atl: blank(),
    tsb: blank(),
    ctlPlan: blank(),
    atlPlan: blank(),
    tsbPlan: blank(),
    tssPlan: blank(),
  };
  days.forEach((d, i) => {
    out.tss[i] = d.tss;
    out.ctl[i] = d.ctl;
    out.atl[i] = d.atl;
    out.tsb[i] = d.tsb;
  });
  if (projection.length > 0 && n > 0) {
    const last = days[n - 1]!;
    out.ctlPlan[n - 1] = last.ctl;
    out.atlPlan[n - 1] = last.atl;
    out.tsbPlan[n - 1] = last.tsb;
  }
  projection.forEach((d, i) => {
    out.ctlPlan[n + i] = d.ctl;
    out.atlPlan[n + i] = d.atl;
    out.tsbPlan[n + i] = d.tsb;
    out.tssPlan[n + i] = d.tss;
  });
  return out;
}

/** One sentence saying what a rider lacks for a part of the predictive screen, and how to get it. */
export interface NeedLine {
  key: PredictiveResponse['needs'][number];
  values: Record<string, number>;
}

/**
 * Why the power profile or the event predictions are missing, by what the answer says is missing:
 * the weight, the rides with power (of the last 90 days), or both. Saying "needs your weight" to a
 * rider whose weight is set sends them to the wrong place.
 */
export function missingInputsKey(needs: PredictiveResponse['needs']): 'none' | 'noneWeight' | 'noneRides' {
  const weight = needs.includes('weight');
  const rides = needs.includes('power') || needs.includes('rides');
  if (weight && !rides) return 'noneWeight';
  if (!weight) return 'noneRides';
  return 'none';
}

export function needLines(
  needs: PredictiveResponse['needs'],
  counts: PredictiveResponse['counts'],
): NeedLine[] {
  return needs.map((need): NeedLine => {
    if (need === 'rides')
      return { key: need, values: { required: counts.required_rides, have: counts.rides } };
    if (need === 'hard_efforts')
      return { key: need, values: { required: counts.required_hard_efforts, have: counts.hard_efforts } };
    return { key: need, values: {} };
  });
}

/** The energy-by-zone bars: each zone's kJ and its share of the period's work (0–100). */
export function energyShares(
  energyKj: Record<string, number>,
  order: readonly string[],
): { zone: string; kj: number; pct: number }[] {
  const total = order.reduce((sum, zone) => sum + (energyKj[zone] ?? 0), 0);
  return order.map((zone) => {
    const kj = energyKj[zone] ?? 0;
    return { zone, kj, pct: total > 0 ? (kj / total) * 100 : 0 };
  });
}

/** A server message key (`load.recovery.sleep.tired`) as a key of the `predictive` namespace. */
export function serverKey(key: string): string {
  return `server.${key}`;
}
