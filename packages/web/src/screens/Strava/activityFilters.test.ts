import { describe, expect, test } from 'vitest';
import type { StravaListActivity } from '../../api/strava';
import { filterActivities, movingTimeText, typeGroup } from './activityFilters';

const activity = (id: number, type: string, start: string): StravaListActivity => ({
  id,
  name: `A${id}`,
  type,
  start_date: start,
  distance: 1000,
  moving_time: 60,
  total_elevation_gain: 0,
  average_speed: 5,
  max_speed: 8,
  average_watts: null,
  max_watts: null,
  state: 'listed',
  synced: false,
  activity_id: null,
  message: null,
});

describe('sync dashboard filters', () => {
  test('rides of every kind are "ride"; runs, swims and the rest have their group', () => {
    expect(['Ride', 'VirtualRide', 'GravelRide', 'MountainBikeRide', 'EBikeRide'].map(typeGroup)).toEqual([
      'ride',
      'ride',
      'ride',
      'ride',
      'ride',
    ]);
    expect(typeGroup('TrailRun')).toBe('run');
    expect(typeGroup('Swim')).toBe('swim');
    expect(typeGroup('WeightTraining')).toBe('workout');
  });

  test('keeps activities from today minus N days on, of the chosen type', () => {
    const now = Date.parse('2026-03-31T12:00:00');
    const list = [
      activity(1, 'Ride', '2026-03-30T08:00:00'),
      activity(2, 'Run', '2026-03-29T08:00:00'),
      activity(3, 'Ride', '2026-03-01T08:00:00'),
    ];
    expect(filterActivities(list, 'all', 7, now).map((a) => a.id)).toEqual([1, 2]);
    expect(filterActivities(list, 'ride', 30, now).map((a) => a.id)).toEqual([1, 3]);
    expect(filterActivities(list, 'swim', 365, now)).toEqual([]);
  });

  test('moving time reads Xh Ym or Ym', () => {
    expect(movingTimeText(3 * 3600 + 5 * 60)).toBe('3h 5m');
    expect(movingTimeText(45 * 60 + 30)).toBe('45m');
    expect(movingTimeText(null)).toBe('—');
  });
});
