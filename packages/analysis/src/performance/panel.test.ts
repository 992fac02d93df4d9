import { describe, expect, it } from 'vitest';
import {
  type PanelInput,
  type PanelMetric,
  type PanelRide,
  type PanelWindow,
  performancePanel,
} from './panel.ts';
import { changeOf, statusFromTrend } from './panel-status.ts';

const ride = (over: Partial<PanelRide> = {}): PanelRide => ({
  movingTimeS: 3600,
  elevationGainM: null,
  averagePowerW: null,
  normalizedPowerW: null,
  intensityFactor: null,
  trainingStressScore: null,
  variabilityIndex: null,
  averageHeartRateBpm: null,
  aerobicDecouplingPct: null,
  averageCadenceRpm: null,
  leftBalancePct: null,
  torqueEffectivenessPct: null,
  pedalSmoothnessPct: null,
  climbing: null,
  ...over,
});

const empty: PanelWindow = {
  rides: [],
  ftp: null,
  weightKg: null,
  load: null,
  best: { fiveMinW: null, sixtyMinW: null },
};

const input = (current: Partial<PanelWindow>, previous: Partial<PanelWindow> = {}): PanelInput => ({
  weeks: 4,
  current: { ...empty, ...current },
  previous: { ...empty, ...previous },
  sex: 'male',
  bikeKg: 9,
});

const metric = (panel: ReturnType<typeof performancePanel>, key: string): PanelMetric => {
  const m = Object.values(panel.tabs)
    .flat()
    .find((x) => x.key === key);
  if (!m) throw new Error(key);
  return m;
};

describe('change and trend', () => {
  it('is stable under 2 % (spec 001 §4) and follows the sign otherwise', () => {
    expect(changeOf(101, 100)).toEqual({ changeAbs: 1, changePct: 1, trend: 'stable' });
    expect(changeOf(110, 100)).toEqual({ changeAbs: 10, changePct: 10, trend: 'up' });
    expect(changeOf(90, 100).trend).toBe('down');
    // TSB: a negative base has no percent; the trend follows the absolute change.
    expect(changeOf(-5, -10)).toEqual({ changeAbs: 5, changePct: null, trend: 'up' });
    expect(changeOf(5, null)).toEqual({ changeAbs: null, changePct: null, trend: null });
    expect(statusFromTrend('down', false)).toBe('excellent');
    expect(statusFromTrend('down', true)).toBe('warning');
  });
});

