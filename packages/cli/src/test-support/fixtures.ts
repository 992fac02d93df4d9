import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (packages/cli/src/test-support → four levels up). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

/**
 * Real rides vendored in the repository (MIT-licensed, see packages/formats/fixtures/SOURCE.md):
 * always present, so the golden checks run in every clone and never skip silently.
 */
export const VENDORED_DIR = join(REPO_ROOT, 'packages', 'formats', 'fixtures');

/**
 * The larger shared corpus of real ride files. It lives outside the repository (several files carry
 * GPL/AGPL or Garmin licences) and must never be copied into it; its rides are added when present.
 */
export const FIXTURES_DIR = resolve(
  REPO_ROOT,
  process.env.VATIO_FIXTURES ?? join('..', 'shared', 'fixtures', 'activities'),
);

export const sharedCorpusExists = existsSync(join(FIXTURES_DIR, 'expected.json'));

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

function readExpected(dir: string): Record<string, ExpectedFixture> {
  return JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, ExpectedFixture>;
}

/**
 * The devices' figures for the vendored rides, plus the shared corpus's when present; its absence is
 * printed (one line), never silent.
 */
export function loadExpected(): Record<string, ExpectedFixture> {
  const vendored = readExpected(VENDORED_DIR);
  if (!sharedCorpusExists) {
    console.warn(
      `shared fixture corpus not found at ${FIXTURES_DIR} (set VATIO_FIXTURES): golden checks run on the ${Object.keys(vendored).length} vendored rides only`,
    );
    return vendored;
  }
  return { ...vendored, ...readExpected(FIXTURES_DIR) };
}

export function fixturePath(name: string): string {
  const vendored = join(VENDORED_DIR, name);
  return existsSync(vendored) ? vendored : join(FIXTURES_DIR, name);
}

export function readFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(fixturePath(name)));
}

export function fixtureNames(): string[] {
  const names = new Set(readdirSync(VENDORED_DIR));
  if (sharedCorpusExists) for (const name of readdirSync(FIXTURES_DIR)) names.add(name);
  return [...names].filter((n) => /\.(fit|tcx|gpx)(\.gz)?$/i.test(n)).sort();
}
