/**
 * Issue 16: `vatio analyze` on a GPX with power −1e308 printed an average of −1.2e304 W (or exited 1
 * with "ftpW must be positive"). Impossible values are now dropped at decode, with a note, and a ride
 * the analysis still refuses is bad input: exit code 2 with a message, never 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyzeReport } from './analyze-report.ts';
import { runAnalyze } from './analyze.ts';
import { REPO_ROOT } from './test-support/fixtures.ts';

const SLOW = { timeout: 60_000 };
const BIN = join(REPO_ROOT, 'packages', 'cli', 'bin', 'vatio.mjs');
let dir: string;
let badGpx: string;
let rideFile: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vatio-analyze-invalid-'));
  badGpx = join(dir, 'minus-1e308.gpx');
  writeFileSync(badGpx, gpxWithMinus1e308());
  rideFile = join(dir, 'ride.fit');
  writeFileSync(rideFile, encodeFit(generateRide({ seed: 3, durationS: 900 })));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 20-minute GPX at 1 Hz, power varying 150–290 W, with power −1e308 at every 100th point. */
function gpxWithMinus1e308(): string {
  const start = Date.parse('2024-05-01T08:00:00Z');
  const points: string[] = [];
  for (let i = 0; i < 1200; i++) {
    const powerW = i % 100 === 50 ? '-1e308' : String(150 + ((i * 7) % 141));
    points.push(
      `<trkpt lat="${(45 + i * 0.0001).toFixed(7)}" lon="7.0000000"><ele>${100 + i * 0.05}</ele>` +
        `<time>${new Date(start + i * 1000).toISOString()}</time><extensions><power>${powerW}</power>` +
        '<gpxtpx:TrackPointExtension><gpxtpx:hr>140</gpxtpx:hr><gpxtpx:cad>90</gpxtpx:cad>' +
        '</gpxtpx:TrackPointExtension></extensions></trkpt>',
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?><gpx creator="Test" version="1.1" ' +
    'xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">' +
    `<trk><name>Bad power</name><type>cycling</type><trkseg>${points.join('')}</trkseg></trk></gpx>`
  );
}

describe('vatio analyze on impossible values', () => {
  it(
    'analyses a GPX with power −1e308: the value is left out, a note says so, the numbers are real',
    SLOW,
    () => {
      const run = spawnSync(process.execPath, [BIN, 'analyze', badGpx, '--json'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const report = JSON.parse(run.stdout) as AnalyzeReport;
      expect(report.power.average_w).toBeGreaterThan(50);
      expect(report.power.average_w).toBeLessThan(1000);
      expect(report.warnings.join('\n')).toMatch(/powerW outside 0…3000 \(e\.g\. -1e\+308\)/);
    },
  );

  it('a ride the analysis refuses exits 2 with a one-line message, not 1', () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = runAnalyze([rideFile], { out: (t) => out.push(t), err: (t) => err.push(t) }, () => {
      throw new RangeError('ftpW must be positive');
    });
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([
      "vatio analyze: ride.fit: the ride's values cannot be analysed: ftpW must be positive",
    ]);
  });

  it('a bug is still exit 1 (thrown on, for main.ts to report)', () => {
    expect(() =>
      runAnalyze([rideFile], { out: () => {}, err: () => {} }, () => {
        throw new TypeError('a bug');
      }),
    ).toThrow('a bug');
  });
});
