import { describe, expect, it } from 'vitest';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import { climbingTotals } from './climbing-totals.ts';
import { detectClimbs } from './climbs.ts';
import { CLIMB_OPTIONS } from '../report/options.ts';

/** 5 m/s: 1 km flat, 3 km at 5 % (600 s, 150 m), 1 km flat; 250 W throughout. */
function oneClimb(withPower: boolean) {
  const altitude: number[] = [];
  const distance: number[] = [];
  let x = 0;
  let y = 100;
  for (const [lengthM, grade] of [
    [1000, 0],
    [3000, 0.05],
    [1000, 0],
  ] as const) {
    for (let s = 0; s < lengthM / 5; s++) {
      x += 5;
      y += 5 * grade;
      distance.push(x);
      altitude.push(y);
    }
  }
  return streamsFromSeconds({
    altitudeM: altitude,
    distanceM: distance,
    ...(withPower ? { powerW: altitude.map(() => 250) } : {}),
  });
}

describe('climbingTotals', () => {
  it('adds up the climbs: time, gain and the work done on them', () => {
    const totals = climbingTotals(oneClimb(true))!;
    expect(totals.count).toBe(1);
    // The climb runs from the last flat second (index 199) to the top (index 799): 600 s, 150 m.
    expect(totals.timeS).toBe(600);
    expect(totals.gainM).toBeCloseTo(150, 6);
    // 600 s × 250 W = 150 kJ.
    expect(totals.workKj).toBeCloseTo(150, 6);
  });

  it('has no work without power, and no totals without altitude', () => {
    expect(climbingTotals(oneClimb(false))?.workKj).toBeNull();
    expect(climbingTotals(streamsFromSeconds({ powerW: [100, 100] }))).toBeUndefined();
  });

  it("adds up the climbs it is given (the ride report's, issue 28) as those it detects itself", () => {
    const streams = oneClimb(true);
    const detected = detectClimbs(streams, CLIMB_OPTIONS)!;
    expect(detected).toHaveLength(1);
    expect(climbingTotals(streams, undefined, detected)).toEqual(climbingTotals(streams));
    // Without altitude there is nothing to add up, whatever it is given (`detectClimbs` answers so too).
    const { altitudeM: _, ...flat } = streams;
    expect(climbingTotals(flat, undefined, detected)).toBeUndefined();
    expect(climbingTotals(flat)).toBeUndefined();
  });
});
