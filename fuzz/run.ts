/**
 * `npm run fuzz -- [--format fit|tcx|gpx|zip|all] [--count N] [--seed S] [--http N] [--stage prepare|decode]
 *                  [--only I] [--out DIR] [--timeout-ms MS] [--minutes M] [--no-corpus] [--http-only]
 *                  [--http-concurrency C]`
 *
 * Mutates real and synthetic rides (mutate.ts) and feeds every input to the import's CPU path on a
 * thread of its own (oracle.ts, pool.ts: time bound 5 s + 1 s/MB, a heap limit), and `--http N` of them
 * (default 50 per format) to a real Vatio server process on a throwaway PostgreSQL (http.ts), checking
 * the database and the blob store after every batch (invariants.ts). Inputs depend only on the seed,
 * the format and their index: a failure prints all three and the file is written to `--out`
 * (default .fuzz-failures/); `--only I` runs input I again. Prints a summary per format; exits 1 on any
 * failure.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type FuzzInput, makeInput } from './mutate.ts';
import type { Outcome } from './oracle.ts';
import { JudgePool, timeBoundMs } from './pool.ts';
import { CORPUS_DIR, corpusAvailable, FUZZ_FORMATS, type FuzzFormat, seedFiles } from './seeds.ts';

const ROOT = resolve(import.meta.dirname, '..');

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const formatArg = arg('format') ?? 'all';
const formats: FuzzFormat[] =
  formatArg === 'all' ? [...FUZZ_FORMATS] : formatArg.split(',').map((f) => f.trim() as FuzzFormat);
for (const f of formats) {
  if (!FUZZ_FORMATS.includes(f)) {
    console.error(`unknown format "${f}": use ${FUZZ_FORMATS.join(', ')} or all`);
    process.exit(2);
  }
}
const count = Number(arg('count') ?? 1000);
const seed = Number(arg('seed') ?? 1);
const only = arg('only') === undefined ? undefined : Number(arg('only'));
const httpCount = Math.min(count, Number(arg('http') ?? 50));
const stage = (arg('stage') ?? 'prepare') as 'prepare' | 'decode';
const outDir = resolve(arg('out') ?? join(ROOT, '.fuzz-failures'));
const baseTimeoutMs = Number(arg('timeout-ms') ?? 5000);
const useCorpus = !flag('no-corpus') && corpusAvailable();
const httpOnly = flag('http-only');
/** Uploads in flight at once (the server imports them side by side, as it would for several riders). */
const httpConcurrency = Math.max(1, Number(arg('http-concurrency') ?? 1));
const HTTP_BATCH = 10;

/** `work` over `items`, at most `limit` at once, results in the items' order. */
async function mapInFlight<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
/** A time budget per format's decoder inputs, minutes: the run stops starting new inputs after it. */
const minutes = arg('minutes') === undefined ? Number.POSITIVE_INFINITY : Number(arg('minutes'));

interface Tally {
  inputs: number;
  stored: number;
  errors: Map<string, number>;
  crash: number;
  timeout: number;
  maxMs: number;
  maxMsInput?: string;
  maxMemoryMb: number;
  failures: string[];
}
const newTally = (): Tally => ({
  inputs: 0,
  stored: 0,
  errors: new Map(),
  crash: 0,
  timeout: 0,
  maxMs: 0,
  maxMemoryMb: 0,
  failures: [],
});

function count1(t: Tally, outcome: Outcome, ms: number, memoryMb: number, label: string): void {
  t.inputs++;
  if (outcome.kind === 'stored') t.stored++;
  else if (outcome.kind === 'error') t.errors.set(outcome.code, (t.errors.get(outcome.code) ?? 0) + 1);
  else if (outcome.kind === 'crash') t.crash++;
  else t.timeout++;
  if (ms > t.maxMs) {
    t.maxMs = ms;
    t.maxMsInput = label;
  }
  t.maxMemoryMb = Math.max(t.maxMemoryMb, memoryMb);
}

