import { gzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeArchive } from '../decode.ts';
import { FormatError } from '../errors.ts';
import { encodeFit } from '../fit/encode.ts';
import { DEFAULT_LIMITS } from '../limits.ts';
import { generateRide } from '../synthetic/ride.ts';
import { sampleGpx, sampleTcx, utf8 } from '../test-support/samples.ts';
import { isActivityEntryName, listActivityEntries, unzipEntry } from './decode-zip.ts';
import { gunzipLimited } from './gzip.ts';

function zipError(fn: () => unknown): FormatError | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  return undefined;
}

describe('zip archives', () => {
  it('decodes every activity of a Strava bulk export and skips the rest', () => {
    const zip = zipSync({
      'activities.csv': utf8('Activity ID,Filename\n1,activities/1.gpx\n'),
      'activities/1.gpx': utf8(sampleGpx(30)),
      'activities/4.fit.gz': gzipSync(encodeFit(generateRide({ seed: 9, durationS: 600 }))),
      'activities/2.tcx.gz': gzipSync(utf8(sampleTcx(30))),
      'activities/3.gpx.gz': gzipSync(utf8(sampleGpx(20, { powerW: 300 }))),
      'media/photo.jpg': new Uint8Array([0xff, 0xd8, 0xff]),
      '__MACOSX/activities/._1.gpx': new Uint8Array([0, 5, 22, 7]),
    });
    const results = decodeArchive(zip, 'export.zip');
    expect(results.map((r) => r.name)).toEqual([
      'activities/1.gpx',
      'activities/4.fit.gz',
      'activities/2.tcx.gz',
      'activities/3.gpx.gz',
    ]);
    const formats = results.map((r) => ('activity' in r ? r.activity.format : r.error.code));
    expect(formats).toEqual(['gpx', 'fit', 'tcx', 'gpx']);
  });

  it('reports a broken entry on its own and still decodes the others', () => {
    const zip = zipSync({ 'good.gpx': utf8(sampleGpx(10)), 'bad.fit': utf8('not a fit file at all') });
    const results = decodeArchive(zip);
    const bad = results.find((r) => r.name === 'bad.fit');
    expect(bad && 'error' in bad ? bad.error.code : undefined).toBe('UNSUPPORTED_FORMAT');
    expect(results.find((r) => r.name === 'good.gpx')).toHaveProperty('activity');
  });

  it('refuses an archive with more entries than the default limit', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i <= DEFAULT_LIMITS.maxZipEntries; i++) files[`f${i}.txt`] = new Uint8Array();
    expect(zipError(() => decodeArchive(zipSync(files, { level: 0 })))?.code).toBe('ZIP_TOO_LARGE');
  });

  it('refuses an archive whose entries unpack past the total size limit before inflating them', () => {
    const zeros = new Uint8Array(2 * 1024 * 1024);
    const zip = zipSync({ 'a.gpx': zeros, 'b.gpx': zeros });
    const limits = { ...DEFAULT_LIMITS, maxZipTotalBytes: 3 * 1024 * 1024 };
    expect(zip.length).toBeLessThan(20_000);
    expect(zipError(() => decodeArchive(zip, 'bomb.zip', limits))?.code).toBe('ZIP_TOO_LARGE');
  });

  it('refuses a gzip bomb by its declared size and cannot be inflated past it by a lying footer', () => {
    const bomb = gzipSync(new Uint8Array(4 * 1024 * 1024));
    expect(zipError(() => gunzipLimited(bomb, 1024 * 1024))?.code).toBe('FILE_TOO_LARGE');
    const lying = bomb.slice();
    lying.set([0, 0, 1, 0], lying.length - 4); // footer claims 64 KiB
    expect(gunzipLimited(lying, 1024 * 1024).length).toBe(65536);
  });

  it('treats a damaged archive as a corrupt file', () => {
    const zip = zipSync({ 'a.gpx': utf8(sampleGpx(10)) });
    const results = decodeArchive(zip.subarray(0, zip.length - 30), 'cut.zip');
    expect(results).toHaveLength(1);
    expect(results[0] && 'error' in results[0] ? results[0].error.code : undefined).toBe('CORRUPT_FILE');
  });

  it('recognises activity files by name, ignoring folders and resource forks', () => {
    expect(isActivityEntryName('activities/123.fit.gz')).toBe(true);
    expect(isActivityEntryName('activities/123.TCX')).toBe(true);
    expect(isActivityEntryName('activities/')).toBe(false);
    expect(isActivityEntryName('__MACOSX/activities/._123.fit')).toBe(false);
    expect(isActivityEntryName('profile.csv')).toBe(false);
  });
});

describe('one entry at a time', () => {
  it('lists the activity entries without inflating them, then unpacks each on its own', () => {
    const gpx = utf8(sampleGpx(10));
    const fit = encodeFit(generateRide({ seed: 3, durationS: 120 }));
    const zip = zipSync({ 'notes.csv': utf8('a,b\n'), 'a.gpx': gpx, 'rides/b.fit': fit });
    const entries = listActivityEntries(zip);
    expect(entries).toEqual([
      { index: 1, name: 'a.gpx', sizeBytes: gpx.length },
      { index: 2, name: 'rides/b.fit', sizeBytes: fit.length },
    ]);
    expect(unzipEntry(zip, 1)).toEqual(gpx);
    expect(unzipEntry(zip, 2)).toEqual(fit);
  });

  it('refuses by the same limits as unpacking everything', () => {
    const zeros = new Uint8Array(2 * 1024 * 1024);
    const zip = zipSync({ 'a.gpx': zeros, 'b.gpx': zeros });
    const limits = { ...DEFAULT_LIMITS, maxZipTotalBytes: 3 * 1024 * 1024 };
    expect(zipError(() => listActivityEntries(zip, limits))?.code).toBe('ZIP_TOO_LARGE');
    expect(zipError(() => listActivityEntries(zip.subarray(0, zip.length - 30)))?.code).toBe('CORRUPT_FILE');
  });
});
