/**
 * `npm run fuzz` in small: a fixed seed, a few hundred small inputs per format through the decoder
 * (the import's zip path and decodeActivity), each ending as a ride or a typed error within the time
 * bound. The HTTP half runs in the server suite (modules/imports/upload-fuzz.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { type FuzzInput, makeInput } from './mutate.ts';
import { judgeTimed } from './oracle.ts';
import { timeBoundMs } from './pool.ts';
import { CORPUS_DIR, corpusAvailable, FUZZ_FORMATS, type FuzzFormat, seedFiles } from './seeds.ts';

const SEED = 20261126;
const PER_FORMAT = { fit: 150, tcx: 80, gpx: 100, zip: 150 } satisfies Record<FuzzFormat, number>;
const SMALL = { maxSeedBytes: 150_000, syntheticS: 240 };
/** The shared machine runs eight test suites at once: the bound here is 3× the fuzz command's. */
const LOADED_MACHINE = 3;

function failureOf(input: FuzzInput): string | undefined {
  const j = judgeTimed(input.format, input.name, input.bytes, 'decode');
  const where = `seed=${SEED} index=${input.index} (${input.from}: ${input.mutation})`;
  if (j.outcome.kind === 'crash') return `${where}: ${j.outcome.error.split('\n')[0]}`;
  if (j.ms > LOADED_MACHINE * timeBoundMs(input.bytes)) return `${where}: ${j.ms.toFixed(0)} ms`;
  return undefined;
}

function fuzzFormat(format: FuzzFormat, corpus: boolean, count = PER_FORMAT[format]): void {
  const rides = (['fit', 'tcx', 'gpx'] as const).flatMap((f) => seedFiles(f, { ...SMALL, corpus }));
  const seeds = seedFiles(format, { ...SMALL, corpus });
  const context = { format, seeds, rides, small: true };
  const failures: string[] = [];
  for (let index = 0; index < count; index++) {
    const failure = failureOf(makeInput(context, SEED, index));
    if (failure) failures.push(failure);
  }
  expect(failures).toEqual([]);
}

describe('fuzzing the decoders with synthetic and vendored rides', () => {
  it.each(FUZZ_FORMATS)(
    '%s: every input is a ride or a typed error, in time',
    { timeout: 120_000 },
    (format) => fuzzFormat(format, false),
  );
});

describe.skipIf(!corpusAvailable())(`fuzzing the decoders with the shared corpus (${CORPUS_DIR})`, () => {
  // The corpus holds FIT files mostly (its two TCX and GPX rides are large): FIT inputs only.
  it('fit: every input is a ride or a typed error, in time', { timeout: 120_000 }, () =>
    fuzzFormat('fit', true, 100),
  );
});

it('the same seed and index give the same input', () => {
  const rides = seedFiles('fit', { ...SMALL, corpus: false });
  const context = { format: 'fit' as const, seeds: rides, rides, small: true };
  for (const index of [0, 7, 99]) {
    const a = makeInput(context, SEED, index);
    const b = makeInput(context, SEED, index);
    expect(b.mutation).toBe(a.mutation);
    expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true);
  }
});