const EXT: Record<FuzzFormat, string> = { fit: 'fit', tcx: 'tcx', gpx: 'gpx', zip: 'zip' };

/** Prints the failure with what reproduces it and writes the input next to it. */
function reportFailure(t: Tally, input: FuzzInput, where: string, what: string): void {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `${input.format}-seed${seed}-${input.index}.${EXT[input.format]}`);
  writeFileSync(file, input.bytes);
  const line =
    `FAIL ${where} ${input.format} seed=${seed} index=${input.index}: ${what}\n` +
    `     from ${input.from}: ${input.mutation}\n` +
    `     input written to ${file}; again: npm run fuzz -- --format ${input.format} --seed ${seed} --only ${input.index}`;
  t.failures.push(line);
  console.log(line);
}

function describeOutcomes(t: Tally): string {
  const errors = [...t.errors].sort((a, b) => b[1] - a[1]);
  const typed = errors.reduce((s, [, n]) => s + n, 0);
  return (
    `stored ${t.stored} · typed error ${typed}` +
    (errors.length ? ` (${errors.map(([c, n]) => `${c} ${n}`).join(', ')})` : '') +
    ` · crash ${t.crash} · timeout ${t.timeout}`
  );
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

async function main(): Promise<number> {
  console.log(
    `vatio fuzz · seed ${seed} · ${only !== undefined ? `input ${only} only` : `${count} inputs per format`} · ` +
      `stage ${stage} · time bound ${baseTimeoutMs / 1000} s + 2 s/MB`,
  );
  if (!useCorpus) {
    console.log(
      flag('no-corpus')
        ? 'shared corpus not used (--no-corpus): vendored and synthetic rides only'
        : `shared corpus of real rides not found at ${CORPUS_DIR} (set VATIO_FIXTURES): vendored and synthetic rides only`,
    );
  }
  const allRides = (['fit', 'tcx', 'gpx'] as const).flatMap((f) => seedFiles(f, { corpus: useCorpus }));
  const pool = new JudgePool({ stage, heapMb: Number(arg('heap-mb') ?? 2048), baseTimeoutMs });
  const results: Array<{
    format: FuzzFormat;
    decode: Tally;
    http?: Tally;
    seconds: number;
    seeds: string;
    peakRssMb: number;
    httpNote?: string;
  }> = [];
  let http: Awaited<ReturnType<typeof import('./http-server.ts').startFuzzServer>> | undefined;
  try {
    for (const format of formats) {
      const seeds = seedFiles(format, { corpus: useCorpus });
      const origins = ['corpus', 'vendored', 'synthetic'].map(
        (o) => `${seeds.filter((s) => s.origin === o).length} ${o}`,
      );
      const context = { format, seeds, rides: allRides };
      const indices = only !== undefined ? [only] : Array.from({ length: count }, (_, i) => i);
      const tally = newTally();
      let peakRssMb = rssMb();
      const started = performance.now();
      let lastLog = started;
      // `--http-only`: the uploads alone (the same inputs as a full run's, spread over `--count`).
      for (const index of httpOnly ? [] : indices) {
        if (performance.now() - started > minutes * 60_000) {
          console.log(`  ${format}: time budget of ${minutes} min used after ${tally.inputs} inputs`);
          break;
        }
        const input = makeInput(context, seed, index);
        const judgement = await pool.judge(input);
        count1(tally, judgement.outcome, judgement.ms, judgement.memoryMb, `#${index} ${input.mutation}`);
        peakRssMb = Math.max(peakRssMb, rssMb());
        if (judgement.outcome.kind === 'crash')
          reportFailure(
            tally,
            input,
            'decode',
            `crash: ${judgement.outcome.error.split('\n').slice(0, 4).join(' | ')}`,
          );
        if (judgement.outcome.kind === 'timeout')
          reportFailure(
            tally,
            input,
            'decode',
            `no answer within ${timeBoundMs(input.bytes, baseTimeoutMs)} ms`,
          );
        if (performance.now() - lastLog > 30_000) {
          lastLog = performance.now();
          console.log(`  ${format}: ${tally.inputs}/${indices.length} · ${describeOutcomes(tally)}`);
        }
      }
      const seconds = (performance.now() - started) / 1000;
      const row: (typeof results)[number] = {
        format,
        decode: tally,
        seconds,
        seeds: origins.join(', '),
        peakRssMb,
      };
      results.push(row);

      const judged = httpOnly ? indices.length : tally.inputs;
      const httpIndices =
        only !== undefined
          ? [only]
          : Array.from({ length: Math.min(httpCount, judged) }, (_, k) =>
              Math.floor((k * judged) / Math.max(1, Math.min(httpCount, judged))),
            );
      if (httpIndices.length > 0 && (httpCount > 0 || only !== undefined)) {
        const { startFuzzServer } = await import('./http-server.ts');
        http ??= await startFuzzServer({ uploadsInFlight: httpConcurrency });
        const httpTally = newTally();
        // Batches of 10, `--http-concurrency` of them in flight at once; the database and the blob
        // store are checked after each batch, with nothing in flight.
        for (let k = 0; k < httpIndices.length && http.alive(); k += HTTP_BATCH) {
          const inputs = httpIndices.slice(k, k + HTTP_BATCH).map((i) => makeInput(context, seed, i));
          const judged = await mapInFlight(inputs, httpConcurrency, (input) => http!.upload(input));
          for (const [n, input] of inputs.entries()) {
            const j = judged[n]!;
            count1(httpTally, j.outcome, j.ms, 0, `#${input.index} ${input.mutation}`);
            if (j.outcome.kind === 'crash')
              reportFailure(httpTally, input, 'http', `crash: ${j.outcome.error.slice(0, 400)}`);
            if (j.outcome.kind === 'timeout')
              reportFailure(httpTally, input, 'http', 'the import did not finish in time');
            for (const p of j.problems) reportFailure(httpTally, input, 'http', p);
          }
          for (const p of await http.check())
            reportFailure(httpTally, inputs.at(-1)!, 'http', `after the batch: ${p}`);
          const doneCount = Math.min(k + HTTP_BATCH, httpIndices.length);
          if (doneCount % 250 === 0)
            console.log(
              `  ${format} http: ${doneCount}/${httpIndices.length} · ${describeOutcomes(httpTally)}`,
            );
        }
        row.http = httpTally;
        row.httpNote = http.describe();
      }
    }
  } finally {
    await pool.close();
    await http?.stop();
  }

  console.log(`\nsummary (seed ${seed})`);
  let failed = 0;
  for (const r of results) {
    const t = r.decode;
    console.log(
      `${r.format}: ${t.inputs} inputs from ${r.seeds} seed files, ${r.seconds.toFixed(0)} s (${(t.inputs / r.seconds).toFixed(1)}/s)\n` +
        `  ${stage === 'prepare' ? 'decode + analysis' : 'decode'}: ${describeOutcomes(t)}\n` +
        `  max time ${(t.maxMs / 1000).toFixed(2)} s (${t.maxMsInput?.slice(0, 90)}) · max heap+buffer growth ${t.maxMemoryMb.toFixed(0)} MB · fuzzer peak RSS ${r.peakRssMb.toFixed(0)} MB`,
    );
    if (r.http) {
      console.log(
        `  http upload: ${r.http.inputs} inputs: ${describeOutcomes(r.http)} · max ${(r.http.maxMs / 1000).toFixed(1)} s · ${r.httpNote}`,
      );
    }
    failed += t.failures.length + (r.http?.failures.length ?? 0);
  }
  console.log(failed === 0 ? 'no failures' : `${failed} failures (inputs in ${outDir})`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
