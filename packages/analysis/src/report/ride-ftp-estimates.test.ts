import { describe, expect, it } from 'vitest';
import { meanMaxDurationsS } from '../curve/mean-max.ts';
import { type CriticalPowerFit, modelPowerW } from '../curve/power-duration-models.ts';
import {
  BEST_20_MIN_CONFIDENCE,
  CP_2P_RANGE,
  CP_3P_RANGE,
  CP_CONFIDENCE_MAX,
  ftpEstimates,
  powerR2,
  SPEC_RULE_CONFIDENCE,
} from './ride-ftp-estimates.ts';

const grid = meanMaxDurationsS(3600);
/** Bests that follow the 2P model exactly: CP 250 W, W′ 20 kJ. */
const exact = { durationsS: grid, powerW: grid.map((t) => 250 + 20_000 / t) };

describe('the FTP estimates of one ride', () => {
  it('lists the three methods and the spec rule, most trusted first, each with its confidence', () => {
    // Bests that follow Morton's 3P model exactly: CP 250 W, W′ 20 kJ, Pmax 1,000 W (k = −26.67 s).
    const lagS = 20_000 / (250 - 1000);
    const morton = { durationsS: grid, powerW: grid.map((t) => 250 + 20_000 / (t - lagS)) };
    const list = ftpEstimates({ curve: morton, maxPowerW: 1000, averagePowerW: 200 });
    expect(list.map((e) => e.method)).toEqual(['cp-2p', 'cp-3p', 'best-20-min-95', 'spec-prototype-rule']);
    const by = Object.fromEntries(list.map((e) => [e.method, e]));
    // Hand-checked: best 20 min = 250 + 20,000 / 1226.67 = 266.30 W → 95 % = 252.99 W.
    expect(by['best-20-min-95']!.ftpW).toBeCloseTo(252.989, 3);
    expect(by['best-20-min-95']!.confidence).toBe(BEST_20_MIN_CONFIDENCE);
    expect(by['best-20-min-95']!.fit).toBeUndefined();
    expect(by['cp-3p']!.ftpW).toBeCloseTo(250, 6);
    expect(by['cp-3p']!.fit?.wPrimeJ).toBeCloseTo(20_000, 3);
    expect(by['cp-3p']!.powerR2).toBeCloseTo(1, 9);
    expect(by['cp-3p']!.confidence).toBe(CP_CONFIDENCE_MAX);
    // The 2P model over 3–20 min, where the sprint lag still bends the curve: a little high, R² ≈ 0.998.
    expect(by['cp-2p']!.ftpW).toBeGreaterThan(250);
    expect(by['cp-2p']!.ftpW).toBeLessThan(253);
    expect(by['spec-prototype-rule']!.ftpW).toBeCloseTo(252.989, 3);
    expect(by['spec-prototype-rule']!.confidence).toBe(SPEC_RULE_CONFIDENCE);
  });

  it('recovers CP and W′ of bests that follow the 2P model, with R² 1 and the top confidence', () => {
    const list = ftpEstimates({ curve: exact, maxPowerW: 20_250, averagePowerW: 200 });
    const cp2p = list.find((e) => e.method === 'cp-2p');
    expect(cp2p?.ftpW).toBeCloseTo(250, 6);
    expect(cp2p?.fit?.wPrimeJ).toBeCloseTo(20_000, 3);
    expect(cp2p?.powerR2).toBeCloseTo(1, 9);
    expect(cp2p?.confidence).toBe(CP_CONFIDENCE_MAX);
    expect(list[0]?.method).toBe('cp-2p');
  });

  it('rates a CP fit by its R² on power, clamped to 0.1–0.95', () => {
    // Bests that fall off far faster than any CP model: the fit explains little of the power.
    const ragged = { durationsS: grid, powerW: grid.map((t) => (t <= 240 ? 600 : 200 + 10_000 / t)) };
    for (const e of ftpEstimates({ curve: ragged, maxPowerW: 600, averagePowerW: 180 })) {
      expect(e.confidence).toBeGreaterThanOrEqual(0.1);
      expect(e.confidence).toBeLessThanOrEqual(0.95);
      if (e.fit) {
        const range = e.method === 'cp-2p' ? CP_2P_RANGE : CP_3P_RANGE;
        const r2 = powerR2(ragged, e.fit, range);
        expect(e.powerR2).toBe(r2);
        expect(e.confidence).toBeCloseTo(Math.min(0.95, Math.max(0.1, r2)), 12);
      }
    }
  });

  it('computes R² on power over the fitted range only', () => {
    const fit: CriticalPowerFit = {
      model: 'monod-scherrer-2p',
      cpW: 250,
      wPrimeJ: 20_000,
      r2: 1,
      seeW: 0,
      points: 3,
    };
    // Off by 10 W outside 3–20 min, exact inside: still a perfect fit over the range.
    const curve = {
      durationsS: [60, 180, 600, 1200, 3600],
      powerW: [60, 180, 600, 1200, 3600].map((t) => modelPowerW(fit, t) + (t < 180 || t > 1200 ? 10 : 0)),
    };
    expect(powerR2(curve, fit, CP_2P_RANGE)).toBeCloseTo(1, 12);
    // Hand-checked: bests 300 and 280 W against a model giving 290 W at both → R² = 1 − 200 / 200 = 0.
    const flat: CriticalPowerFit = { ...fit, wPrimeJ: 0, cpW: 290 };
    expect(powerR2({ durationsS: [180, 1200], powerW: [300, 280] }, flat, CP_2P_RANGE)).toBeCloseTo(0, 12);
  });

  it('without a curve gives only the spec rule, and nothing without power', () => {
    const spec = ftpEstimates({ curve: undefined, maxPowerW: 900, averagePowerW: 200 });
    expect(spec).toEqual([{ method: 'spec-prototype-rule', ftpW: 765, confidence: SPEC_RULE_CONFIDENCE }]);
    expect(ftpEstimates({ curve: undefined, maxPowerW: undefined, averagePowerW: undefined })).toEqual([]);
  });

  it('a ride under 20 minutes has no 20-minute estimate', () => {
    const short = meanMaxDurationsS(900);
    const curve = { durationsS: short, powerW: short.map((t) => 250 + 20_000 / t) };
    const methods = ftpEstimates({ curve, maxPowerW: 1000, averagePowerW: 220 }).map((e) => e.method);
    expect(methods).not.toContain('best-20-min-95');
    expect(methods).toContain('cp-2p');
  });
});