describe('performancePanel', () => {
  // Two rides now: 1 h at 200 W avg / 220 NP / IF 0.80 / VI 1.10, and 3 h at 180 W / 189 NP / IF 0.70 / VI 1.05.
  const now = [
    ride({
      movingTimeS: 3600,
      averagePowerW: 200,
      normalizedPowerW: 220,
      intensityFactor: 0.8,
      trainingStressScore: 64,
      variabilityIndex: 1.1,
      averageHeartRateBpm: 140,
      aerobicDecouplingPct: 8,
      averageCadenceRpm: 80,
      elevationGainM: 500,
      climbing: { timeS: 1200, gainM: 300, workKj: 300 },
    }),
    ride({
      movingTimeS: 10800,
      averagePowerW: 180,
      normalizedPowerW: 189,
      intensityFactor: 0.7,
      trainingStressScore: 147,
      variabilityIndex: 1.05,
      averageHeartRateBpm: 135,
      aerobicDecouplingPct: 4,
      averageCadenceRpm: 90,
      elevationGainM: 1500,
      climbing: { timeS: 2400, gainM: 600, workKj: 600 },
    }),
  ];
  // Two rides before (a percent needs MIN_PREVIOUS_RIDES): 2 h in all at 170 W / 180 NP / IF 0.65 /
  // VI 1.06, 85 TSS and 400 m together.
  const beforeRide = ride({
    movingTimeS: 3600,
    averagePowerW: 170,
    normalizedPowerW: 180,
    intensityFactor: 0.65,
    trainingStressScore: 42.5,
    variabilityIndex: 1.06,
    elevationGainM: 200,
  });
  const before = [beforeRide, beforeRide];
  const panel = performancePanel(
    input(
      {
        rides: now,
        ftp: { powerW: 270, source: 'set' },
        weightKg: 72,
        load: { ctl: 50, atl: 55, tsb: -3 },
        best: { fiveMinW: 320, sixtyMinW: 272 },
      },
      {
        rides: before,
        ftp: { powerW: 260, source: 'set' },
        weightKg: 72,
        load: { ctl: 45, atl: 40, tsb: 4 },
        best: { fiveMinW: 310, sixtyMinW: null },
      },
    ),
  );

  it('averages per ride weighted by moving time', () => {
    // (200·1 + 180·3) / 4 = 185 W; (220 + 189·3) / 4 = 196.75 → 197 W; (0.80 + 0.70·3) / 4 = 0.725.
    expect(metric(panel, 'average_power')).toMatchObject({
      value: 185,
      previous_value: 170,
      change_abs: 15,
      trend: 'up',
      status: 'excellent',
    });
    expect(metric(panel, 'normalized_power').value).toBe(197);
    // 0.725 is below Allen & Coggan's endurance band 0.75–0.85 but within 0.05 of it: good.
    expect(metric(panel, 'intensity_factor')).toMatchObject({
      value: 0.73,
      status: 'good',
      optimal_range: [0.75, 0.85],
    });
  });

  it('computes FTP, W/kg against the power profile, and their change', () => {
    expect(metric(panel, 'ftp')).toMatchObject({
      value: 270,
      source: 'set',
      change_abs: 10,
      change_pct: 3.8,
      trend: 'up',
    });
    // 270 / 72 = 3.75 W/kg: above the "good" floor of the men's FTP column (3.47): excellent.
    expect(metric(panel, 'power_to_weight')).toMatchObject({
      value: 3.75,
      status: 'excellent',
      optimal_range: [3.47, 5.69],
    });
  });

  it('climbing: VAM on climbs, total elevation and the share of climbing work that lifted rider and bike', () => {
    // (300 + 600) m in (1200 + 2400) s → 900 m/h.
    expect(metric(panel, 'vam').value).toBe(900);
    expect(metric(panel, 'elevation_gain')).toMatchObject({
      value: 2000,
      previous_value: 400,
      change_pct: 400,
    });
    // (72 + 9) kg · 9.80665 · 900 m / 900,000 J = 79.4 %.
    expect(metric(panel, 'climbing_efficiency').value).toBe(79.4);
    // The previous window had altitude but no climbs stored: it says so rather than 0.
    expect(metric(panel, 'vam').previous_value).toBeNull();
  });

  it('endurance: duration, 100/VI, drift on steady hour-plus rides, best hour over best 5 min', () => {
    expect(metric(panel, 'average_duration').value).toBe(7200);
    // VI (1.10 + 1.05·3)/4 = 1.0625 → 94.1 %: between 100/1.10 and 100/1.05, good.
    expect(metric(panel, 'power_consistency')).toMatchObject({ value: 94.1, status: 'good' });
    // Both rides are ≥ 1 h with VI ≤ 1.10: (8 + 4·3)/4 = 5.0 % → at Friel's 5 %: excellent.
    expect(metric(panel, 'cardiac_drift')).toMatchObject({ value: 5, status: 'excellent' });
    // 272 / 320 = 85 %: inside 83.3–94.3 %.
    expect(metric(panel, 'endurance_factor')).toMatchObject({ value: 85, status: 'excellent' });
    expect(metric(panel, 'endurance_factor').previous_value).toBeNull();
  });

  it('cadence consistency is 100 − CV of the rides’ cadences; pedalling dynamics need their sensor', () => {
    // mean (80 + 90·3)/4 = 87.5; variance (56.25 + 6.25·3)/4 = 18.75 → sd 4.33 → CV 4.95 % → 95.1 %.
    expect(metric(panel, 'cadence_consistency').value).toBe(95.1);
    for (const key of ['pedaling_efficiency', 'lr_balance', 'pedal_smoothness'])
      expect(metric(panel, key)).toMatchObject({ value: null, needs: 'pedaling_dynamics', status: null });
  });

  it('load: weekly TSS against the spec targets for the form, CTL/ATL/TSB as given', () => {
    // (64 + 147) / 4 weeks = 52.75 → 53; TSB −3 → target 350–450: far below → warning.
    expect(metric(panel, 'weekly_tss')).toMatchObject({
      value: 53,
      status: 'warning',
      optimal_range: [350, 450],
    });
    expect(metric(panel, 'ctl')).toMatchObject({
      value: 50,
      change_abs: 5,
      trend: 'up',
      status: 'excellent',
    });
    // ATL 55: "building" (30–60) → excellent.
    expect(metric(panel, 'atl')).toMatchObject({ value: 55, status: 'excellent' });
    // TSB −3: spec §5 form status warning (> −10, ≤ 5); previous 4 → down by 7, no percent.
    expect(metric(panel, 'tsb')).toMatchObject({
      value: -3,
      status: 'warning',
      change_abs: -7,
      change_pct: null,
      trend: 'down',
    });
  });

  it('summarises: counts every metric once and derives insights from them', () => {
    const { counts, insights } = panel.summary;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(20);
    expect(counts.unavailable).toBe(3);
    expect(insights[0]).toEqual({ key: 'form', params: { state: 'neutral', tsb: -3 } });
    // Elevation rose 400 %, the biggest gain.
    expect(insights).toContainEqual({
      key: 'improved',
      params: { metric: 'elevation_gain', change_pct: 400 },
    });
    expect(insights).toContainEqual({
      key: 'out_of_range',
      params: { metric: 'weekly_tss', value: 53, low: 350, high: 450 },
    });
  });
});

