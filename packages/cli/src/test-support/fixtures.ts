import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (packages/cli/src/test-support → four levels up). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

/**
 * The shared corpus of real ride files. It lives outside the repository (several files carry GPL/AGPL
 * or Garmin licences) and must never be copied into it; tests that need it skip when it is absent.
 */
export const FIXTURES_DIR = resolve(
  REPO_ROOT,
  process.env.VATIO_FIXTURES ?? join('..', 'shared', 'fixtures', 'activities'),
);

export const fixturesExist = existsSync(join(FIXTURES_DIR, 'expected.json'));

/** What a head unit wrote into its FIT session message, in the units of expected.json. */
export interface DeviceSession {
  readonly start_time?: string;
  readonly elapsed_time_s?: number;
  readonly timer_time_s?: number;
  readonly distance_m?: number;
  readonly average_w?: number;
  readonly max_w?: number;
  readonly normalized_w?: number;
  readonly training_stress_score?: number;
  readonly intensity_factor?: number;
  readonly ftp_w?: number;
  readonly work_kj?: number;
  readonly average_bpm?: number;
  readonly max_bpm?: number;
  readonly average_rpm?: number;
  readonly elevation_gain_m?: number;
}

export interface ExpectedFixture {
  readonly format: 'FIT' | 'TCX' | 'GPX';
  readonly integrity_ok: boolean | null;
  readonly decode_errors: readonly string[];
  readonly device_session?: DeviceSession;
  readonly note?: string;
}

/** expected.json beside the fixtures, or {} (with a warning) when the corpus is absent. */
export function loadExpected(): Record<string, ExpectedFixture> {
  if (!fixturesExist) {
    console.warn(`fixtures not found at ${FIXTURES_DIR} (set VATIO_FIXTURES); fixture tests are skipped`);
    return {};
  }
  return JSON.parse(readFileSync(join(FIXTURES_DIR, 'expected.json'), 'utf8')) as Record<
    string,
    ExpectedFixture
  >;
}

export function fixturePath(name: string): string {
  return join(FIXTURES_DIR, name);
}

export function readFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(fixturePath(name)));
}

export function fixtureNames(): string[] {
  if (!fixturesExist) return [];
  return readdirSync(FIXTURES_DIR)
    .filter((n) => /\.(fit|tcx|gpx)(\.gz)?$/i.test(n))
    .sort();
}
