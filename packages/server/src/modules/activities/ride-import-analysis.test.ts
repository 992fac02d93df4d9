import { generateRide } from '@vatio/formats';
import { describe, expect, test } from 'vitest';
import { defaultRideName } from './ride-import-analysis.ts';

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
