import { describe, expect, test } from 'vitest';
import type { Lap } from '../../api/activity-types';
import { recordedChannels } from './lapChannels';

const lap = (values: Partial<Lap>): Lap =>
  ({
    index: 0,
    start_offset_s: 0,
    elapsed_time: 600,
    moving_time: 600,
    distance: 5000,
    average_power: null,
    max_power: null,
    normalized_power: null,
    average_heartrate: null,
    average_cadence: null,
    average_speed: 8,
    ...values,
  }) as Lap;

describe('channels a laps table shows as numbers', () => {
  test('a ride without power, heart rate or cadence shows none, even where laps hold 0', () => {
    const laps = [lap({ average_power: 0, average_heartrate: 0, average_cadence: 0 }), lap({ index: 1 })];
    const ride = { has_power: false, has_heartrate: false, average_cadence: null };
    expect(recordedChannels(ride, laps)).toEqual({ power: false, heart: false, cadence: false });
  });

  test('recorded channels are shown, with their real zeros', () => {
    const laps = [lap({ average_power: 0, average_heartrate: 120, average_cadence: 0 }), lap({ index: 1 })];
    const ride = { has_power: true, has_heartrate: true, average_cadence: 80 };
    expect(recordedChannels(ride, laps)).toEqual({ power: true, heart: true, cadence: true });
  });
});
