import { generateRide } from '@vatio/formats';
import { describe, expect, test } from 'vitest';
import { AERO_DEFAULTS } from '@vatio/analysis';
import { analyseImportedRide, defaultRideName, storedSummaryJson } from './ride-import-analysis.ts';

describe('default ride names', () => {
  test('name the part of the day where the ride started, in the rider language', () => {
    // The synthetic ride starts near Madrid (about 4° W): local time is UTC here, to the hour.
    const morning = generateRide({ seed: 1, durationS: 60, startTime: new Date('2026-05-01T08:00:00Z') });
    expect(defaultRideName(morning, 'en')).toBe('Morning Ride');
    expect(defaultRideName(morning, 'es')).toBe('Salida matinal');
    const evening = generateRide({ seed: 1, durationS: 60, startTime: new Date('2026-05-01T18:30:00Z') });
    expect(defaultRideName(evening, 'en')).toBe('Evening Ride');
    expect(defaultRideName(evening, 'es')).toBe('Salida vespertina');
  });
});

describe('the whole-ride aero fit kept with each ride', () => {
  const settings = (weightKg: number | undefined) => ({
    ftpW: 250,
    weightKg,
    maxHrBpm: undefined,
    lthrBpm: undefined,
    weightSource: weightKg === undefined ? undefined : ('settings' as const),
    weightFrom: weightKg === undefined ? undefined : '2026-01-01',
    maxHrSource: undefined,
    maxHrFrom: undefined,
    lthrSource: undefined,
    lthrFrom: undefined,
    ftpFrom: '2026-01-01',
    nearestFtpW: undefined,
    bikeKg: undefined,
  });

  test('an outdoor ride recovers the CdA and Crr it was ridden with, and is trustworthy', () => {
    // The synthetic rider and bike weigh 80 kg with CdA 0.32 m² and Crr 0.004 (formats/synthetic).
    const ride = generateRide({ seed: 5, durationS: 5400, startTime: new Date('2026-05-01T08:00:00Z') });
    const analysed = analyseImportedRide(ride, settings(80 - AERO_DEFAULTS.bikeKg));
    expect(analysed.aero?.trustworthy).toBe(true);
    expect(Math.abs(analysed.aero!.cdaM2 - 0.32)).toBeLessThan(0.01);
    expect(Math.abs(analysed.aero!.crr - 0.004)).toBeLessThan(0.001);
    expect(JSON.parse(storedSummaryJson(analysed, ride)).aeroFit).toEqual(analysed.aero);
  });

  test('an indoor ride has none (no real elevation to fit)', () => {
    const ride = generateRide({ seed: 5, durationS: 1800, startTime: new Date('2026-05-01T08:00:00Z') });
    const indoor = { ...ride, subSport: 'indoorCycling' };
    const analysed = analyseImportedRide(indoor, settings(70));
    expect(analysed.aero).toBeUndefined();
    expect(JSON.parse(storedSummaryJson(analysed, indoor)).aeroFit).toBeNull();
  });
});
