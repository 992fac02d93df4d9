import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared corpus of real ride files. It lives outside the repository (several files carry GPL/AGPL
 * or Garmin licences), so tests that need it skip with a message when it is absent.
 */
export const FIXTURES_DIR =
  process.env.VATIO_FIXTURES ??
  resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../../shared/fixtures/activities');

export const fixturesExist = existsSync(join(FIXTURES_DIR, 'expected.json'));

if (!fixturesExist) console.warn(`fixtures not found at ${FIXTURES_DIR}; fixture tests are skipped`);

export interface ExpectedSession {
  start_time?: string;
  elapsed_time_s?: number;
  timer_time_s?: number;
  distance_m?: number;
  average_w?: number;
  max_w?: number;
  normalized_w?: number;
  training_stress_score?: number;
  intensity_factor?: number;
  ftp_w?: number;
  work_kj?: number;
  average_bpm?: number;
  max_bpm?: number;
  average_rpm?: number;
  elevation_gain_m?: number;
}

export interface ExpectedFixture {
  format: 'FIT' | 'TCX' | 'GPX';
  integrity_ok: boolean | null;
  decode_errors: string[];
  device_session?: ExpectedSession;
  note?: string;
}

export function loadExpected(): Record<string, ExpectedFixture> {
  if (!fixturesExist) return {};
  return JSON.parse(readFileSync(join(FIXTURES_DIR, 'expected.json'), 'utf8')) as Record<
    string,
    ExpectedFixture
  >;
}

export function readFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES_DIR, name)));
}

export function fixtureNames(): string[] {
  if (!fixturesExist) return [];
  return readdirSync(FIXTURES_DIR)
    .filter((n) => /\.(fit|tcx|gpx)(\.gz)?$/i.test(n))
    .sort();
}
