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
  rideFtpEstimates: ['critical-power', 'ftp-estimates-from-one-ride'],
  ftpBest20Min: ['critical-power', '95--of-the-best-20-minutes'],
  ftpCp2p: ['critical-power', 'monodscherrer-two-parameter-model-cp-w'],
  ftpCp3p: ['critical-power', 'morton-three-parameter-model-cp-w-pmax'],
  ftpSpecRule: ['critical-power', 'the-specs-prototype-rule'],
  ftpConfidence: ['critical-power', 'confidence-of-each-estimate'],
  ftpUsed: ['critical-power', 'estimated-ftp-for-load'],
  cpPlausibility: ['critical-power', 'plausibility'],
  wPrimeBalanceParameters: ['w-prime-balance', 'which-cp-and-w-the-ride-page-draws-it-with'],
  // /analytics/advanced (docs/formulas/advanced-metrics.md)
  advOverall: ['advanced-metrics', 'overall-score'],
  advReadiness: ['advanced-metrics', 'readiness'],
  advDurability: ['advanced-metrics', 'fatigue-resistance-durability'],
  advImprovement: ['advanced-metrics', 'improvement'],
  advVo2max: ['advanced-metrics', 'vo2max-from-power'],
  advThresholds: ['advanced-metrics', 'vt1-and-vt2'],
  advPedaling: ['advanced-metrics', 'pedalling-dynamics'],
  pedalPhase: ['pedaling', 'platform-centre-offset-and-power-phase'],
  advCadence: ['advanced-metrics', 'cadence-distribution-and-cadence-against-power'],
  advCda: ['advanced-metrics', 'cda-by-ride-and-bike'],
  advSprints: ['advanced-metrics', 'sprints-acceleration-and-torque'],
  advRepeatability: ['advanced-metrics', 'repeatability-of-hard-efforts'],
  advEfficiency: ['advanced-metrics', 'mechanical-efficiency'],
  advPeriodLoad: ['advanced-metrics', 'np-if-and-tss-of-a-period'],
  advGradient: ['advanced-metrics', 'power-curve-by-gradient'],
  advSummary: ['advanced-metrics', 'professional-summary'],
  comparativeSummary: ['comparative-analysis', 'period-summary'],
  bestVsLatest: ['comparative-analysis', 'best-vs-latest'],
  rideComparison: ['comparative-analysis', 'ride-comparison'],
  temporalPatterns: ['comparative-analysis', 'temporal-patterns'],
  byRideType: ['comparative-analysis', 'by-ride-type'],
  evolution: ['comparative-analysis', 'evolution'],
  np: ['normalized-power', 'normalized-power-np'],
  averagePower: ['normalized-power', 'average-power-maximum-power-work'],
  intensityFactor: ['training-stress', ''],
  efficiencyFactor: ['heart-rate', 'efficiency-factor-and-watts-per-heartbeat'],
  powerCurve: ['mean-max-curve', ''],
  aeroLab: ['aero-virtual-elevation', 'aero-lab'],
  virtualElevation: ['aero-virtual-elevation', 'virtual-elevation-chung'],
  airDensity: ['aero-virtual-elevation', 'air-density'],
  segmentBest: ['segments', 'best-trend-and-consistency'],
  segmentPacing: ['segments', 'pacing'],
  segmentRecommended: ['segments', 'recommended-power-per-third'],
  segmentEfficiency: ['segments', 'pacing-efficiency'],
  // /bikes (docs/formulas/bikes.md)
  bikeStats: ['bikes', 'bike-stats'],
  bikeCda: ['bikes', 'cda-of-a-bike'],
  bikeEfficiency: ['bikes', 'efficiency-score'],
  componentWear: ['bikes', 'component-wear'],
  componentIntervals: ['bikes', 'default-service-intervals'],
} as const satisfies Record<string, readonly [string, string]>;

export type FormulaId = keyof typeof FORMULAS;

export function formulaHref(id: FormulaId): string {
  const [page, anchor] = FORMULAS[id];
  return `${FORMULAS_BASE}${page}${anchor ? `#${anchor}` : ''}`;
}
