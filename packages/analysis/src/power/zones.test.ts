import { describe, expect, it } from 'vitest';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import {
  bandFromPercentOfFtp,
  cogganPowerZones,
  SWEET_SPOT_PCT,
  timeInPowerBandsS,
  timeInPowerZonesS,
  zoneIndexOf,
} from './zones.ts';

describe('Coggan power zones', () => {
  const zones = cogganPowerZones({ ftpW: 200 });

  it('has seven zones with the spec boundaries in watts', () => {
    expect(zones.map((z) => z.id)).toEqual(['z1', 'z2', 'z3', 'z4', 'z5', 'z6', 'z7']);
    expect(zones.map((z) => z.maxW)).toEqual([110, 150, 180, 210, 240, 300, Number.POSITIVE_INFINITY]);
    expect(zones[6]?.nameKey).toBe('zones.power.neuromuscular');
  });

  it('places the spec integer percentages in the spec zones', () => {
    const zoneOfPct = (pct: number) => (zoneIndexOf(zones, (pct / 100) * 200) ?? -1) + 1;
    expect([54, 55, 75, 76, 90, 91, 105, 106, 120, 121, 150, 151].map(zoneOfPct)).toEqual([
      1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7,
    ]);
  });

  it('counts seconds per zone without the gaps', () => {
    const streams = streamsFromSeconds({ powerW: [0, 100, 120, 200, 200, 250, 900, Number.NaN] });
    expect(timeInPowerZonesS(streams, zones)).toEqual([2, 1, 0, 2, 0, 1, 1]);
  });
});

describe('custom power bands', () => {
  it('counts seconds in a sweet-spot band that overlaps two zones', () => {
    const band = bandFromPercentOfFtp({ id: 'sweet-spot', ...SWEET_SPOT_PCT, ftpW: 300 });
    expect(band.minW).toBeCloseTo(264, 9);
    expect(band.maxW).toBeCloseTo(282, 9);
    const streams = streamsFromSeconds({ powerW: [260, 264, 270, 282, 290] });
    expect(timeInPowerBandsS(streams, [band])).toEqual([3]);
  });
});
