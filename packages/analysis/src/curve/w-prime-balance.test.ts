import { describe, expect, it } from 'vitest';
import { createActivityStreams, streamsFromSeconds } from '../streams/activity-streams.ts';
import {
  minimumWPrimeBalanceJ,
  skibaTauS,
  wPrimeBalanceDifferentialJ,
  wPrimeBalanceDifferentialStepJ,
  wPrimeBalanceIntegralJ,
  wPrimeBalanceParameters,
} from './w-prime-balance.ts';

const params = { cpW: 250, wPrimeJ: 20_000 };
/** 3 min at 350 W (100 W over CP) then 2 h at 100 W. */
const effortThenRecovery = [...new Array(180).fill(350), ...new Array(7200).fill(100)];

describe('Skiba τ', () => {
  it('follows 546·e^(−0.01·D_CP) + 316 with D_CP from the seconds below CP', () => {
    const streams = streamsFromSeconds({ powerW: effortThenRecovery });
    expect(skibaTauS(streams, 250)).toBeCloseTo(546 * Math.exp(-0.01 * 150) + 316, 9);
  });

  it('counts paused and power-less seconds as 0 W of recovery in D_CP', () => {
    // CP 250 W: 60 s at 350 W, 60 s paused, 30 s recorded without power, 90 s at 150 W. Below CP:
    // 180 s averaging (90 · 150) / 180 = 75 W → D_CP = 175 W → τ = 546·e^(−1.75) + 316 = 410.9 s.
    // (Leaving the 90 s without power out, D_CP would be 100 W and τ 516.9 s.)
    const n = 240;
    const power = new Float64Array(n).fill(Number.NaN);
    power.fill(350, 0, 60);
    power.fill(150, 150);
    const gapMask = new Uint8Array(n).fill(1, 60, 120);
    const streams = createActivityStreams(
      Float64Array.from({ length: n }, (_, i) => i),
      gapMask,
      { powerW: power },
    );
    const tauS = skibaTauS(streams, 250)!;
    expect(tauS).toBeCloseTo(546 * Math.exp(-1.75) + 316, 9);
    expect(tauS).toBeCloseTo(410.88, 2);
    // The balance recovers with that τ: after the effort's 6,000 J, 180 s later it is back by
    // 6,000 · (1 − e^(−180/τ)).
    const balance = wPrimeBalanceIntegralJ(streams, params)!;
    expect(balance[59]).toBeCloseTo(
      20_000 - (100 * (1 - Math.exp(-60 / tauS))) / (1 - Math.exp(-1 / tauS)),
      6,
    );
    expect(balance[239]).toBeCloseTo(20_000 - (20_000 - balance[59]!) * Math.exp(-180 / tauS), 6);
  });
});

describe('W′ balance', () => {
  for (const [name, balanceOf] of [
    ['integral (Skiba 2012)', wPrimeBalanceIntegralJ],
    ['differential (Skiba 2015)', wPrimeBalanceDifferentialJ],
  ] as const) {
    it(`returns to W′ after a long recovery in the ${name} form`, () => {
      const balance = balanceOf(streamsFromSeconds({ powerW: effortThenRecovery }), params)!;
      expect(minimumWPrimeBalanceJ(balance)).toBeLessThan(20_000 - 14_000);
      expect(balance[balance.length - 1]).toBeGreaterThan(20_000 - 10);
      expect(balance[balance.length - 1]).toBeLessThanOrEqual(20_000);
    });

    it(`stays at W′ while riding below CP in the ${name} form`, () => {
      const balance = balanceOf(streamsFromSeconds({ powerW: new Array(600).fill(200) }), params)!;
      expect(balance.every((b) => b === 20_000)).toBe(true);
    });
  }

  it('depletes by exactly (P − CP)·t above CP in the differential form', () => {
    const balance = wPrimeBalanceDifferentialJ(
      streamsFromSeconds({ powerW: new Array(120).fill(400) }),
      params,
    )!;
    expect(balance[119]).toBe(20_000 - 150 * 120);
  });

  it('keeps reconstituting through a pause', () => {
    const n = 180 + 600 + 60;
    const power = new Float64Array(n).fill(Number.NaN);
    power.fill(350, 0, 180);
    power.fill(100, 780);
    const gapMask = new Uint8Array(n).fill(1, 180, 780);
    const streams = createActivityStreams(
      Float64Array.from({ length: n }, (_, i) => i),
      gapMask,
      { powerW: power },
    );
    const integral = wPrimeBalanceIntegralJ(streams, params)!;
    const differential = wPrimeBalanceDifferentialJ(streams, params)!;
    expect(integral[779]).toBeGreaterThan(integral[179]! + 5000);
    expect(differential[779]).toBeGreaterThan(differential[179]! + 5000);
  });

  it('is undefined without power or without positive CP and W′', () => {
    expect(wPrimeBalanceIntegralJ(streamsFromSeconds({ heartRateBpm: [120] }), params)).toBeUndefined();
    expect(
      wPrimeBalanceDifferentialJ(streamsFromSeconds({ powerW: [100] }), { cpW: 0, wPrimeJ: 1 }),
    ).toBeUndefined();
  });

  it('steps one second at a time to the same series (the live view)', () => {
    const series = wPrimeBalanceDifferentialJ(streamsFromSeconds({ powerW: effortThenRecovery }), params)!;
    let balance = params.wPrimeJ;
    effortThenRecovery.forEach((p, i) => {
      balance = wPrimeBalanceDifferentialStepJ(balance, p, params);
      expect(balance).toBe(series[i]);
    });
    // By hand: a second at 350 W spends 100 J; then at 100 W, 150·(W′ − bal)/W′ comes back.
    expect(wPrimeBalanceDifferentialStepJ(20_000, 350, params)).toBe(19_900);
    expect(wPrimeBalanceDifferentialStepJ(10_000, 100, params)).toBe(10_000 + (150 * 10_000) / 20_000);
  });
});

