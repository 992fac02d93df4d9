/**
 * `vatio analyze` end to end: the real command in a child process, on a synthetic ride this test
 * writes itself (the formats package's generator and FIT encoder), so it runs without the fixtures.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { estimatedFtp, MEAN_MAX_GAPS, meanMaxCurve, normalizedPowerW, summarizeRide } from '@vatio/analysis';
import { type Activity, decodeActivity, encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyzeReport } from './analyze-report.ts';
import { REPO_ROOT } from './test-support/fixtures.ts';

const SLOW = { timeout: 60_000 };
const BIN = join(REPO_ROOT, 'packages', 'cli', 'bin', 'vatio.mjs');

/** Known truth of the synthetic ride: rider + bike 80 kg, so `--weight 71` with the CLI's 9 kg of bike and kit. */
const SETUP = { massKg: 80, cdaM2: 0.3, crr: 0.005, drivetrainEfficiency: 0.976 };
const FTP_IN_FILE_W = 250;

let dir: string;
let rideFile: string;
let noFtpFile: string;
let decoded: Activity;

function vatio(...args: string[]) {
  const run = spawnSync(process.execPath, [BIN, 'analyze', ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function analyzeJson(...args: string[]): AnalyzeReport {
  const run = vatio(...args, '--json');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as AnalyzeReport;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vatio-analyze-'));
  const ride = generateRide({ seed: 7, durationS: 3600, ftpW: FTP_IN_FILE_W, windMps: 0, setup: SETUP });
  const bytes = encodeFit(ride);
  rideFile = join(dir, 'synthetic.fit');
  writeFileSync(rideFile, bytes);
  decoded = decodeActivity(bytes, 'synthetic.fit');
  noFtpFile = join(dir, 'no-ftp.fit');
  writeFileSync(
    noFtpFile,
    encodeFit({ ...ride, deviceSummary: { distanceM: ride.deviceSummary.distanceM } }),
  );
  writeFileSync(
    join(dir, 'random.fit'),
    Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251),
  );
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('vatio analyze --json', () => {
  it('reports the ride with the names the issue lists and the values the analysis computes', SLOW, () => {
    const report = analyzeJson(rideFile, '--weight', '71', '--max-hr', '185');
    const truth = summarizeRide(decoded.streams, {
      ftpW: FTP_IN_FILE_W,
      criticalPower: undefined,
      heartRateZones: undefined,
      meanMaxGaps: 'zero',
    });
    expect(report).toMatchObject({
      format: 'fit',
      sport: 'cycling',
      start_time: '2024-06-01T07:00:00.000Z',
      elapsed_time_s: 3600,
      moving_time_s: 3600,
    });
    expect(report.distance_m).toBeCloseTo(decoded.deviceSummary.distanceM ?? 0, 0);
    expect(report.elevation_gain_m).toBeGreaterThan(0);
    const p = report.power;
    expect(p.ftp_w).toBe(FTP_IN_FILE_W);
    expect(p.ftp_source).toBe('file');
    expect(p.normalized_w).toBeCloseTo(truth.normalizedPowerW ?? 0, 1);
    expect(p.average_w).toBeCloseTo(truth.averagePowerW ?? 0, 1);
    expect(p.max_w).toBe(truth.maxPowerW);
    expect(p.work_kj).toBeCloseTo(truth.workKj ?? 0, 1);
    expect(p.variability_index).toBeCloseTo(truth.variabilityIndex ?? 0, 3);
    expect(p.intensity_factor).toBeCloseTo((truth.normalizedPowerW ?? 0) / FTP_IN_FILE_W, 3);
    expect(p.training_stress_score).toBeCloseTo(truth.trainingStressScore ?? 0, 1);
    expect(Object.keys(report.heart_rate)).toEqual(
      expect.arrayContaining(['average_bpm', 'max_bpm', 'decoupling_pct', 'efficiency_factor']),
    );
    expect(report.heart_rate.average_bpm).toBeCloseTo(truth.averageHeartRateBpm ?? 0, 1);
    expect(report.cadence.average_rpm).toBeCloseTo(truth.averageCadenceRpm ?? 0, 1);
  });

  it(
    'gives a power curve that never rises, FTP estimates with confidence, zones that add up to the ride',
    SLOW,
    () => {
      const report = analyzeJson(rideFile, '--max-hr', '185');
      const curve = report.power_curve;
      expect(curve.map((c) => c.duration_s)).toEqual([
        1, 5, 10, 15, 30, 60, 120, 180, 300, 480, 600, 1200, 1800, 2700, 3600,
      ]);
      for (let k = 1; k < curve.length; k++)
        expect(curve[k]!.power_w).toBeLessThanOrEqual(curve[k - 1]!.power_w);
      expect(report.ftp_estimates.map((e) => e.method)).toContain('best-20-min-95');
      for (const e of report.ftp_estimates) {
        expect(e.ftp_w).toBeGreaterThan(100);
        // A CP fit outside the physiological bounds is rejected: confidence 0, with its reasons.
        if (e.implausible?.length) expect(e.confidence).toBe(0);
        else expect(e.confidence).toBeGreaterThan(0);
        expect(e.confidence).toBeLessThanOrEqual(1);
      }
      for (let k = 1; k < report.ftp_estimates.length; k++) {
        expect(report.ftp_estimates[k]!.confidence).toBeLessThanOrEqual(
          report.ftp_estimates[k - 1]!.confidence,
        );
      }
      const best20 = curve.find((c) => c.duration_s === 1200)?.power_w ?? 0;
      expect(report.ftp_estimates.find((e) => e.method === 'best-20-min-95')?.ftp_w).toBeCloseTo(
        0.95 * best20,
        0,
      );
      const seconds = (zones: readonly { time_s: number }[]) => zones.reduce((s, z) => s + z.time_s, 0);
      expect(report.zones.power).toHaveLength(7);
      expect(seconds(report.zones.power)).toBe(3601);
      expect(report.zones.power[6]?.max).toBeNull();
      expect(report.zones.heart_rate).toHaveLength(5);
      expect(seconds(report.zones.heart_rate)).toBe(3601);
      expect(Array.isArray(report.climbs)).toBe(true);
      expect(report.laps).toEqual([]);
      expect(report.device_summary).toMatchObject({ ftp_w: FTP_IN_FILE_W });
    },
  );

  it('recovers the CdA and Crr the ride was generated with from a virtual-elevation fit', SLOW, () => {
    const { aero } = analyzeJson(rideFile, '--weight', '71');
    expect(aero.system_mass_kg).toBe(80);
    expect(aero.rider_mass_source).toBe('flag');
    expect(aero.cda_m2).toBeCloseTo(SETUP.cdaM2, 2);
    expect(aero.crr).toBeCloseTo(SETUP.crr, 3);
    expect(aero.fit_quality).toBeGreaterThan(0.99);
    expect(aero.plausible).toBe(true);
  });

  it('takes --ftp over the file and falls back to the eFTP of the ride without either', SLOW, () => {
    const flagged = analyzeJson(rideFile, '--ftp', '300');
    expect(flagged.power.ftp_w).toBe(300);
    expect(flagged.power.ftp_source).toBe('flag');
    expect(flagged.power.intensity_factor).toBeCloseTo((flagged.power.normalized_w ?? 0) / 300, 3);
    const estimated = analyzeJson(noFtpFile);
    expect(estimated.power.ftp_source).toBe('estimate');
    // The ride report's eFTP (the server's rule, on the ride's own curve), listed among the estimates.
    const curve = meanMaxCurve(decoded.streams, { gaps: MEAN_MAX_GAPS });
    const eftp = curve && estimatedFtp(curve);
    expect(eftp).toBeDefined();
    expect(estimated.power.ftp_w).toBe(eftp?.ftpW);
    const listed = estimated.ftp_estimates.find((e) => e.method === eftp?.method);
    expect(Math.round(listed?.ftp_w ?? 0)).toBe(eftp?.ftpW);
    expect(normalizedPowerW(decoded.streams)).toBeCloseTo(estimated.power.normalized_w ?? 0, 1);
  });
});

describe('vatio analyze, readable summary', () => {
  it('prints the key numbers with their units', SLOW, () => {
    const run = vatio(rideFile);
    expect(run.code).toBe(0);
    const report = analyzeJson(rideFile);
    const np = Math.round(report.power.normalized_w ?? 0);
    expect(run.stdout).toContain(`NP ${np} W`);
    expect(run.stdout).toContain(`FTP ${FTP_IN_FILE_W} W (recorded in the file)`);
    expect(run.stdout).toContain(`TSS ${report.power.training_stress_score?.toFixed(1)}`);
    expect(run.stdout).toContain('1:00:00 moving');
    expect(run.stdout).toMatch(/Distance +\d+\.\d\d km/);
    expect(run.stdout).toMatch(/Heart +avg \d+ bpm/);
  });
});

describe('vatio analyze, failures', () => {
  it('exits 2 with a one-line reason for a file of random bytes', SLOW, () => {
    const run = vatio(join(dir, 'random.fit'));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('random.fit');
  });

  it('exits 2 for a file that does not exist', SLOW, () => {
    const run = vatio(join(dir, 'missing.fit'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no such file');
  });

  it('exits 2 with a clear message for a bad flag value or an unknown option', SLOW, () => {
    const bad = vatio(rideFile, '--ftp', 'abc');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--ftp expects a number of watts, got "abc"');
    const unknown = vatio(rideFile, '--power');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown option --power');
  });
});
