import { describe, expect, test } from 'vitest';
import { bikeEfficiency, componentWearPct, median, rideEfficiency } from './bike-efficiency.ts';

const flat = {
  distanceM: 36_000,
  movingS: 72 * 60,
  elevationGainM: 120,
  averagePowerW: 180,
  riderKg: 72,
  indoor: false,
};

describe('bike efficiency', () => {
  test('the worked example: 30 km/h at 2.5 W/kg is 12 km/h per W/kg', () => {
    expect(rideEfficiency(flat)).toBeCloseTo(12, 10);
  });

  test('hilly, indoor, short or powerless rides are not comparable', () => {
    expect(rideEfficiency({ ...flat, elevationGainM: 400 })).toBeUndefined();
    expect(rideEfficiency({ ...flat, indoor: true })).toBeUndefined();
    expect(rideEfficiency({ ...flat, movingS: 600 })).toBeUndefined();
    expect(rideEfficiency({ ...flat, averagePowerW: null })).toBeUndefined();
    expect(rideEfficiency({ ...flat, riderKg: null })).toBeUndefined();
  });

  test('the bike score is the median over comparable rides', () => {
    const faster = { ...flat, distanceM: 43_200 }; // 36 km/h → 14.4
    const slower = { ...flat, distanceM: 28_800 }; // 24 km/h → 9.6
    const hilly = { ...flat, elevationGainM: 900 };
    const score = bikeEfficiency([faster, slower, flat, hilly]);
    expect(score.rides).toBe(3);
    expect(score.value).toBeCloseTo(12, 10);
    expect(bikeEfficiency([]).value).toBeUndefined();
  });

  test('median of even and odd counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });

  test('wear is the larger share of the km and hours intervals', () => {
    expect(componentWearPct({ distanceM: 2_700_000, movingS: 0 }, { km: 3000, hours: null })).toBeCloseTo(90);
    expect(componentWearPct({ distanceM: 1_000_000, movingS: 150 * 3600 }, { km: 3000, hours: 100 })).toBe(
      150,
    );
    expect(componentWearPct({ distanceM: 5, movingS: 5 }, { km: null, hours: null })).toBeUndefined();
  });
});
