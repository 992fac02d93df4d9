import { type FormState, formState } from '../load/form-states.ts';

/**
 * The advanced page's summary scores (0–100). Product rules, documented in
 * docs/formulas/advanced-metrics.md; each says which published figure it rests on.
 */
const clamp = (v: number, lo = 0, hi = 100) => Math.min(hi, Math.max(lo, v));

/**
 * Acute:chronic workload ratio, 7-day over 28-day mean daily TSS (Gabbett 2016, Br J Sports Med
 * 50:273: 0.8–1.3 the "sweet spot", above 1.5 a spike).
 */
export function acuteChronicRatio(dailyTss: readonly number[]): number | undefined {
  if (dailyTss.length < 28) return undefined;
  const last = dailyTss.slice(-28);
  const chronic = last.reduce((a, b) => a + b, 0) / 28;
  const acute = last.slice(-7).reduce((a, b) => a + b, 0) / 7;
  return chronic > 0 ? acute / chronic : undefined;
}

/**
 * Readiness: 70 + 2 · TSB (a rider at TSB −35 reads 0, at +15 reads 100), less 15 when the
 * acute:chronic ratio is above 1.3 and 30 when above 1.5.
 */
export function readinessScore(input: { tsb: number; acwr: number | undefined }): {
  score: number;
  state: FormState;
} {
  let score = 70 + 2 * input.tsb;
  if (input.acwr !== undefined && input.acwr > 1.5) score -= 30;
  else if (input.acwr !== undefined && input.acwr > 1.3) score -= 15;
  return { score: Math.round(clamp(score)), state: formState(input.tsb) };
}

/**
 * Fatigue resistance: 100 at no loss, 0 at a 30 % loss of the fresh 5-min power, linear between;
 * undefined above 100 % (see `fatigueResistanceGap`).
 */
export function fatigueResistanceScore(retainedPct: number): number | undefined {
  if (fatigueResistanceGap(retainedPct) !== undefined) return undefined;
  return Math.round(clamp(((retainedPct - 70) / 30) * 100));
}

/**
 * Why there is no fatigue-resistance score: more than 100 % retained means the best 5 minutes after
 * the work beat the best 5 minutes before it, so the "fresh" reference was not a maximal effort
 * (durability is the loss from a maximal fresh effort, Maunder et al. 2021). Scoring that 100 would
 * call an unmeasured loss "none"; the page says what happened instead.
 */
export function fatigueResistanceGap(retainedPct: number): 'fresh_not_maximal' | undefined {
  return retainedPct > 100 ? 'fresh_not_maximal' : undefined;
}

/** Improvement: 50 when CP is unchanged, ±10 per 1 % change. */
export function improvementScore(changePct: number): number {
  return Math.round(clamp(50 + 10 * changePct));
}

/** Aerobic capacity from VO2max in the spec's bands (spec 001 §3; the bins of spec 000 §9). */
export type AerobicCapacity = 'excellent' | 'good' | 'average' | 'below_average' | 'poor';
export function aerobicCapacity(vo2maxMlKgMin: number): AerobicCapacity {
  if (vo2maxMlKgMin >= 55) return 'excellent';
  if (vo2maxMlKgMin >= 50) return 'good';
  if (vo2maxMlKgMin >= 45) return 'average';
  if (vo2maxMlKgMin >= 40) return 'below_average';
  return 'poor';
}

/** VO2max onto 0–100: 30 ml/kg/min → 0, 80 → 100 (the range of recreational to elite cyclists). */
export function vo2maxScore(vo2maxMlKgMin: number): number {
  return Math.round(clamp(((vo2maxMlKgMin - 30) / 50) * 100));
}

export type ScoreComponent = 'readiness' | 'fatigue_resistance' | 'improvement' | 'vo2max';

/** Overall: the mean of the components the data give, equal weights; needs two of them. */
export function overallScore(
  components: ReadonlyArray<{ key: ScoreComponent; score: number }>,
): { score: number; weight: number } | undefined {
  if (components.length < 2) return undefined;
  const score = components.reduce((a, c) => a + c.score, 0) / components.length;
  return { score: Math.round(score), weight: 1 / components.length };
}
