// The formulas page section that defines each number of the analysis screens (shared by those
// screens and the formulas page's own test, which checks every link lands on a real heading).

/**
 * Where the formulas pages are served: the app renders docs/formulas/<page>.md (one per metric family,
 * each with its formula, source and a worked number) at /formulas/<page> (screens/Formulas); one
 * constant so the address changes in one place.
 */
export const FORMULAS_BASE = '/formulas/';

/** Each number on these screens and the section of the formulas page that defines it. */
const FORMULAS = {
  ctl: ['performance-management', 'fitness-fatigue-and-form'],
  atl: ['performance-management', 'fitness-fatigue-and-form'],
  tsb: ['performance-management', 'fitness-fatigue-and-form'],
  form: ['performance-management', 'the-specs-product-rules'],
  tss: ['training-stress', ''],
  plan: ['predictive-analysis', 'next-7-days-and-the-14-day-projection-load_plan'],
  predictedFtp: ['predictive-analysis', 'predicted-ftp-ftp_trend_prediction'],
  confidence: ['predictive-analysis', 'confidence-prediction_confidence'],
  plateau: ['predictive-analysis', 'plateau-risk-plateau_risk'],
  daysToTest: ['predictive-analysis', 'days-to-test-days_to_test'],
  powerProfile: ['rider-profile', 'power-profile'],
  riderType: ['rider-profile', 'rider-type'],
  tactical: ['predictive-analysis', 'tactical-analysis'],
  events: ['predictive-analysis', 'event-predictions-event_prediction'],
  summary: ['predictive-analysis', 'summary'],
  panelMetric: ['performance-panel', 'the-twenty-metrics'],
  segmentBest: ['segments', 'best-trend-and-consistency'],
  segmentPacing: ['segments', 'pacing'],
  segmentRecommended: ['segments', 'recommended-power-per-third'],
  segmentEfficiency: ['segments', 'pacing-efficiency'],
} as const satisfies Record<string, readonly [string, string]>;

export type FormulaId = keyof typeof FORMULAS;

export function formulaHref(id: FormulaId): string {
  const [page, anchor] = FORMULAS[id];
  return `${FORMULAS_BASE}${page}${anchor ? `#${anchor}` : ''}`;
}
