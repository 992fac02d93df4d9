/**
 * The import's "decode and analyse" stage (`prepareFile`, as the preparation worker runs it) over the
 * import bench's synthetic rides and the real fixtures, in this process: for profiling it
 * (`node --cpu-prof --import tsx bench/prepare-profile.ts`) and for proving a change leaves every
 * result bit-identical (`--dump FILE` writes each result, deterministically stringified).
 *
 *   npx tsx bench/prepare-profile.ts [--synthetic N] [--rounds R] [--dump out.txt]
 *
 * The synthetic rides are the import bench's corpus (`npm run bench -- import` writes it to the
 * system's temporary folder). Prints CPU ms per file (median over the rounds).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type PreparedFile,
  prepareFile,
  type RiderForRide,
} from '../packages/server/src/modules/imports/ride-preparation.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : fallback;
};
const syntheticCount = Number(option('--synthetic', '50'));
const rounds = Number(option('--rounds', '3'));
const dumpPath = option('--dump', '');
/** synthetic, fixtures or both. */
const only = option('--only', 'both');

const corpus = join(tmpdir(), 'vatio-bench-rides-v1-7000-1000');
const fixtures = resolve(import.meta.dirname, '../../shared/fixtures/activities');
const files: { name: string; bytes: Uint8Array }[] = [];
if (only !== 'fixtures' && existsSync(corpus)) {
  for (const name of readdirSync(corpus)
    .filter((n) => n.endsWith('.fit'))
    .sort()
    .slice(0, syntheticCount))
    files.push({ name, bytes: readFileSync(join(corpus, name)) });
}
if (only !== 'synthetic')
  for (const name of readdirSync(fixtures)
    .filter((n) => /\.(fit|tcx|gpx|gz|zip)$/.test(n))
    .sort())
    files.push({ name, bytes: readFileSync(join(fixtures, name)) });

const row = (
  from: string,
  ftp: number | null,
  kg: number | null,
  max: number | null,
  lthr: number | null,
) => ({
  id: from,
  user_id: 'u',
  effective_from: from,
  ftp_w: ftp,
  weight_kg: kg,
  max_hr_bpm: max,
  lthr_bpm: lthr,
  created_at: new Date('2020-01-01T00:00:00Z'),
});
// The bench's rider (no settings) and a rider with dated settings (FTP, weight, HR, a bike).
const riders: Record<string, RiderForRide> = {
  bare: { baseline: { history: [] }, bikeKg: null, advancedFactsToday: '2026-11-30' },
  set: {
    baseline: { history: [row('2010-01-01', 250, 71.5, 188, 168), row('2025-06-01', 265, null, null, null)] },
    bikeKg: 8.2,
    advancedFactsToday: '2026-11-30',
  },
};

/** Deterministic text of any plain value: keys sorted, -0, NaN and ±Infinity spelled, typed arrays listed. */
function canonical(value: unknown): string {
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return '-0';
    if (!Number.isFinite(value)) return String(value);
    return String(value);
  }
  if (value === undefined) return 'undefined';
  if (value === null || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof Date) return `Date(${value.toISOString()})`;
  if (ArrayBuffer.isView(value)) {
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return `${value.constructor.name}[${Buffer.from(bytes).toString('base64')}]`;
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.keys(value as object)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

/** This (main) thread's CPU time, ms (Linux: /proc/self/task/<pid>/stat utime + stime, in clock ticks of 10 ms). */
function threadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

const perRound: number[] = [];
const threadPerRound: number[] = [];
let dump = '';
for (let r = 0; r < rounds; r++) {
  const t0 = process.cpuUsage();
  const thread0 = threadCpuMs();
  for (const [riderName, rider] of Object.entries(riders)) {
    for (const file of files) {
      const result: PreparedFile = prepareFile(file.bytes, file.name, rider);
      if (r === 0 && dumpPath) dump += `${riderName} ${file.name} ${canonical(result)}\n`;
    }
  }
  const used = process.cpuUsage(t0);
  const prepared = files.length * Object.keys(riders).length;
  perRound.push((used.user + used.system) / 1000 / prepared);
  threadPerRound.push((threadCpuMs() - thread0) / prepared);
}
if (dumpPath) writeFileSync(dumpPath, dump);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const list = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
console.log(
  `${files.length} files × ${Object.keys(riders).length} riders, ${rounds} rounds: CPU ms/file median ${median(perRound).toFixed(2)} (rounds: ${list(perRound)}); this thread's ${median(threadPerRound).toFixed(2)} (rounds: ${list(threadPerRound)})`,
);
