import { describe, expect, it } from 'vitest';
import { profileCategoryFloorWPerKg, profilePoint, profileTable, riderType } from './power-profile.ts';
import { aerobicCapacityPercentile, vo2maxFromFiveMinutePower } from './vo2max.ts';

describe('power profile', () => {
  it('places a 4.0 W/kg male FTP in the good category', () => {
    const point = profilePoint({ sex: 'male', duration: 'threshold', powerW: 280, massKg: 70 })!;
    expect(point.wattsPerKg).toBe(4);
    expect(point.category).toBe('good');
    expect(point.score).toBeCloseTo(((4 - 1.86) / (6.4 - 1.86)) * 100, 9);
  });

  it('has no category below the untrained floor and world class at the top', () => {
    expect(
      profilePoint({ sex: 'female', duration: 'vo2max5min', powerW: 100, massKg: 60 })?.category,
    ).toBeUndefined();
    expect(
      profilePoint({ sex: 'male', duration: 'neuromuscular5s', powerW: 1750, massKg: 72 })?.category,
    ).toBe('world-class');
  });

  it("has Allen & Coggan's women's table, below the men's at every duration", () => {
    // Training and Racing with a Power Meter (2nd ed.), women's power profile: untrained floor,
    // "good" floor and world-class floor at each duration, W/kg.
    expect(profileCategoryFloorWPerKg('female', 'threshold', 'untrained')).toBe(1.5);
    expect(profileCategoryFloorWPerKg('female', 'threshold', 'good')).toBe(2.98);
    expect(profileCategoryFloorWPerKg('female', 'threshold', 'world-class')).toBe(5.03);
    expect(profileCategoryFloorWPerKg('female', 'vo2max5min', 'good')).toBe(3.6);
    expect(profileCategoryFloorWPerKg('female', 'anaerobic1min', 'good')).toBe(6.3);
    expect(profileCategoryFloorWPerKg('female', 'neuromuscular5s', 'world-class')).toBe(17.7);
    // The same effort ranks higher on the women's table: 3.2 W/kg FTP is moderate for a man, good for a woman.
    const effort = { duration: 'threshold' as const, powerW: 192, massKg: 60 };
    expect(profilePoint({ ...effort, sex: 'male' })?.category).toBe('moderate');
    expect(profilePoint({ ...effort, sex: 'female' })?.category).toBe('good');
    // Women's FTP top is 5.69 W/kg: 3.2 W/kg scores (3.2 − 1.5) / (5.69 − 1.5) · 100.
    expect(profilePoint({ ...effort, sex: 'female' })?.score).toBeCloseTo(
      ((3.2 - 1.5) / (5.69 - 1.5)) * 100,
      9,
    );
  });

  it("uses the men's table when the rider has not said, and says so", () => {
    expect(profileTable(null)).toEqual({ table: 'male', sexSaid: false });
    expect(profileTable('male')).toEqual({ table: 'male', sexSaid: true });
    expect(profileTable('female')).toEqual({ table: 'female', sexSaid: true });
  });

  it('reads the rider type from the shape of the profile', () => {
    const flat = { neuromuscular5s: 50, anaerobic1min: 52, vo2max5min: 48, threshold: 51 };
    expect(riderType(flat, { flatWithinPoints: 10 })).toBe('all-rounder');
    expect(riderType({ ...flat, neuromuscular5s: 80 }, { flatWithinPoints: 10 })).toBe('sprinter');
    expect(riderType({ ...flat, threshold: 75 }, { flatWithinPoints: 10 })).toBe('time-trialist');
  });
});

describe('VO2max estimate', () => {
  it('uses 1.8 · work rate (kg·m/min) / kg + 7 with 1 W = 6.12 kg·m/min', () => {
    // 350 W = 2,142 kg·m/min; 1.8 · 2,142 / 70 + 7 = 55.08 + 7 = 62.08 ml/kg/min (10.8 · W/kg gave 61).
    expect(vo2maxFromFiveMinutePower({ power5MinW: 350, massKg: 70 })).toBeCloseTo(62.08, 9);
    expect(vo2maxFromFiveMinutePower({ power5MinW: 350, massKg: 0 })).toBeUndefined();
  });

  it('maps VO2max to the spec percentile bins', () => {
    expect([61, 50, 45, 44.9, 35, 20].map(aerobicCapacityPercentile)).toEqual([90, 80, 70, 60, 50, 30]);
  });
});
