import { rideTactics } from '@vatio/analysis';
import { generateRide } from '@vatio/formats';
import { describe, expect, test } from 'vitest';
import { decodeStreams, encodeStreams } from '../../storage/stream-codec.ts';
import { measureRideFacts } from './ride-facts.ts';

// Issue 28: the batch pass measures a ride's tactics from its power alone (the other channels of its
// blob are not unpacked). The tactics must come out as they do from the whole streams.
describe('measureRideFacts', () => {
  test('tactics alone, from the power channel, equal the tactics of the whole decoded streams', () => {
    const rides = [
      generateRide({ seed: 21, durationS: 1800, ftpW: 250 }),
      generateRide({
        seed: 22,
        durationS: 1200,
        ftpW: 280,
        intervals: { count: 4, workS: 120, restS: 120, intervalPct: 1.3 },
      }),
    ];
    for (const ride of rides) {
      const blob = encodeStreams(ride.streams);
      for (const criticalPower of [undefined, { cpW: 240, wPrimeJ: 18_000 }]) {
        const tactics = { ftpW: 250, criticalPower };
        const whole = rideTactics(decodeStreams(blob), tactics);
        expect(whole).toBeDefined();
        expect(measureRideFacts(blob, { tactics })).toEqual({ tactics: JSON.stringify(whole) });
      }
    }
  });
});
