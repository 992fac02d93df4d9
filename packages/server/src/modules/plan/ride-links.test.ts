import { describe, expect, test } from 'vitest';
import { linkRides, rideReference } from './ride-links.ts';

// Which ride each planned day is measured with (ride-links.ts), case by case.

const days = [
  { date: '2030-01-14', workout_ref: { source: 'library' as const, id: 'endurance-60' } },
  { date: '2030-01-15', workout_ref: { source: 'own' as const, id: 'w1' } },
  { date: '2030-01-16', workout_ref: null },
];
const ride = (id: string, date: string, workout_ref: string | null = null, has_power = true) => ({
  id,
  date,
  workout_ref,
  has_power,
});

describe('rideReference', () => {
  test('workouts and planned days; unknown kinds and damaged ones are none', () => {
    expect(rideReference('library:vo2max-4x8')).toEqual({
      kind: 'workout',
      workout: { source: 'library', id: 'vo2max-4x8' },
    });
    expect(rideReference('own:w1')).toEqual({ kind: 'workout', workout: { source: 'own', id: 'w1' } });
    expect(rideReference('plan:2030-01-15')).toEqual({ kind: 'day', date: '2030-01-15' });
    expect(rideReference('day:2030-01-15:library:x')).toEqual({ kind: 'day', date: '2030-01-15' });
    for (const stored of [
      null,
      'library',
      'library:',
      'zz9:x',
      'plan:tomorrow',
      'plan:2030-13-45',
      'plan:2030-01-1',
    ])
      expect(rideReference(stored), String(stored)).toBeUndefined();
  });
});

describe('linkRides', () => {
  test("without references: each day's first ride with power, on days with a workout", () => {
    const links = linkRides(days, [
      ride('a', '2030-01-14', null, false),
      ride('b', '2030-01-14'),
      ride('c', '2030-01-16'),
    ]);
    expect(Object.fromEntries(links)).toEqual({ '2030-01-14': 'b' });
  });

  test('the referenced ride wins over an earlier one; of two referenced, the first', () => {
    const links = linkRides(days, [
      ride('a', '2030-01-15'),
      ride('b', '2030-01-15', 'own:w1'),
      ride('c', '2030-01-15', 'own:w1'),
    ]);
    expect(Object.fromEntries(links)).toEqual({ '2030-01-15': 'b' });
  });

  test('a named day links across days; the day it was ridden on gets no fallback ride', () => {
    const links = linkRides(days, [ride('a', '2030-01-14'), ride('b', '2030-01-14', 'plan:2030-01-15')]);
    expect(Object.fromEntries(links)).toEqual({ '2030-01-15': 'b' });
  });

  test('a workout the day does not plan, or a rest day named, links nothing', () => {
    expect(linkRides(days, [ride('a', '2030-01-14', 'own:w1')]).size).toBe(0);
    expect(linkRides(days, [ride('a', '2030-01-14', 'library:vo2max-4x8')]).size).toBe(0);
    expect(linkRides(days, [ride('a', '2030-01-14', 'plan:2030-01-16')]).size).toBe(0);
    expect(linkRides(days, [ride('a', '2030-01-14', 'plan:2031-01-01')]).size).toBe(0);
  });

  test('an unknown kind is no reference: the day falls back to its first ride', () => {
    const links = linkRides(days, [ride('a', '2030-01-14', 'zz9:x'), ride('b', '2030-01-14')]);
    expect(Object.fromEntries(links)).toEqual({ '2030-01-14': 'a' });
  });
});
