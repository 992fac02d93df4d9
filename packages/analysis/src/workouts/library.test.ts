import { describe, expect, it } from 'vitest';
import { COGGAN_POWER_ZONE_UPPER_PCT } from '../power/zones.ts';
import { WORKOUT_LIBRARY, WORKOUT_PURPOSES, libraryWorkout, nearestLibraryWorkout } from './library.ts';
import { workoutLoad } from './metrics.ts';
import { serializeWorkoutText } from './text.ts';
import { validateWorkout } from './validation.ts';
import { flattenWorkout, workoutDurationS } from './workout.ts';

describe('workout library', () => {
  it('holds at least 20 sessions with unique stable ids and i18n keys, every purpose covered', () => {
    expect(WORKOUT_LIBRARY.length).toBeGreaterThanOrEqual(20);
    expect(new Set(WORKOUT_LIBRARY.map((w) => w.id)).size).toBe(WORKOUT_LIBRARY.length);
    for (const purpose of WORKOUT_PURPOSES) {
      expect(WORKOUT_LIBRARY.some((w) => w.purpose === purpose)).toBe(true);
    }
    for (const w of WORKOUT_LIBRARY) {
      expect(w.id).toMatch(/^[a-z0-9-]+$/);
      expect(w.nameKey).toBe(`library.${w.id}.name`);
      expect(w.descriptionKey).toBe(`library.${w.id}.description`);
    }
  });

  it('every session is valid, under 6 h, and its text round-trips', () => {
    for (const w of WORKOUT_LIBRARY) {
      expect({ id: w.id, issues: validateWorkout(w.workout, { ftpW: 250 }) }).toEqual({
        id: w.id,
        issues: [],
      });
      expect(serializeWorkoutText(w.workout).length).toBeGreaterThan(0);
    }
  });

  it("puts each session's hardest step in its purpose's Coggan level", () => {
    // Lower bound (in % FTP) of the level each purpose names; sweet spot starts at 88 %.
    const [l2, l3, l4, l5, l6, l7] = COGGAN_POWER_ZONE_UPPER_PCT;
    const floor: Record<string, [number, number]> = {
      recovery: [0, l2],
      endurance: [l2, l3],
      tempo: [l3, l4],
      sweetSpot: [88, 94],
      threshold: [l4 - 5, l5],
      vo2max: [l5, l6],
      // Tabata's 170 % of VO2max power (≈ 200 % FTP) is above level 6 yet trains anaerobic capacity.
      anaerobic: [l6, 200],
      sprint: [l7, 300],
    };
    for (const w of WORKOUT_LIBRARY) {
      const hardest = Math.max(...flattenWorkout(w.workout, 100).map((s) => s.powerHighW ?? 0));
      const [low, high] = floor[w.purpose]!;
      expect({ id: w.id, ok: hardest >= low && hardest <= high }).toEqual({ id: w.id, ok: true });
    }
  });

  it('hand-worked: recovery 30 min at the middle of 45–55 % is 0.5 h · 0.5² · 100 = 12.5 TSS', () => {
    expect(workoutLoad(libraryWorkout('recovery-30')!.workout, 260).tss).toBeCloseTo(12.5, 9);
  });

  it('hand-worked: the 4 × 8 min of Seiler & Jøranson lasts 10 + 4·10 + 10 = 60 min', () => {
    expect(workoutDurationS(libraryWorkout('vo2max-4x8')!.workout)).toBe(3600);
    expect(libraryWorkout('vo2max-4x8')!.source).toContain('Seiler');
    // Rønnestad 30/15: 3 series of 13 × 45 s with 3 min between, plus 20 min of warm-up and cool-down.
    expect(workoutDurationS(libraryWorkout('vo2max-30-15')!.workout)).toBe(1200 + 3 * 13 * 45 + 2 * 180);
  });

  it('picks the session of a purpose nearest a TSS', () => {
    // endurance-60: ramps 45→65 and 60→45 (means 55 %, 52.5 %) and 40 min at 65 %; endurance-3h is far longer.
    const short = nearestLibraryWorkout('endurance', 40)!;
    expect(short.id).toBe('endurance-60');
    expect(nearestLibraryWorkout('endurance', 400)!.id).toBe('endurance-3h');
    expect(nearestLibraryWorkout('sprint', 50)!.purpose).toBe('sprint');
  });
});
