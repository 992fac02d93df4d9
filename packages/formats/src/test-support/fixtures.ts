import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/**
 * Real rides vendored in the repository (MIT-licensed, see fixtures/SOURCE.md): always present, so
 * the fixture tests run in every clone and can never skip silently.
 */
export const VENDORED_DIR = resolve(HERE, '../../fixtures');

/**
 * The larger shared corpus of real ride files. It lives outside the repository (several files carry
 * GPL/AGPL or Garmin licences and must not be copied into it); its files are added when it is present.
 */
export const SHARED_DIR =
  process.env.VATIO_FIXTURES ?? resolve(HERE, '../../../../../shared/fixtures/activities');

export const sharedCorpusExists = existsSync(join(SHARED_DIR, 'expected.json'));

function rideFiles(dir: string): string[] {
  return readdirSync(dir).filter((n) => /\.(fit|tcx|gpx)(\.gz)?$/i.test(n));
}

const vendored = new Set(rideFiles(VENDORED_DIR));
const available = new Set([...vendored, ...(sharedCorpusExists ? rideFiles(SHARED_DIR) : [])]);

if (!sharedCorpusExists) {
  console.warn(
    `shared fixture corpus not found at ${SHARED_DIR} (set VATIO_FIXTURES): fixture tests run on the ${vendored.size} vendored rides only`,
  );
}

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

function readExpected(dir: string): Record<string, ExpectedFixture> {
  return JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, ExpectedFixture>;
}

/** The devices' figures for every available ride: the vendored ones, plus the shared corpus when present. */
export function loadExpected(): Record<string, ExpectedFixture> {
  return { ...readExpected(VENDORED_DIR), ...(sharedCorpusExists ? readExpected(SHARED_DIR) : {}) };
}

/** Whether every named ride is available (the shared-only ones are not, without the corpus). */
export function hasFixtures(...names: string[]): boolean {
  return names.every((name) => available.has(name));
}

export function readFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(vendored.has(name) ? VENDORED_DIR : SHARED_DIR, name)));
}

export function fixtureNames(): string[] {
  return [...available].sort();
}
