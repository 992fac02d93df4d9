import { describe, expect, test } from 'vitest';
import { isSameRide, overlapS, sameRideAs } from './same-ride.ts';

const at = (iso: string, elapsedS: number) => ({ startTime: new Date(iso), elapsedS });

describe('the same ride', () => {
  test('a start within a minute makes two recordings one ride, whatever their lengths', () => {
    expect(isSameRide(at('2026-05-01T07:00:00Z', 3600), at('2026-05-01T07:00:45Z', 600))).toBe(true);
    expect(isSameRide(at('2026-05-01T07:00:00Z', 60), at('2026-05-01T07:01:01Z', 20))).toBe(false);
  });

  test('the first third of a ride, cut short, is that ride', () => {
    const whole = at('2026-05-01T07:00:00Z', 3 * 3600);
    const firstThird = at('2026-05-01T07:00:00Z', 3600);
    expect(isSameRide(whole, firstThird)).toBe(true);
    // A part that started later (the recorder restarted) and lies wholly within the ride.
    expect(isSameRide(whole, at('2026-05-01T08:00:00Z', 1800))).toBe(true);
  });

  test('more than half of the shorter one must overlap', () => {
    const morning = at('2026-05-01T07:00:00Z', 3600);
    expect(overlapS(morning, at('2026-05-01T07:40:00Z', 3600))).toBe(1200);
    expect(isSameRide(morning, at('2026-05-01T07:40:00Z', 3600))).toBe(false);
    expect(isSameRide(morning, at('2026-05-01T07:20:00Z', 3600))).toBe(true);
  });

  test('a morning and an evening ride the same day are two rides', () => {
    expect(isSameRide(at('2026-05-01T07:00:00Z', 5400), at('2026-05-01T18:00:00Z', 3600))).toBe(false);
    // Back to back: one ends as the other starts.
    expect(isSameRide(at('2026-05-01T07:00:00Z', 3600), at('2026-05-01T08:02:00Z', 3600))).toBe(false);
  });

  test('of several stored rides, the one overlapped most', () => {
    const stored = [
      { id: 'a', ...at('2026-05-01T06:00:00Z', 4200) },
      { id: 'b', ...at('2026-05-01T07:10:00Z', 3600) },
    ];
    expect(sameRideAs(at('2026-05-01T07:05:00Z', 3600), stored)?.id).toBe('b');
    expect(sameRideAs(at('2026-05-01T12:00:00Z', 3600), stored)).toBeUndefined();
  });
});
