/**
 * Bugs `npm run fuzz` found in the decoders, one test each (each failed before its fix). The fuzzer
 * itself is fuzz/ at the repository root; its small run is part of `npm test`.
 */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeActivity } from './decode.ts';
import { FormatError } from './errors.ts';
import { encodeFit } from './fit/encode.ts';
import { listActivityEntries } from './zip/decode-zip.ts';
import { generateRide } from './synthetic/ride.ts';
import { readFixture } from './test-support/fixtures.ts';
import { sampleGpx, sampleTcx, utf8 } from './test-support/samples.ts';

const WEEK_S = 7 * 24 * 3600;

describe('times no ride can have', () => {
  it('a TCX time in year −271821 or +275760 is no time (the ride could not be stored)', () => {
    const tcx = sampleTcx(60)
      .replace('<Time>2024-05-01T08:00:00.000Z</Time>', '<Time>-271821-04-20T00:00:00Z</Time>')
      .replace('<Time>2024-05-01T08:00:01.000Z</Time>', '<Time>+275760-09-13T00:00:00.000Z</Time>')
      .replace('StartTime="2024-05-01T08:00:00Z"', 'StartTime="-271821-04-20T00:00:00Z"');
    const activity = decodeActivity(utf8(tcx));
    expect(activity.startTime.toISOString()).toBe('2024-05-01T08:00:00.000Z');
    expect(activity.streams.timeS.length).toBe(60);
  });

  it('a GPX whose every time is out of range has no timed points', () => {
    const gpx = sampleGpx(30).replace(/<time>[^<]*<\/time>/g, '<time>0000-01-01T00:00:00Z</time>');
    expect(() => decodeActivity(utf8(gpx))).toThrow(expect.objectContaining({ code: 'NO_RECORDS' }));
  });

  it('a FIT session of 30 days is not the ride’s timer or elapsed time (integer seconds overflowed)', () => {
    const ride = generateRide({ seed: 5, durationS: 600 });
    const activity = decodeActivity(
      encodeFit({ ...ride, timerTimeS: 30 * 86_400, elapsedTimeS: 31 * 86_400 }),
    );
    expect(activity.timerTimeS).toBeLessThanOrEqual(601);
    expect(activity.elapsedTimeS).toBeLessThanOrEqual(601);
    expect(activity.warnings.join(' ')).toMatch(/impossible elapsed or timer time/);
  });

  it('a record timestamp years after the rest does not make the timer run for years', () => {
    // A vendored ride with 13 bytes cut out: a record is misread with a timestamp ~87 years on, and
    // the timer (started, never stopped, no session) ran to it: 2,768,241,696 s overflowed the column.
    const ride = readFixture('garmin-edge-800-indoor-trainer-38min-power-laps.fit');
    const damaged = new Uint8Array(ride.length - 13);
    damaged.set(ride.subarray(0, 13454));
    damaged.set(ride.subarray(13454 + 13), 13454);
    const activity = decodeActivity(damaged);
    expect(activity.timerTimeS).toBeLessThanOrEqual(activity.elapsedTimeS + 1);
    expect(activity.warnings.join(' ')).toMatch(/timer runs far past the ride/);
  });

  it('a TCX lap of 10^12 s is not the ride’s timer time', () => {
    const tcx = sampleTcx(60).replace(
      /<TotalTimeSeconds>\d+<\/TotalTimeSeconds>/,
      '<TotalTimeSeconds>1e12</TotalTimeSeconds>',
    );
    const activity = decodeActivity(utf8(tcx));
    expect(activity.timerTimeS).toBeLessThanOrEqual(WEEK_S);
    expect(activity.timerTimeS).toBeGreaterThan(0);
  });
});

describe('control characters from the file', () => {
  it('a NUL in a TCX name is left out (PostgreSQL text cannot hold it)', () => {
    const tcx = sampleTcx(60).replace(
      '<Creator><Name>Test Unit</Name>',
      '<Creator><Name>Test\u0000 Unit\u0007</Name>',
    );
    const activity = decodeActivity(utf8(tcx));
    expect(activity.device.name).toBe('Test Unit');
  });

  it('a parser message quoting NUL bytes of the file is stored without them', () => {
    // The start of a TCX spliced with a FIT file: the XML parser's message quotes the binary bytes.
    const fit = encodeFit(generateRide({ seed: 3, durationS: 300 }));
    const head = utf8(sampleTcx(30)).subarray(0, 500);
    const broken = new Uint8Array(head.length + fit.length - 100);
    broken.set(head);
    broken.set(fit.subarray(100), head.length);
    let caught: unknown;
    try {
      decodeActivity(broken);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FormatError);
    expect(String((caught as FormatError & { cause: Error }).cause.message)).toContain('\u0000');
    expect((caught as FormatError).message).not.toContain('\u0000');
  });
});

describe('zip entries that lie', () => {
  it('an entry declaring 1000 bytes that inflates to 20 MB is refused before it is inflated', {
    timeout: 60_000,
  }, () => {
    const zeros = new Uint8Array(20 * 1024 * 1024);
    const archive = zipSync({ 'bomb.fit': [zeros, { level: 9 }] });
    // The declared (original) size in the central directory: 1000 instead of 20,971,520.
    const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
    let central = archive.length - 4;
    while (view.getUint32(central, true) !== 0x02014b50) central--;
    view.setUint32(central + 24, 1000, true);
    const started = performance.now();
    expect(() => listActivityEntries(archive)).toThrow(expect.objectContaining({ code: 'ZIP_TOO_LARGE' }));
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
