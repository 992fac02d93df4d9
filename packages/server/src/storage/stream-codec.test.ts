import { generateRide } from '@vatio/formats';
import { describe, expect, test } from 'vitest';
import { decodeStreams, encodeStreams } from './stream-codec.ts';

describe('stream blobs', () => {
  test('a ride survives the round trip: positions exactly, sensor channels to float32 precision, gaps and NaN kept', () => {
    const ride = generateRide({ seed: 7, durationS: 1800 });
    const streams = ride.streams;
    streams.gapMask[100] = 1;
    if (streams.powerW) streams.powerW[100] = Number.NaN;
    const decoded = decodeStreams(encodeStreams(streams));
    expect(decoded.timeS).toEqual(streams.timeS);
    expect(decoded.gapMask).toEqual(streams.gapMask);
    expect(decoded.latDeg).toEqual(streams.latDeg);
    expect(Number.isNaN(decoded.powerW![100])).toBe(true);
    for (let i = 0; i < streams.timeS.length; i++) {
      if (i === 100) continue;
      expect(decoded.powerW![i]).toBeCloseTo(streams.powerW![i]!, 3);
    }
    expect(Object.keys(decoded).sort()).toEqual(
      Object.keys(streams)
        .filter((k) => streams[k as 'powerW'] !== undefined)
        .sort(),
    );
  });

  test('a blob that is not one is refused', () => {
    expect(() => decodeStreams(new Uint8Array([1, 2, 3]))).toThrow();
  });
});
