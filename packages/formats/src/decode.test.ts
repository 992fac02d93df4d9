import { Encoder, type FileIdMesg, Profile, type RecordMesg } from '@garmin/fitsdk';
import { gzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeActivity } from './decode.ts';
import { FormatError } from './errors.ts';
import { sampleGpx, sampleTcx, utf8 } from './test-support/samples.ts';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return (error as FormatError).code;
  }
  return undefined;
}

describe('decodeActivity', () => {
  it('decodes a GPX track with power, heart rate, cadence, temperature and haversine distance', () => {
    const a = decodeActivity(utf8(sampleGpx(61)), 'ride.gpx');
    expect(a.format).toBe('gpx');
    expect(a.sport).toBe('cycling');
    expect(a.name).toBe('Morning &amp; ride'.replace('&amp;', '&'));
    expect(a.startTime.toISOString()).toBe('2024-05-01T08:00:00.000Z');
    expect(a.streams.timeS.length).toBe(61);
    expect(a.streams.powerW?.[10]).toBe(200);
    expect(a.streams.heartRateBpm?.[10]).toBe(140);
    expect(a.streams.temperatureC?.[10]).toBe(20);
    // 60 steps of 0.0001° latitude ≈ 667 m.
    expect(a.streams.distanceM?.[60]).toBeCloseTo(667.2, 0);
  });

  it("keeps the device's own ascent from a GPX TrackStatsExtension, and states none without it", () => {
    expect(decodeActivity(utf8(sampleGpx(30)), 'ride.gpx').deviceSummary.ascentM).toBeUndefined();
    // Garmin's TrackStatsExtension v1, as BaseCamp and OpenTracks write it after the track's segments.
    const stats =
      '<extensions><gpxtrkx:TrackStatsExtension xmlns:gpxtrkx="http://www.garmin.com/xmlschemas/TrackStatsExtension/v1">' +
      '<gpxtrkx:Distance>667</gpxtrkx:Distance><gpxtrkx:Ascent>123</gpxtrkx:Ascent><gpxtrkx:Descent>98</gpxtrkx:Descent>' +
      '</gpxtrkx:TrackStatsExtension></extensions></trk>';
    const withStats = sampleGpx(30).replace('</trk>', stats);
    expect(withStats).toContain('TrackStatsExtension');
    expect(decodeActivity(utf8(withStats), 'ride.gpx').deviceSummary.ascentM).toBe(123);
  });

  it('decodes a TCX file whose second track follows a pause, and marks the pause as a gap', () => {
    const a = decodeActivity(utf8(sampleTcx(40, { pauseAfter: 20, pauseS: 60 })), 'ride.tcx');
    expect(a.format).toBe('tcx');
    expect(a.streams.timeS.length).toBe(100);
    expect(a.streams.gapMask[50]).toBe(1);
    expect(a.streams.powerW?.[50]).toBeNaN();
    expect(a.streams.powerW?.[10]).toBe(250);
    expect(a.laps[0]?.avgPowerW).toBe(250);
    expect(a.deviceSummary.timerTimeS).toBe(39);
  });

  it('unpacks a gzipped file before decoding it', () => {
    expect(decodeActivity(gzipSync(utf8(sampleGpx(10))), 'ride.gpx.gz').format).toBe('gpx');
  });

  it('decodes a zip that holds exactly one activity', () => {
    expect(decodeActivity(zipSync({ 'ride.tcx': utf8(sampleTcx(10)) })).format).toBe('tcx');
  });

  it('refuses an empty file with EMPTY_FILE', () => {
    expect(codeOf(() => decodeActivity(new Uint8Array()))).toBe('EMPTY_FILE');
  });

  it('refuses text and foreign XML with UNSUPPORTED_FORMAT', () => {
    expect(codeOf(() => decodeActivity(utf8('hello, world')))).toBe('UNSUPPORTED_FORMAT');
    expect(codeOf(() => decodeActivity(utf8('<?xml version="1.0"?><kml></kml>')))).toBe('UNSUPPORTED_FORMAT');
  });

  it('refuses a GPX without timed points with NO_RECORDS', () => {
    expect(codeOf(() => decodeActivity(utf8('<gpx><trk><trkseg></trkseg></trk></gpx>')))).toBe('NO_RECORDS');
  });

  it('refuses a FIT header with nothing after it as a corrupt file', () => {
    const header = new Uint8Array([14, 0x20, 0x08, 0x08, 0, 0, 0, 0, 0x2e, 0x46, 0x49, 0x54, 0, 0]);
    expect(['CORRUPT_FILE', 'NO_RECORDS']).toContain(codeOf(() => decodeActivity(header)));
  });

  it('refuses a FIT course with UNSUPPORTED_FORMAT and a FIT activity without records with NO_RECORDS', () => {
    const fitFile = (type: FileIdMesg['type'], withRecord: boolean) => {
      const encoder = new Encoder();
      const start = new Date('2024-05-01T08:00:00Z');
      const fileId: FileIdMesg = { type, manufacturer: 'development', timeCreated: start };
      const record: RecordMesg = { timestamp: start, power: 200 };
      encoder.onMesg(Profile.MesgNum.FILE_ID!, fileId);
      if (withRecord) encoder.onMesg(Profile.MesgNum.RECORD!, record);
      return encoder.close();
    };
    expect(codeOf(() => decodeActivity(fitFile('course', true)))).toBe('UNSUPPORTED_FORMAT');
    expect(codeOf(() => decodeActivity(fitFile('activity', false)))).toBe('NO_RECORDS');
    expect(decodeActivity(fitFile('activity', true)).streams.powerW?.[0]).toBe(200);
  });

  it('refuses a zip with several activities with MULTIPLE_ACTIVITIES', () => {
    const zip = zipSync({ 'a.gpx': utf8(sampleGpx(5)), 'b.gpx': utf8(sampleGpx(5)) });
    expect(codeOf(() => decodeActivity(zip))).toBe('MULTIPLE_ACTIVITIES');
  });

  it('refuses a gzip inside a gzip and a zip inside a zip', () => {
    expect(codeOf(() => decodeActivity(gzipSync(gzipSync(utf8(sampleGpx(5))))))).toBe('UNSUPPORTED_FORMAT');
    const inner = zipSync({ 'a.gpx': utf8(sampleGpx(5)) });
    expect(codeOf(() => decodeActivity(zipSync({ 'a.fit': inner })))).toBe('UNSUPPORTED_FORMAT');
  });

  it('refuses a file over the size limit with FILE_TOO_LARGE', () => {
    const limits = { maxFileBytes: 100, maxZipEntries: 10, maxZipTotalBytes: 1000 };
    expect(codeOf(() => decodeActivity(utf8(sampleGpx(10)), 'big.gpx', limits))).toBe('FILE_TOO_LARGE');
  });
});
