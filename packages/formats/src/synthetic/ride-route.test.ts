import { matchSegment, segmentClimbsOf } from '@vatio/analysis';
import { describe, expect, it } from 'vitest';
import { generateRide, SYNTHETIC_ROUTES } from './ride.ts';

describe('rides on a fixed route', () => {
  const [valley, ridge] = SYNTHETIC_ROUTES;

  it('two rides of one route (other seed, FTP and length) share their climbs', () => {
    const a = segmentClimbsOf(generateRide({ seed: 11, durationS: 9000, ftpW: 240, route: valley }).streams);
    const b = segmentClimbsOf(generateRide({ seed: 12, durationS: 7200, ftpW: 265, route: valley }).streams);
    expect(a.length).toBeGreaterThan(3);
    // Every climb of the shorter ride but a cut-off last one is a climb of the longer.
    const matched = b.filter((c) => matchSegment(c, a) !== undefined);
    expect(matched.length).toBeGreaterThanOrEqual(b.length - 1);
  });

  it('rides of two routes share none', () => {
    const a = segmentClimbsOf(generateRide({ seed: 11, durationS: 7200, route: valley }).streams);
    const b = segmentClimbsOf(generateRide({ seed: 11, durationS: 7200, route: ridge }).streams);
    expect(b.filter((c) => matchSegment(c, a) !== undefined)).toHaveLength(0);
  });
});