describe('a near-empty previous window', () => {
  const now = [
    ride({ movingTimeS: 7200, averagePowerW: 200, elevationGainM: 1200, trainingStressScore: 100 }),
    ride({ movingTimeS: 3600, averagePowerW: 180, elevationGainM: 400, trainingStressScore: 50 }),
  ];
  const state = { ftp: { powerW: 250, source: 'set' as const }, weightKg: 70 };

  it('gives no percent and no trend with one previous ride, but keeps the absolute change', () => {
    // Issue 13: one 20-min ride with 40 m before read as +3900 % elevation.
    const tiny = [
      ride({ movingTimeS: 1200, averagePowerW: 150, elevationGainM: 40, trainingStressScore: 15 }),
    ];
    const panel = performancePanel(
      input({ rides: now, ...state }, { rides: tiny, ftp: { powerW: 240, source: 'set' }, weightKg: 70 }),
    );
    expect(metric(panel, 'elevation_gain')).toMatchObject({
      value: 1600,
      previous_value: 40,
      change_abs: 1560,
      change_pct: null,
      trend: null,
      previous_too_little: true,
      // No trend to judge by: good, as with nothing to compare.
      status: 'good',
    });
    expect(metric(panel, 'average_power')).toMatchObject({ change_pct: null, previous_too_little: true });
    // FTP is the rider's state at the window's end, not a sum of rides: its percent stands.
    expect(metric(panel, 'ftp')).toMatchObject({ change_pct: 4.2, trend: 'up', previous_too_little: false });
    // No "improved by 3900 %" insight from a percent that is not there.
    expect(
      panel.summary.insights.some((i) => i.key === 'improved' && i.params.metric === 'elevation_gain'),
    ).toBe(false);
  });

  it('gives no percent when the previous value is under the metric floor, even with enough rides', () => {
    const flat = ride({ movingTimeS: 3600, averagePowerW: 150, elevationGainM: 30, trainingStressScore: 40 });
    const panel = performancePanel(input({ rides: now, ...state }, { rides: [flat, flat], ...state }));
    // 60 m < MIN_BASE.elevation_gain (100 m).
    expect(metric(panel, 'elevation_gain')).toMatchObject({
      previous_value: 60,
      change_abs: 1540,
      change_pct: null,
      previous_too_little: true,
    });
    // Two rides and a base above its (absent) floor: a plain percent, 193.3 vs 150 W.
    expect(metric(panel, 'average_power')).toMatchObject({
      change_pct: 28.9,
      trend: 'up',
      previous_too_little: false,
    });
  });
});

describe('power-to-weight table', () => {
  // 224 W / 70 kg = 3.2 W/kg at FTP: "moderate" on the men's table (2.93–3.47, status good), "good" on
  // the women's (2.98–3.55, status excellent).
  const at = (sex: 'male' | 'female' | null) =>
    performancePanel({
      ...input({ ftp: { powerW: 224, source: 'set' }, weightKg: 70 }),
      sex,
    });

  it("judges a woman on the women's table and a rider who did not say on the men's, and says which", () => {
    expect(metric(at('female'), 'power_to_weight')).toMatchObject({
      value: 3.2,
      status: 'excellent',
      optimal_range: [2.98, 5.03],
    });
    expect(metric(at('male'), 'power_to_weight')).toMatchObject({
      status: 'good',
      optimal_range: [3.47, 5.69],
    });
    expect(metric(at(null), 'power_to_weight')).toMatchObject({
      status: 'good',
      optimal_range: [3.47, 5.69],
    });
    expect(at('female').profileTable).toEqual({ table: 'female', sexSaid: true });
    expect(at(null).profileTable).toEqual({ table: 'male', sexSaid: false });
  });
});

describe('a rider without power or heart rate', () => {
  const panel = performancePanel(input({ rides: [ride({ movingTimeS: 5400, elevationGainM: 300 })] }));

  it('gets needs, never a number', () => {
    for (const key of [
      'ftp',
      'average_power',
      'normalized_power',
      'intensity_factor',
      'power_to_weight',
      'power_consistency',
      'endurance_factor',
      'climbing_efficiency',
      'weekly_tss',
      'ctl',
      'atl',
      'tsb',
    ])
      expect(metric(panel, key), key).toMatchObject({ value: null, needs: 'power_meter' });
    expect(metric(panel, 'cardiac_drift').needs).toBe('heart_rate_monitor');
    expect(metric(panel, 'cadence_consistency').needs).toBe('cadence_sensor');
    expect(metric(panel, 'vam').needs).toBe('climbs');
    expect(metric(panel, 'elevation_gain').value).toBe(300);
    expect(metric(panel, 'average_duration').value).toBe(5400);
    expect(panel.summary.insights).toContainEqual({
      key: 'missing_sensor',
      params: { sensor: 'power_meter', metrics: 12 },
    });
  });

  it('with no rides at all, every metric needs rides or a sensor and the summary says so', () => {
    const none = performancePanel(input({}));
    for (const m of Object.values(none.tabs).flat()) expect(m.value).toBeNull();
    expect(none.summary.insights[0]).toEqual({ key: 'no_rides', params: { weeks: 4 } });
  });
});
