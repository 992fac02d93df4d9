import { describe, expect, it } from 'vitest';
import {
  channelsPresent,
  createActivityStreams,
  elapsedTimeS,
  movingTimeS,
  sliceStreams,
  streamsFromSeconds,
} from './activity-streams.ts';

describe('activity streams', () => {
  it('builds gap-free 1 Hz streams from plain arrays', () => {
    const streams = streamsFromSeconds({ powerW: [100, 200, 300], heartRateBpm: [120, 121, 122] });
    expect(Array.from(streams.timeS)).toEqual([0, 1, 2]);
    expect(Array.from(streams.gapMask)).toEqual([0, 0, 0]);
    expect(channelsPresent(streams)).toEqual(['powerW', 'heartRateBpm']);
  });

  it('rejects a channel whose length differs from the timeline', () => {
    expect(() =>
      createActivityStreams(new Float64Array(3), new Uint8Array(3), { powerW: new Float64Array(2) }),
    ).toThrow(RangeError);
  });

  it('counts moving time without the gap seconds and elapsed time with them', () => {
    const streams = createActivityStreams(Float64Array.from([0, 1, 2, 3]), Uint8Array.from([0, 1, 1, 0]), {});
    expect(movingTimeS(streams)).toBe(2);
    expect(elapsedTimeS(streams)).toBe(4);
  });

  it('slices a selection as views that share memory with the ride', () => {
    const streams = streamsFromSeconds({ powerW: [1, 2, 3, 4, 5] });
    const lap = sliceStreams(streams, 1, 4);
    expect(Array.from(lap.powerW ?? [])).toEqual([2, 3, 4]);
    expect(lap.powerW?.buffer).toBe(streams.powerW?.buffer);
  });
});
