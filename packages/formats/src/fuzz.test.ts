import fc from 'fast-check';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeActivity } from './decode.ts';
import { FormatError } from './errors.ts';
import { encodeFit } from './fit/encode.ts';
import { generateRide } from './synthetic/ride.ts';
import { fixtureNames, readFixture } from './test-support/fixtures.ts';
import { utf8 } from './test-support/samples.ts';

/** A hang guard, not a speed target: the CI machine is shared and the largest fixture takes ~0.5 s. */
const HANG_GUARD_MS = 15_000;
const SLOW = { timeout: 300_000 };

/** Decoding must give an Activity or a FormatError: any other exception, or a hang, is a bug. */
function decodesOrFailsTyped(bytes: Uint8Array): void {
  const started = performance.now();
  try {
    const a = decodeActivity(bytes, 'fuzz');
    expect(a.streams.gapMask.length).toBe(a.streams.timeS.length);
    expect(Number.isFinite(a.startTime.getTime()) || Number.isNaN(a.startTime.getTime())).toBe(true);
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    expect(error.message.length).toBeGreaterThan(0);
  }
  expect(performance.now() - started).toBeLessThan(HANG_GUARD_MS);
}

function fitHeaderFor(bodyLength: number): Uint8Array {
  const header = new Uint8Array([14, 0x20, 0x08, 0x08, 0, 0, 0, 0, 0x2e, 0x46, 0x49, 0x54, 0, 0]);
  new DataView(header.buffer).setUint32(4, bodyLength, true);
  return header;
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

describe('decoding hostile bytes', () => {
  it('survives random bytes', SLOW, () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 4096 }), decodesOrFailsTyped), {
      seed: 1,
      numRuns: 300,
    });
  });

  it('survives random bodies behind a valid FIT header', SLOW, () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 4096 }), (body) => {
        decodesOrFailsTyped(concat(fitHeaderFor(body.length), concat(body, new Uint8Array(2))));
      }),
      { seed: 2, numRuns: 300 },
    );
  });

  it('survives random bytes behind gzip, zip, TCX and GPX signatures', SLOW, () => {
    const prefixes = [
      new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]),
      new Uint8Array([0x50, 0x4b, 3, 4]),
      new Uint8Array([0x50, 0x4b, 5, 6]),
      utf8('<TrainingCenterDatabase><Activities><Activity Sport="Biking"><Lap><Track><Trackpoint><Time>'),
      utf8('<gpx><trk><trkseg><trkpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time><extensions>'),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 2048 }), (prefix, tail) => {
        decodesOrFailsTyped(concat(prefix, tail));
      }),
      { seed: 3, numRuns: 300 },
    );
  });

  it('survives XML made of random track points', SLOW, () => {
    const point = fc
      .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 8 }), fc.string({ maxLength: 30 }))
      .map(
        ([lat, power, time]) =>
          `<trkpt lat="${lat}" lon="1"><time>${time}</time><power>${power}</power></trkpt>`,
      );
    fc.assert(
      fc.property(fc.array(point, { maxLength: 50 }), (points) => {
        decodesOrFailsTyped(utf8(`<gpx><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`));
      }),
      { seed: 4, numRuns: 200 },
    );
  });

  it('survives byte flips and truncation of an encoded synthetic ride', SLOW, () => {
    const fit = encodeFit(generateRide({ seed: 11, durationS: 900 }));
    fc.assert(
      fc.property(
        fc.nat(fit.length - 1),
        fc.integer({ min: 1, max: 255 }),
        fc.nat(fit.length),
        (at, mask, cut) => {
          const copy = fit.slice(0, Math.max(1, cut));
          if (at < copy.length) copy[at] = (copy[at] ?? 0) ^ mask;
          decodesOrFailsTyped(copy);
        },
      ),
      { seed: 6, numRuns: 150 },
    );
  });

  it('refuses a gzip of random bytes with a typed error', () => {
    expect(() => decodeActivity(gzipSync(new Uint8Array(1000).fill(7)))).toThrow(FormatError);
  });
});

describe('decoding damaged copies of the real fixtures', () => {
  const names = fixtureNames();

  it.each(names)('survives truncated prefixes of %s', SLOW, (name) => {
    const bytes = readFixture(name);
    const n = bytes.length;
    const cuts = [1, 11, 12, 14, 15, 64, 1000, Math.floor(n * 0.37), Math.floor(n * 0.81), n - 1];
    for (const cut of cuts.filter((c) => c > 0 && c < n)) decodesOrFailsTyped(bytes.subarray(0, cut));
  });

  it.each(names.filter((n) => readFixture(n).length <= 400_000))(
    'survives single-byte flips in %s',
    SLOW,
    (name) => {
      const bytes = readFixture(name);
      const runs = bytes.length < 100_000 ? 12 : 4;
      fc.assert(
        fc.property(
          // Half the flips land in the first 2 KB, where the FIT header and definitions live.
          fc.oneof(fc.integer({ min: 0, max: Math.min(2047, bytes.length - 1) }), fc.nat(bytes.length - 1)),
          fc.integer({ min: 1, max: 255 }),
          (position, mask) => {
            const copy = bytes.slice();
            copy[position] = (copy[position] ?? 0) ^ mask;
            decodesOrFailsTyped(copy);
          },
        ),
        { seed: 5, numRuns: runs },
      );
    },
  );
});
