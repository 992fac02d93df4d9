import { describe, expect, it } from 'vitest';
import { loadForCtlChange, maxDayTssForRamp, stepLoad } from './ramp.ts';

describe('ramp closed forms', () => {
  it('uniform week: CTL 50 → 55 needs 7 · (50 + 5/(1 − e^(−1/6))) = 577.99 TSS', () => {
    // Seven equal days x from CTL c: CTL_7 = c·e^(−7/42) + x·(1 − e^(−7/42)), so x = c + Δ/(1 − e^(−1/6)).
    const total = loadForCtlChange({ ctl0: 50, deltaCtl: 5, shares: new Array(7).fill(1 / 7) });
    expect(total).toBeCloseTo(577.9859, 3);
    let state = { ctl: 50, atl: 50 };
    for (let k = 0; k < 7; k++) state = stepLoad(state, total / 7);
    expect(state.ctl).toBeCloseTo(55, 9);
  });

  it('uneven shares still land exactly on the CTL asked for', () => {
    const shares = [0, 0.15, 0.1, 0.15, 0.1, 0.1, 0.4];
    const total = loadForCtlChange({ ctl0: 70, deltaCtl: 6, shares });
    let state = { ctl: 70, atl: 80 };
    for (const s of shares) state = stepLoad(state, total * s);
    expect(state.ctl).toBeCloseTo(76, 9);
  });

  it('holding CTL needs CTL per day; a drop faster than resting asks for 0', () => {
    expect(loadForCtlChange({ ctl0: 60, deltaCtl: 0, shares: new Array(7).fill(1 / 7) })).toBeCloseTo(420, 9);
    expect(loadForCtlChange({ ctl0: 60, deltaCtl: -20, shares: new Array(7).fill(1 / 7) })).toBe(0);
  });

  it('day headroom: CTL 60 yesterday, 55 a week ago, cap 8 → (63 − 60·e^(−1/42))/(1 − e^(−1/42)) = 187.51', () => {
    const x = maxDayTssForRamp({ ctlYesterday: 60, ctlWeekAgo: 55, capPerWeek: 8 });
    expect(x).toBeCloseTo(187.506, 2);
    expect(stepLoad({ ctl: 60, atl: 60 }, x).ctl).toBeCloseTo(63, 9);
  });
});
