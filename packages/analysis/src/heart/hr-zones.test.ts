import { describe, expect, it } from 'vitest';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import {
  heartRateZoneIndexOf,
  hrZonesHeartRateReserve,
  hrZonesPercentOfLthr,
  hrZonesPercentOfMax,
  timeInHeartRateZonesS,
} from './hr-zones.ts';

describe('heart-rate zones', () => {
  it('puts a heart rate exactly on each boundary in the upper zone, as power zones do', () => {
    const zones = hrZonesPercentOfMax({ maxHrBpm: 100 });
    expect(
      [67, 68, 82, 83, 93, 94, 104, 105, 106].map((bpm) => heartRateZoneIndexOf(zones, bpm) + 1),
    ).toEqual([1, 2, 2, 3, 3, 4, 4, 5, 5]);
    for (const make of [
      () => hrZonesPercentOfLthr({ lthrBpm: 170 }),
      () => hrZonesHeartRateReserve({ restingHrBpm: 50, maxHrBpm: 190 }),
    ]) {
      const z = make();
      z.slice(0, 4).forEach((zone, k) => {
        expect(heartRateZoneIndexOf(z, zone.maxBpm)).toBe(k + 1);
        expect(heartRateZoneIndexOf(z, zone.maxBpm - 0.001)).toBe(k);
        expect(z[k + 1]!.minBpm).toBe(zone.maxBpm);
      });
    }
  });

  it('scales the Coggan bounds by LTHR', () => {
    expect(hrZonesPercentOfLthr({ lthrBpm: 170 }).map((z) => z.maxBpm)).toEqual([
      115.6,
      141.1,
      159.8,
      178.5,
      Number.POSITIVE_INFINITY,
    ]);
  });

  it('places heart-rate-reserve bounds between resting and maximum heart rate', () => {
    const zones = hrZonesHeartRateReserve({ restingHrBpm: 50, maxHrBpm: 190 });
    expect(zones.map((z) => z.maxBpm)).toEqual([134, 148, 162, 176, Number.POSITIVE_INFINITY]);
  });

  it('counts seconds per zone', () => {
    const zones = hrZonesPercentOfLthr({ lthrBpm: 100 });
    const streams = streamsFromSeconds({ heartRateBpm: [60, 70, 90, 100, 110, 0] });
    expect(timeInHeartRateZonesS(streams, zones)).toEqual([1, 1, 1, 1, 1]);
  });
});
