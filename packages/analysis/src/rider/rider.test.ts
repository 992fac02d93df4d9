import { describe, expect, it } from 'vitest';
import { profilePoint, riderType } from './power-profile.ts';
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

  it('reads the rider type from the shape of the profile', () => {
    const flat = { neuromuscular5s: 50, anaerobic1min: 52, vo2max5min: 48, threshold: 51 };
    expect(riderType(flat, { flatWithinPoints: 10 })).toBe('all-rounder');
    expect(riderType({ ...flat, neuromuscular5s: 80 }, { flatWithinPoints: 10 })).toBe('sprinter');
    expect(riderType({ ...flat, threshold: 75 }, { flatWithinPoints: 10 })).toBe('time-trialist');
  });
});

describe('VO2max estimate', () => {
  it('uses 10.8 · W/kg + 7', () => {
    expect(vo2maxFromFiveMinutePower({ power5MinW: 350, massKg: 70 })).toBeCloseTo(61, 9);
    expect(vo2maxFromFiveMinutePower({ power5MinW: 350, massKg: 0 })).toBeUndefined();
  });

  it('maps VO2max to the spec percentile bins', () => {
    expect([61, 50, 45, 44.9, 35, 20].map(aerobicCapacityPercentile)).toEqual([90, 80, 70, 60, 50, 30]);
  });
});
