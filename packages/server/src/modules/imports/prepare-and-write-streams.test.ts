import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, describe, expect, test } from 'vitest';
import { sha256OfBytes } from '../../storage/blob-store.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import { prepareAndWriteStreams, prepareFile, type RiderForRide } from './ride-preparation.ts';

// Issue 28: the analysis thread writes a ride's streams blob while it analyses the ride, instead of
// the import writing it after the analysis. What it prepares is what `prepareFile` prepares, and the
// blob on disk is that blob, under its key, where the blob store keeps it.
const folders: string[] = [];
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});
const newRoot = () => {
  const root = mkdtempSync(join(tmpdir(), 'vatio-streams-'));
  folders.push(root);
  return root;
};

const ride = generateRide({
  seed: 31,
  durationS: 1500,
  ftpW: 250,
  startTime: new Date('2026-03-01T08:00:00Z'),
});
const bytes = encodeFit(ride);
const rider: RiderForRide = { baseline: { history: [] }, bikeKg: null, advancedFactsToday: '2026-11-29' };

describe('prepareAndWriteStreams', () => {
  test('writes the streams blob under its key before it answers, and prepares what prepareFile does', async () => {
    const root = newRoot();
    const prepared = await prepareAndWriteStreams(bytes, 'ride.fit', { ...rider, streamsBlobRoot: root });
    const plain = prepareFile(bytes, 'ride.fit', rider);
    if (prepared.kind !== 'ride' || plain.kind !== 'ride') throw new Error('not a ride');
    const { streamsWritten, ...rest } = prepared.ride;
    expect(streamsWritten).toBe(true);
    expect(rest).toEqual(plain.ride);
    const key = prepared.ride.streamsKey;
    const onDisk = readFileSync(join(root, key.slice(0, 2), key.slice(2, 4), key));
    expect(sha256OfBytes(onDisk)).toBe(key);
    expect(Buffer.compare(onDisk, prepared.ride.streamsBlob)).toBe(0);
    // The stored blob decodes to the ride's streams: time exactly, power to float32.
    const decoded = decodeStreams(onDisk);
    expect(decoded.timeS).toEqual(ride.streams.timeS);
    expect(decoded.powerW).toEqual(Float64Array.from(Float32Array.from(ride.streams.powerW!)));
  });

  test('the same streams again: found, not written (false); no folder: not written by it (absent)', async () => {
    const root = newRoot();
    await prepareAndWriteStreams(bytes, 'ride.fit', { ...rider, streamsBlobRoot: root });
    const again = await prepareAndWriteStreams(bytes, 'copy.fit', { ...rider, streamsBlobRoot: root });
    expect(again.kind === 'ride' && again.ride.streamsWritten).toBe(false);
    const inline = await prepareAndWriteStreams(bytes, 'ride.fit', rider);
    expect(inline.kind === 'ride' && 'streamsWritten' in inline.ride).toBe(false);
  });

  test('a write that fails leaves the blob to the import (absent), and the preparation stands', async () => {
    const root = newRoot();
    // A file where the blob's folder should be: the write fails, as on a full or broken disk.
    const key = (prepareFile(bytes, 'ride.fit', rider) as { ride: { streamsKey: string } }).ride.streamsKey;
    writeFileSync(join(root, key.slice(0, 2)), 'not a folder');
    const prepared = await prepareAndWriteStreams(bytes, 'ride.fit', { ...rider, streamsBlobRoot: root });
    expect(prepared.kind).toBe('ride');
    expect(prepared.kind === 'ride' && 'streamsWritten' in prepared.ride).toBe(false);
    expect(existsSync(join(root, key.slice(0, 2), key.slice(2, 4), key))).toBe(false);
  });

  test('a file that is not a ride writes nothing', async () => {
    const root = newRoot();
    const prepared = await prepareAndWriteStreams(new Uint8Array([1, 2, 3]), 'x.fit', {
      ...rider,
      streamsBlobRoot: root,
    });
    expect(prepared.kind).toBe('format-error');
    expect(readdirSync(root)).toEqual([]);
  });
});