describe('which CP and W′ a ride’s balance is drawn with', () => {
  /** `effortS` seconds at `powerW`, then 10 min at 100 W. */
  const ride = (powerW: number, effortS: number) =>
    streamsFromSeconds({ powerW: [...new Array(effortS).fill(powerW), ...new Array(600).fill(100)] });

  it('keeps the fitted CP and W′ when the balance never goes below zero', () => {
    const p = wPrimeBalanceParameters(ride(350, 180), { cpW: 250, wPrimeJ: 20_000 })!;
    // Lowest: 20,000 − 180 · 100 = 2,000 J.
    expect(p).toMatchObject({ status: 'fitted', cpW: 250, wPrimeJ: 20_000 });
    expect(p.fittedMinJ).toBeCloseTo(2_000, 6);
  });

  it('raises CP in 3 W steps, W′ kept, as GoldenCheetah’s WPrime::PCP, when it would go below zero', () => {
    // CP 250 W, W′ 12 kJ, 61 s at 450 W: 12,000 − 61 · 200 = −200 J. Smallest CP = 250 + 3k with
    // 61 · (450 − CP) < 12,000: CP > 253.3 → 256 W; lowest 12,000 − 61 · 194 = 166 J.
    const streams = ride(450, 61);
    const p = wPrimeBalanceParameters(streams, { cpW: 250, wPrimeJ: 12_000 })!;
    expect(p).toMatchObject({
      status: 'cp-raised',
      cpW: 256,
      wPrimeJ: 12_000,
      fittedCpW: 250,
      fittedWPrimeJ: 12_000,
    });
    expect(p.fittedMinJ).toBeCloseTo(-200, 6);
    expect(minimumWPrimeBalanceJ(wPrimeBalanceDifferentialJ(streams, p))).toBeCloseTo(166, 6);
  });

  it('raises W′ in 100 J steps, CP kept, where GoldenCheetah would not try (W′ < 10 kJ)', () => {
    // CP 250 W, W′ 8 kJ, 61 s at 450 W: needs W′ > 61 · 200 = 12,200 J → 8,000 + 43 · 100 = 12,300 J.
    const p = wPrimeBalanceParameters(ride(450, 61), { cpW: 250, wPrimeJ: 8_000 })!;
    expect(p).toMatchObject({ status: 'w-prime-raised', cpW: 250, wPrimeJ: 12_300 });
    expect(p.fittedMinJ).toBeCloseTo(8_000 - 12_200, 6);
  });

  it('raises W′ when the balance would go below −10 kJ (GoldenCheetah: "W′ not set properly")', () => {
    // W′ 12 kJ, 120 s at 450 W over CP 250: −12,000 J < −10 kJ. Needs W′ > 24,000 → 24,100 J.
    const p = wPrimeBalanceParameters(ride(450, 120), { cpW: 250, wPrimeJ: 12_000 })!;
    expect(p).toMatchObject({ status: 'w-prime-raised', cpW: 250, wPrimeJ: 24_100 });
  });

  it('gives up when not even a W′ of 50 kJ keeps the balance above zero', () => {
    // 300 s at 450 W over CP 250: 60 kJ above CP with no recovery in between.
    const p = wPrimeBalanceParameters(ride(450, 300), { cpW: 250, wPrimeJ: 8_000 })!;
    expect(p).toMatchObject({ status: 'unsupported', cpW: 250, wPrimeJ: 8_000 });
    expect(p.fittedMinJ).toBeCloseTo(8_000 - 60_000, 6);
  });
});
