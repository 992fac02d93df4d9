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
});
