import { describe, expect, it } from 'vitest';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import { rideTactics } from './ride-tactics.ts';

const seconds = (...parts: Array<[number, number]>) =>
  parts.flatMap(([n, w]) => new Array<number>(n).fill(w));

// The worked numbers of docs/formulas/predictive-analysis.md: FTP 250 W, CP 255 W, W′ 20 kJ, three
// 10-s jumps at 500 W a minute apart in 1,410 s.
const ride = streamsFromSeconds({
  powerW: seconds([600, 150], [10, 500], [60, 150], [10, 500], [60, 150], [10, 500], [60, 150], [600, 200]),
});

describe('rideTactics', () => {
  it('keeps one ride’s surges, seconds, energy by zone and matches with the FTP and CP they used', () => {
    const t = rideTactics(ride, { ftpW: 250, criticalPower: { cpW: 255, wPrimeJ: 20_000 } })!;
    expect(t).toMatchObject({ ftpW: 250, movingS: 1410, surges: 3, matches: 1, cpW: 255, wPrimeJ: 20_000 });
    expect(t.energyKj.endurance).toBeCloseTo(117, 6);
    expect(t.energyKj.tempo).toBeCloseTo(120, 6);
    expect(t.energyKj.neuromuscular).toBeCloseTo(15, 6);
  });

  it('has no matches without a critical power, and nothing without power or an FTP', () => {
    expect(rideTactics(ride, { ftpW: 250, criticalPower: undefined })).toMatchObject({
      matches: null,
      cpW: null,
      wPrimeJ: null,
      surges: 3,
    });
    expect(rideTactics(ride, { ftpW: undefined, criticalPower: undefined })).toBeUndefined();
    expect(
      rideTactics(streamsFromSeconds({ heartRateBpm: [120, 121] }), { ftpW: 250, criticalPower: undefined }),
    ).toBeUndefined();
  });

  it('counts matches on the balance the ride page draws: the minimum CP where the fitted one goes below zero', () => {
    // CP 200 W, W′ 10 kJ; a minute at 400 W spends 60·200 = 12 kJ: the fitted balance would reach
    // −2 kJ. GoldenCheetah's rule (W′ ≥ 10 kJ, lowest ≥ −10 kJ) raises CP in 3 W steps until the lowest
    // balance is above zero: 60·(400 − CP) < 10,000 needs CP > 233.3 W; 233 leaves −20 J, 236 leaves
    // +160 J. So CP 236 W, W′ 10 kJ, and one match (a drop of 9,840 J ≥ 20 % of W′).
    const effort = streamsFromSeconds({ powerW: seconds([60, 100], [60, 400], [300, 100]) });
    expect(rideTactics(effort, { ftpW: 250, criticalPower: { cpW: 200, wPrimeJ: 10_000 } })).toMatchObject({
      matches: 1,
      cpW: 236,
      wPrimeJ: 10_000,
    });
  });
});
