import { generateRide } from '@vatio/formats';
import { describe, expect, test } from 'vitest';
import { lapsOf } from './stored-ride-parts.ts';

describe('stored laps', () => {
  const ride = generateRide({ seed: 3, durationS: 1200, startTime: new Date('2026-05-01T08:00:00Z') });
  const laps = [
    { startTimeS: 0, elapsedTimeS: 600, avgPowerW: 0, maxPowerW: 0, avgHeartRateBpm: 0, avgCadenceRpm: 0 },
    { startTimeS: 600, elapsedTimeS: 600, avgPowerW: 210, avgHeartRateBpm: 140, avgCadenceRpm: 88 },
  ];

  test('a channel the ride did not record is NULL in every lap, even where the device wrote 0', () => {
    const { powerW: _p, heartRateBpm: _h, cadenceRpm: _c, ...streams } = ride.streams;
    const rows = lapsOf({ ...ride, streams, laps });
    for (const row of rows) {
      expect(row).toMatchObject({
        average_power_w: null,
        max_power_w: null,
        normalized_power_w: null,
        average_heartrate_bpm: null,
        average_cadence_rpm: null,
      });
    }
  });

  test('a recorded channel keeps its values, real zeros included', () => {
    const rows = lapsOf({ ...ride, laps });
    expect(rows[0]).toMatchObject({ average_power_w: 0, average_heartrate_bpm: 0, average_cadence_rpm: 0 });
    expect(rows[1]).toMatchObject({
      average_power_w: 210,
      average_heartrate_bpm: 140,
      average_cadence_rpm: 88,
    });
  });
});
