import { describe, expect, it } from 'vitest';
import { compareEfforts, effortAxisFormat, efficiencyTone, formatSegmentTime } from './segmentFormat';

describe('segment card formatting', () => {
  it('gives times as m:ss and colours efficiency as the spec does', () => {
    expect(formatSegmentTime(65)).toBe('1:05');
    expect(formatSegmentTime(3725)).toBe('1:02:05');
    expect(efficiencyTone(0.9)).toBe('green');
    expect(efficiencyTone(0.8)).toBe('amber');
    expect(efficiencyTone(0.7)).toBe('red');
  });

  it('compares two efforts mark by mark', () => {
    const effort = (step: number) => ({
      id: 'x',
      activity_id: 'y',
      start_time: '2026-01-01T00:00:00Z',
      elapsed_s: step * 12,
      average_power_w: 250,
      relative_performance: 1,
      source: 'climb' as const,
      activity_name: null,
      average_heart_rate_bpm: null,
      weight_kg: null,
      weight: null,
      watts_per_kg: null,
      temperature_c: null,
      splits_s: Array.from({ length: 13 }, (_, k) => k * step),
      section_power_w: Array.from({ length: 12 }, () => 250),
    });
    const c = compareEfforts(effort(10), effort(11), 1200);
    expect(c.marksM[12]).toBe(1200);
    expect(c.gapS[12]).toBe(12);
    expect(c.speedA[0]).toBeCloseTo(10, 9);
  });

  it('labels the efforts axis with the time of day when the efforts are on one day', () => {
    // The Edge 810 fixture climbs the same 0.9 km hill twice in one ride, 16 Aug 2013.
    const twoLaps = [Date.parse('2013-08-16T18:31:00Z') / 1000, Date.parse('2013-08-16T19:04:00Z') / 1000];
    const sameDay = effortAxisFormat(twoLaps, 'en', 'UTC');
    const labels = twoLaps.map((s) => sameDay.format(new Date(s * 1000)));
    expect(labels[0]).not.toBe(labels[1]);
    expect(labels[0]).toMatch(/Aug 16.*6:31/);
    const weeks = [twoLaps[0]!, twoLaps[0]! + 14 * 86_400];
    expect(effortAxisFormat(weeks, 'en', 'UTC').format(new Date(weeks[0]! * 1000))).toBe('Aug 16');
  });
});
