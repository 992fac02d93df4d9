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

  it('puts a value exactly on each boundary in the upper zone, and just under it in the lower', () => {
    // FTP 200 W: boundaries 110 / 150 / 180 / 210 / 240 / 300 W (55/75/90/105/120/150 %).
    const bounds = [110, 150, 180, 210, 240, 300];
    bounds.forEach((w, k) => {
      expect(zoneIndexOf(zones, w), `${w} W`).toBe(k + 1);
      expect(zoneIndexOf(zones, w - 0.001), `${w - 0.001} W`).toBe(k);
    });
    expect(zoneIndexOf(zones, 0)).toBe(0);
    expect(zoneIndexOf(zones, 5000)).toBe(6);
    expect(zoneIndexOf([], 100)).toBe(-1);
  });

  it('places integer percentages of FTP by the one rule: 55 % is Z2, 75 % is Z3', () => {
    const zoneOfPct = (pct: number) => zoneIndexOf(zones, (pct / 100) * 200) + 1;
    expect([54, 55, 74, 75, 89, 90, 104, 105, 119, 120, 149, 150].map(zoneOfPct)).toEqual([
      1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7,
    ]);
  });

  it('counts seconds per zone without the gaps', () => {
    const streams = streamsFromSeconds({ powerW: [0, 100, 120, 200, 200, 250, 900, Number.NaN, 110, 300] });
    expect(timeInPowerZonesS(streams, zones)).toEqual([2, 2, 0, 2, 0, 1, 2]);
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
