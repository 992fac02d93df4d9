import { describe, expect, it } from 'vitest';
import { ftpFromBest20Min, ftpFromCriticalPower, ftpFromSpecPrototypeRule } from './ftp-estimates.ts';
import { meanMaxDurationsS } from './mean-max.ts';

const grid = meanMaxDurationsS(3600);
const curve = { durationsS: grid, powerW: grid.map((t) => 250 + 20_000 / t) };

describe('FTP estimators', () => {
  it('takes 95 % of the best 20 minutes', () => {
    expect(ftpFromBest20Min(curve)?.ftpW).toBeCloseTo(0.95 * (250 + 20_000 / 1200), 9);
    expect(ftpFromBest20Min({ durationsS: [1, 60], powerW: [900, 400] })).toBeUndefined();
  });

  it('keeps the spec rule as a labelled option with its fallbacks', () => {
    const short = { durationsS: [1, 60], powerW: [900, 400] };
    expect(ftpFromSpecPrototypeRule({ curve: short, maxPowerW: 900, averagePowerW: 200 })).toEqual({
      method: 'spec-prototype-rule',
      ftpW: 765,
    });
    expect(
      ftpFromSpecPrototypeRule({ curve: undefined, maxPowerW: undefined, averagePowerW: 200 })?.ftpW,
    ).toBeCloseTo(220, 9);
  });

  it('uses critical power from a fit and carries the fit for its confidence', () => {
    const estimate = ftpFromCriticalPower(curve, {
      model: '2p',
      range: { minDurationS: 120, maxDurationS: 1200 },
    });
    expect(estimate?.method).toBe('cp-2p');
    // GoldenCheetah's envelope (the default 2P fit) stops when τ moves by ≤ 10⁻⁴ min: CP to ±0.005 W.
    expect(estimate?.fit?.method).toBe('envelope');
    expect(estimate?.ftpW).toBeCloseTo(250, 2);
    expect(estimate?.fit?.r2).toBeCloseTo(1, 6);
  });
});
