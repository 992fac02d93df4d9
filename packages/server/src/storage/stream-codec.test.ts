import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CHANNELS, generateRide } from '@vatio/formats';
import { describe, expect, test } from 'vitest';
import { asStored, decodeStreams, encodeStreams, encodeStreamsAsStored } from './stream-codec.ts';

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

  test('version 2 blobs are byte for byte the layout it names: header, then each array as byte planes, Brotli quality 1', () => {
    // Written here element by element, the plain way (byte b of element i at b·n + i), so that a
    // faster encoder (issue 28: planes written straight into one buffer) keeps every stored blob, and
    // with it every blob key, as it was.
    for (const streams of [
      generateRide({ seed: 13, durationS: 1200 }).streams,
      generateRide({ seed: 14, durationS: 700, pedalPhase: true }).streams,
      // Lengths around the four elements a time the planes are written by.
      ...[1, 2, 3, 4, 5, 6, 7, 1201, 1202, 1203, 1204].map(
        (durationS) => generateRide({ seed: 16, durationS }).streams,
      ),
    ]) {
      const n = streams.timeS.length;
      const channels = CHANNELS.filter((name) => streams[name] !== undefined).map((name) => ({
        name,
        type: ['latDeg', 'lngDeg', 'distanceM'].includes(name) ? 'f64' : 'f32',
      }));
      const planes = (typed: Float64Array | Float32Array | Uint8Array) => {
        const bytes = new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength);
        const size = typed.BYTES_PER_ELEMENT;
        const out = new Uint8Array(bytes.length);
        for (let i = 0; i < n; i++) for (let b = 0; b < size; b++) out[b * n + i] = bytes[i * size + b]!;
        return out;
      };
      const header = Buffer.from(JSON.stringify({ length: n, channels }));
      const headerLength = Buffer.alloc(4);
      headerLength.writeUInt32LE(header.length);
      const expected = brotliCompressSync(
        Buffer.concat([
          Buffer.from('VST2'),
          headerLength,
          header,
          planes(streams.timeS),
          planes(streams.gapMask),
          ...channels.map(({ name, type }) =>
            planes(type === 'f64' ? streams[name]! : Float32Array.from(streams[name]!)),
          ),
        ]),
        { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
      );
      expect(Buffer.compare(encodeStreams(streams), expected)).toBe(0);
      expect(Buffer.compare(encodeStreamsAsStored(streams).blob, expected)).toBe(0);
    }
  });

  test('encodeStreamsAsStored gives the blob and the streams it stores, as a round trip decodes them', () => {
    // A view into a larger buffer at an offset (as a decoder may hand out) is encoded like a copy.
    const streams = generateRide({ seed: 15, durationS: 800 }).streams;
    const backing = new Float64Array(streams.timeS.length + 1);
    const offsetTime = new Float64Array(backing.buffer, 8, streams.timeS.length);
    offsetTime.set(streams.timeS);
    const moved = { ...streams, timeS: offsetTime };
    const { blob, stored } = encodeStreamsAsStored(moved);
    expect(Buffer.compare(blob, encodeStreams(streams))).toBe(0);
    const viaBlob = decodeStreams(blob);
    expect(Object.keys(stored).sort()).toEqual(Object.keys(viaBlob).sort());
    for (const key of Object.keys(viaBlob) as (keyof typeof viaBlob)[])
      expect(stored[key], key).toEqual(viaBlob[key]);
  });
});
