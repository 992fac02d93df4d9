import { describe, expect, it } from 'vitest';
import { dailyTssSeries, daysBetween, dayNumber, isoDateOf } from './calendar.ts';
import {
  ATL_TIME_CONSTANT_DAYS,
  CTL_TIME_CONSTANT_DAYS,
  performanceManagement,
} from './performance-management.ts';

const fromZero = {
  ctlTimeConstantDays: CTL_TIME_CONSTANT_DAYS,
  atlTimeConstantDays: ATL_TIME_CONSTANT_DAYS,
  initialCtl: 0,
  initialAtl: 0,
};

describe('performanceManagement', () => {
  it('reaches CTL ≈ 63.2 after 42 days at 100 TSS per day', () => {
    const pmc = performanceManagement(new Array(42).fill(100), fromZero);
    expect(pmc.ctl[41]).toBeCloseTo(100 * (1 - Math.exp(-1)), 9);
    expect(pmc.ctl[41]).toBeCloseTo(63.2, 1);
    expect(pmc.atl[41]).toBeCloseTo(100 * (1 - Math.exp(-6)), 9);
  });

  it('uses weights 1 − e^(−1/42) and 1 − e^(−1/7) on the first day', () => {
    const pmc = performanceManagement([100], fromZero);
    expect(pmc.ctl[0]).toBeCloseTo(2.353, 3);
    expect(pmc.atl[0]).toBeCloseTo(13.31, 2);
  });

  it('reports TSB from yesterday’s CTL and ATL', () => {
    const pmc = performanceManagement([100, 0, 0], fromZero);
    expect(pmc.tsb[0]).toBe(0);
    expect(pmc.tsb[1]).toBeCloseTo(pmc.ctl[0]! - pmc.atl[0]!, 12);
    expect(pmc.tsb[2]).toBeCloseTo(pmc.ctl[1]! - pmc.atl[1]!, 12);
  });

  it('lets rest days decay the load', () => {
    const pmc = performanceManagement([0, 0, 0, 0, 0, 0, 0], { ...fromZero, initialCtl: 50, initialAtl: 70 });
    expect(pmc.ctl[6]).toBeCloseTo(50 * Math.exp(-7 / 42), 9);
    expect(pmc.atl[6]).toBeCloseTo(70 * Math.exp(-1), 9);
  });

  it('gives the ramp rate as the CTL change over seven days', () => {
    const pmc = performanceManagement(new Array(20).fill(80), fromZero);
    expect(Number.isNaN(pmc.rampRate[5]!)).toBe(true);
    expect(pmc.rampRate[6]).toBeCloseTo(pmc.ctl[6]!, 12);
    expect(pmc.rampRate[19]).toBeCloseTo(pmc.ctl[19]! - pmc.ctl[12]!, 12);
  });
});

describe('calendar', () => {
  it('sums activities per day and puts zeros on rest days', () => {
    const series = dailyTssSeries(
      [
        { date: '2026-03-01', tss: 50 },
        { date: '2026-03-01', tss: 30 },
        { date: '2026-03-03', tss: 100 },
        { date: '2026-02-01', tss: 999 },
      ],
      { fromDate: '2026-02-28', toDate: '2026-03-03' },
    );
    expect(series.dates).toEqual(['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03']);
    expect(Array.from(series.tss)).toEqual([0, 80, 0, 100]);
  });

  it('counts days across a leap day and rejects impossible dates', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(isoDateOf(dayNumber('2026-11-22'))).toBe('2026-11-22');
    expect(() => dayNumber('2026-02-30')).toThrow(RangeError);
  });
});
