import { gzipSync } from 'node:zlib';
import { CHANNELS, generateRide } from '@vatio/formats';
import { describe, expect, test } from 'vitest';
import { asStored, decodeStreams, encodeStreams } from './stream-codec.ts';

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

  test('platform centre offset and power phase round trip; blobs written before them read without them', () => {
    const phased = generateRide({ seed: 9, durationS: 600, pedalPhase: true }).streams;
    const decoded = decodeStreams(encodeStreams(phased));
    for (const name of [
      'platformCentreOffsetLeftMm',
      'powerPhaseStartRightDeg',
      'powerPhasePeakEndLeftDeg',
    ] as const) {
      const a = phased[name]!;
      const b = decoded[name]!;
      for (let i = 0; i < a.length; i++)
        if (Number.isNaN(a[i]!)) expect(b[i]).toBeNaN();
        else expect(b[i]).toBeCloseTo(a[i]!, 3);
    }
    // The header names its channels, so a blob of the channels before these (every ride stored so
    // far) reads as it did.
    const older = decodeStreams(encodeStreams(generateRide({ seed: 9, durationS: 600 }).streams));
    expect(older.powerPhaseStartLeftDeg).toBeUndefined();
    expect(older.powerW).toEqual(decoded.powerW);
  });

  test('version 1 blobs (plain arrays, gzip) are still read', () => {
    // Written here the way version 1 wrote them, so rides stored before version 2 keep their streams.
    const streams = generateRide({ seed: 8, durationS: 600 }).streams;
    const channels = CHANNELS.filter((name) => streams[name] !== undefined).map((name) => ({
      name,
      type: ['latDeg', 'lngDeg', 'distanceM'].includes(name) ? 'f64' : 'f32',
    }));
    const header = Buffer.from(JSON.stringify({ length: streams.timeS.length, channels }));
    const headerLength = Buffer.alloc(4);
    headerLength.writeUInt32LE(header.length);
    const arrays = channels.map(({ name, type }) => {
      const typed = type === 'f64' ? streams[name]! : Float32Array.from(streams[name]!);
      return Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength);
    });
    const blob = gzipSync(
      Buffer.concat([
        Buffer.from('VST1'),
        headerLength,
        header,
        Buffer.from(streams.timeS.buffer),
        Buffer.from(streams.gapMask.buffer),
        ...arrays,
      ]),
    );
    const decoded = decodeStreams(blob);
    expect(decoded.timeS).toEqual(streams.timeS);
    expect(decoded.latDeg).toEqual(streams.latDeg);
    expect(decoded.powerW).toEqual(Float64Array.from(Float32Array.from(streams.powerW!)));
  });

  test('a blob that is not one is refused', () => {
    expect(() => decodeStreams(new Uint8Array([1, 2, 3]))).toThrow();
  });

  test('asStored gives the streams exactly as a blob round trip does', () => {
    // What the analysis thread measures a ride's facts from at import (issue 28) must be what the
    // batch pass and the re-analysis later decode from the stored blob, value for value.
    for (const streams of [
      generateRide({ seed: 11, durationS: 900 }).streams,
      generateRide({ seed: 12, durationS: 600, pedalPhase: true }).streams,
    ]) {
      const viaBlob = decodeStreams(encodeStreams(streams));
      const direct = asStored(streams);
      expect(Object.keys(direct).sort()).toEqual(Object.keys(viaBlob).sort());
      for (const key of Object.keys(viaBlob) as (keyof typeof viaBlob)[]) {
        expect(direct[key], key).toEqual(viaBlob[key]);
      }
    }
  });
});
