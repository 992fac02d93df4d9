import { describe, expect, it } from 'vitest';
import { MAX_RIDE_VAM_M_PER_H, rideAscent } from './ride-ascent.ts';

describe('rideAscent', () => {
  it("shows the device's own ascent whenever the file carries one, even beside an estimate", () => {
    expect(rideAscent({ deviceM: 396, estimatedM: 243, elapsedS: 10_215 })).toEqual({
      ascentM: 396,
      source: 'device',
    });
    // A trainer ride whose device counted nothing: 0 m is the device's figure, not a missing one.
    expect(rideAscent({ deviceM: 0, estimatedM: 9, elapsedS: 2103 })).toEqual({
      ascentM: 0,
      source: 'device',
    });
  });

  it('falls back to the estimate, labelled, where the device gives none', () => {
    expect(rideAscent({ deviceM: undefined, estimatedM: 1287, elapsedS: 8356 })).toEqual({
      ascentM: 1287,
      source: 'estimated',
    });
    expect(rideAscent({ deviceM: undefined, estimatedM: undefined, elapsedS: 60 })).toEqual({
      ascentM: undefined,
      source: undefined,
    });
  });

  it('leaves out a device ascent no ride can climb in its time', () => {
    // One hour: 2,000 m/h + 100 m = 2,100 m at most.
    expect(MAX_RIDE_VAM_M_PER_H).toBe(2000);
    expect(rideAscent({ deviceM: 2100, estimatedM: 800, elapsedS: 3600 }).source).toBe('device');
    expect(rideAscent({ deviceM: 2101, estimatedM: 800, elapsedS: 3600 })).toEqual({
      ascentM: 800,
      source: 'estimated',
    });
    expect(rideAscent({ deviceM: -3, estimatedM: 10, elapsedS: 3600 }).source).toBe('estimated');
    expect(rideAscent({ deviceM: Number.NaN, estimatedM: 10, elapsedS: 3600 }).source).toBe('estimated');
  });
});
