import { describe, expect, it } from 'vitest';
import { performanceManagement } from './performance-management.ts';
import {
  planWeek,
  projectPlannedLoad,
  recoveryStrategies,
  restDayIndices,
  SAFE_RAMP_LIMIT_PER_WEEK,
  trainingDayLoadForRamp,
} from './projection.ts';

const K7 = Math.exp(-7 / 42);

describe('trainingDayLoadForRamp', () => {
  it('solves the CTL recurrence: without rest days L = CTL₀ + ramp / (1 − e^(−7/42))', () => {
    // 50 + 5 / 0.153518 = 82.57
    expect(trainingDayLoadForRamp(50, 5, [])).toBeCloseTo(50 + 5 / (1 - K7), 9);
    expect(trainingDayLoadForRamp(50, 5, [])).toBeCloseTo(82.57, 2);
    // Holding CTL needs L = CTL.
    expect(trainingDayLoadForRamp(40, 0, [])).toBeCloseTo(40, 9);
  });

  it('never asks for negative load', () => {
    expect(trainingDayLoadForRamp(10, -8, [0, 2, 4])).toBe(0);
  });
});

/** An independent run of the PMC over the planned days. */
function replay(start: { ctl: number; atl: number }, loads: number[]) {
  return performanceManagement(loads, {
    ctlTimeConstantDays: 42,
    atlTimeConstantDays: 7,
    initialCtl: start.ctl,
    initialAtl: start.atl,
  });
}

describe('planWeek', () => {
  it('builds a fresh rider inside the safe ramp, one rest day mid-week', () => {
    // TSB 10: good form (> 5), spec rest days 1–2 → 1; ramp target (3 + 6) / 2 = 4.5.
    const plan = planWeek({ ctl: 50, atl: 40 }, '2030-01-17');
    expect(plan.form).toBe('good');
    expect(plan.restDays).toBe(1);
    expect(plan.rampTargetPerWeek).toBe(4.5);
    expect(plan.days.map((d) => d.date)).toEqual([
      '2030-01-17',
      '2030-01-18',
      '2030-01-19',
      '2030-01-20',
      '2030-01-21',
      '2030-01-22',
      '2030-01-23',
    ]);
    const loads = plan.days.map((d) => d.tss);
    expect(loads[3]).toBe(0);
    const training = loads.filter((_, k) => k !== 3);
    expect(new Set(training).size).toBe(1);
    // Worked on the formulas page: L = (50 + 4.5 − 50·e^(−7/42)) / ((1 − e^(−1/42))·Σ_{d≠3} e^(−(6−d)/42)) = 92.5.
    expect(training[0]).toBe(92);
    expect(Number.isInteger(training[0])).toBe(true);
    // Rounded down: the ramp lands just under the target, far under the limit.
    expect(plan.rampPerWeek).toBeLessThanOrEqual(4.5);
    expect(plan.rampPerWeek).toBeGreaterThan(4.3);
    const pmc = replay({ ctl: 50, atl: 40 }, loads);
    plan.days.forEach((day, k) => {
      expect(day.ctl).toBeCloseTo(pmc.ctl[k]!, 9);
      expect(day.atl).toBeCloseTo(pmc.atl[k]!, 9);
      expect(day.tsb).toBeCloseTo(pmc.tsb[k]!, 9);
    });
    // The band: the training-day load for ramps 3 and 6.
    expect(plan.dailyTssRange[0]).toBe(Math.floor(trainingDayLoadForRamp(50, 3, [3])));
    expect(plan.weeklyTssRange[1]).toBe(6 * Math.floor(trainingDayLoadForRamp(50, 6, [3])));
  });

  it('rests an overreached rider first and lets CTL fall', () => {
    // TSB −40: overreached; spec rest days 3–4 → 3, taken on days 0, 2 and 4.
    const plan = planWeek({ ctl: 60, atl: 100 }, '2030-01-17');
    expect(plan.form).toBe('overreached');
    expect(plan.days.map((d) => d.tss > 0)).toEqual([false, true, false, true, false, true, true]);
    expect(plan.rampPerWeek).toBeLessThan(0);
    expect(plan.days.at(-1)!.atl).toBeLessThan(100);
  });

  it('never plans a ramp above the safe limit nor a day below TSB −30', () => {
    for (let ctl = 0; ctl <= 140; ctl += 10) {
      for (let atl = 0; atl <= 160; atl += 10) {
        if (ctl - atl < -30) continue;
        const plan = planWeek({ ctl, atl }, '2030-01-01');
        expect(plan.rampPerWeek).toBeLessThanOrEqual(SAFE_RAMP_LIMIT_PER_WEEK + 1e-9);
        for (const day of plan.days.slice(1)) expect(day.tsb).toBeGreaterThanOrEqual(-30 - 1e-9);
        for (const day of plan.days) expect(day.tss).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('projectPlannedLoad', () => {
  it('plans the second week from where the first leaves', () => {
    const [first, second] = projectPlannedLoad({ ctl: 50, atl: 40 }, '2030-01-17', 2);
    expect(second!.days[0]!.date).toBe('2030-01-24');
    expect(second!.tsb).toBeCloseTo(first!.days.at(-1)!.ctl - first!.days.at(-1)!.atl, 12);
    expect(second!.days[0]!.tsb).toBeCloseTo(second!.tsb, 12);
  });
});

describe('rest days and recovery', () => {
  it('spreads rest days, or takes them first when tired', () => {
    expect(restDayIndices(2, 'good')).toEqual([2, 6]);
    expect(restDayIndices(3, 'tired')).toEqual([0, 2, 4]);
  });

  it('gives the three recovery strategies as message keys', () => {
    expect(recoveryStrategies('tired').map((r) => r.key)).toEqual([
      'load.recovery.sleep.tired',
      'load.recovery.nutrition.tired',
      'load.recovery.active.tired',
    ]);
    expect(recoveryStrategies('good')[0]!.key).toBe('load.recovery.sleep.routine');
  });
});
