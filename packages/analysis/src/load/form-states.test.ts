import { describe, expect, it } from 'vitest';
import {
  chartFormStatus,
  fatigueLevel,
  fitnessTrend,
  formState,
  trainingBalance,
  trainingBalanceAdviceKey,
  trainingBalanceStatus,
  tssTargets,
} from './form-states.ts';

describe('form and fatigue states', () => {
  it('labels form from TSB with the spec thresholds', () => {
    expect([25, 20, 6, 5, -9, -10, -29, -30].map(formState)).toEqual([
      'excellent',
      'good',
      'good',
      'neutral',
      'neutral',
      'tired',
      'tired',
      'overreached',
    ]);
  });

  it('labels fatigue from ATL with the spec thresholds', () => {
    expect([101, 100, 61, 31, 30].map(fatigueLevel)).toEqual([
      'extreme',
      'high',
      'high',
      'building',
      'fresh',
    ]);
  });

  it('compares the last seven activities with the seven before', () => {
    const base = new Array(7).fill(100);
    expect(fitnessTrend([...base, ...new Array(7).fill(106)])).toBe('increasing');
    expect(fitnessTrend([...base, ...new Array(7).fill(94)])).toBe('decreasing');
    expect(fitnessTrend([...base, ...new Array(7).fill(104)])).toBe('stable');
    expect(fitnessTrend(new Array(13).fill(100))).toBeUndefined();
  });

  it('gives the TSS targets for each form band', () => {
    expect(tssTargets(6).weeklyTss).toEqual([450, 550]);
    expect(tssTargets(5).dailyTss).toEqual([50, 65]);
    expect(tssTargets(-10).restDays).toEqual([3, 4]);
  });

  it('rates the chart form and the training balance with the spec bands', () => {
    // The form states' bands (> 20, > 5, > −10): TSB 16 is good, as formState says, not excellent.
    expect([21, 20, 16, 5, -10, -31].map(chartFormStatus)).toEqual([
      'excellent',
      'good',
      'good',
      'warning',
      'critical',
      'critical',
    ]);
    expect([26, -31, 16, -16, 5, -5, 10].map(trainingBalanceStatus)).toEqual([
      'critical',
      'critical',
      'warning',
      'warning',
      'excellent',
      'excellent',
      'good',
    ]);
    expect(trainingBalance({ ctl: 60, atl: 90 })).toBe(30);
  });

  it('picks the recommendation message for a stressed or idle balance', () => {
    expect(trainingBalanceAdviceKey(30)).toBe('load.advice.highStress');
    expect(trainingBalanceAdviceKey(-31)).toBe('load.advice.lowLoad');
    expect(trainingBalanceAdviceKey(18)).toBe('load.advice.elevatedStress');
    expect(trainingBalanceAdviceKey(0)).toBeUndefined();
  });
});
