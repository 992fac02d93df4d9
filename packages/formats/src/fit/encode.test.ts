import { Decoder, Stream } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { type Activity, CHANNELS, type Lap } from '../activity.ts';
import { decodeActivity } from '../decode.ts';
import { generateRide } from '../synthetic/ride.ts';
import { createRng } from '../synthetic/rng.ts';
import { decodeFit } from './decode-fit.ts';
import { encodeFit } from './encode.ts';
import { encodeFitWithSdk } from './encode-sdk.ts';

/**
 * encodeFit (the fast writer) ≡ encodeFitWithSdk (Garmin's Encoder): the same bytes, hence the same
 * Activity through our decoder with its fast path on and off, on synthetic rides varied in every way the
 * writer branches: gaps (at the start, in the middle, at the end), channels absent or missing for a
 * while, laps, devices, session figures, out-of-range values, start times with milliseconds, and records
 * with so many field combinations that the 16 local message types are reused round-robin.
 */

const SLOW = { timeout: 120_000 };

type Rng = () => number;

function sdkCheck(bytes: Uint8Array): { integrity: boolean; errors: unknown[]; records: number } {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  const integrity = decoder.checkIntegrity();
  const { messages, errors } = decoder.read();
  return { integrity, errors, records: messages.recordMesgs?.length ?? 0 };
}

/** The first difference between two decoded activities (streams with Object.is, NaN = NaN), or undefined. */
function difference(a: Activity, b: Activity): string | undefined {
  const { streams: sa, ...ma } = a;
  const { streams: sb, ...mb } = b;
  const ka = Object.keys(sa).sort().join();
  const kb = Object.keys(sb).sort().join();
  if (ka !== kb) return `stream channels differ: ${ka} | ${kb}`;
  for (const key of Object.keys(sa) as Array<keyof typeof sa>) {
    const x = sa[key];
    const y = sb[key];
    if (!x || !y || x.length !== y.length) return `${key}: lengths differ`;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return `${key}[${i}]: ${x[i]} | ${y[i]}`;
  }
  const ja = JSON.stringify(ma);
  const jb = JSON.stringify(mb);
  return ja === jb ? undefined : `metadata differs:\n${ja}\n${jb}`;
}

function firstDifferentByte(a: Uint8Array, b: Uint8Array): number | undefined {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return undefined;
}

const maybe = (rng: Rng, p: number, value: () => number) => (rng() < p ? value() : undefined);

/** Marks [from, to) as a gap: mask set, every channel NaN (as the decoders leave a gap). */
function gap(ride: Activity, from: number, to: number): void {
  const s = ride.streams;
  for (let i = Math.max(0, from); i < Math.min(to, s.timeS.length); i++) {
    s.gapMask[i] = 1;
    for (const name of CHANNELS) {
      const values = s[name];
      if (values) values[i] = Number.NaN;
    }
  }
}

function randomLap(rng: Rng, durationS: number): Lap {
  const startTimeS = Math.floor(rng() * durationS);
  return {
    startTimeS,
    elapsedTimeS: maybe(rng, 0.8, () => rng() * 900),
    timerTimeS: maybe(rng, 0.7, () => rng() * 900),
    distanceM: maybe(rng, 0.7, () => rng() * 20_000),
    // Fractions: the SDK truncates unscaled fields (avg_power 182.7 → 182), the fast writer must too.
    avgPowerW: maybe(rng, 0.7, () => rng() * 400),
    maxPowerW: maybe(rng, 0.5, () => Math.round(rng() * 1200)),
    avgHeartRateBpm: maybe(rng, 0.5, () => 100 + rng() * 80),
    maxHeartRateBpm: maybe(rng, 0.5, () => Math.round(150 + rng() * 40)),
    avgCadenceRpm: maybe(rng, 0.5, () => 60 + rng() * 40),
    avgSpeedMps: maybe(rng, 0.6, () => rng() * 15),
  };
}

const DEVICE_NAMES = [undefined, '', 'Edge 1040', 'Wahoo ELEMNT BOLT – Ünïcode ✓', 'x'.repeat(200)];
const SPORTS: Array<[string, string | undefined]> = [
  ['cycling', undefined],
  ['cycling', 'road'],
  ['cycling', 'indoorCycling'],
  ['unknown', undefined],
  ['running', 'trail'],
];

/** A synthetic ride varied by seed: duration, options, gaps, missing data, laps, device, summary. */
function variedRide(seed: number): Activity {
  const rng = createRng(1000 + seed);
  const durationS = seed % 7 === 0 ? 3600 : 2 + Math.floor(rng() * 900);
  const ride = generateRide({
    seed,
    durationS,
    ftpW: 180 + Math.floor(rng() * 150),
    // Whole seconds most of the time; some starts carry milliseconds (FIT seconds are then truncated).
    startTime: new Date(Date.UTC(2026, seed % 12, 1 + (seed % 27), 6, 0, 0, seed % 3 === 0 ? 0 : seed * 37)),
    leftBalancePct: 45 + rng() * 10,
    temperatureC: -5 + rng() * 40,
    // Platform centre offset and power phase (array fields) on every other ride.
    pedalPhase: seed % 2 === 0,
    intervals: {
      count: Math.floor(rng() * 6),
      workS: 30 + Math.floor(rng() * 300),
      restS: 60,
      intervalPct: 1.1,
    },
  });
  const s = ride.streams;
  const n = s.timeS.length;
  const gaps = Math.floor(rng() * 4);
  for (let g = 0; g < gaps; g++) {
    const from = Math.floor(rng() * n);
    gap(ride, from, from + 1 + Math.floor(rng() * 120));
  }
  if (seed % 5 === 1) gap(ride, 0, 5); // a ride that starts in a gap
  if (seed % 5 === 2) gap(ride, n - 4, n); // and one that ends in one
  for (const name of CHANNELS) {
    if (rng() < 0.15)
      s[name] = undefined; // no such sensor
    else if (rng() < 0.2) {
      const values = s[name];
      const from = Math.floor(rng() * n);
      if (values) values.fill(Number.NaN, from, from + Math.floor(rng() * 200)); // sensor dropped out
    }
  }
  ride.laps = Array.from({ length: Math.floor(rng() * 4) }, () => randomLap(rng, durationS));
  ride.device = { manufacturer: 'development', name: DEVICE_NAMES[seed % DEVICE_NAMES.length] };
  const [sport, subSport] = SPORTS[seed % SPORTS.length] ?? ['cycling', undefined];
  ride.sport = sport;
  ride.subSport = subSport;
  ride.deviceSummary = {
    ...ride.deviceSummary,
    elapsedTimeS: maybe(rng, 0.5, () => durationS + rng() * 60),
    timerTimeS: maybe(rng, 0.5, () => durationS - rng() * 60),
    avgPowerW: maybe(rng, 0.6, () => rng() * 300),
    maxPowerW: maybe(rng, 0.6, () => rng() * 1500),
    normalizedPowerW: maybe(rng, 0.5, () => rng() * 320),
    trainingStressScore: maybe(rng, 0.5, () => rng() * 250),
    intensityFactor: maybe(rng, 0.5, () => rng() * 1.2),
    ftpW: maybe(rng, 0.7, () => 150 + rng() * 200),
    workJ: maybe(rng, 0.5, () => rng() * 3e6),
    avgHeartRateBpm: maybe(rng, 0.5, () => 90 + rng() * 80),
    maxHeartRateBpm: maybe(rng, 0.5, () => 150 + rng() * 50),
    avgCadenceRpm: maybe(rng, 0.5, () => 60 + rng() * 40),
    avgSpeedMps: maybe(rng, 0.5, () => rng() * 14),
    ascentM: maybe(rng, 0.5, () => rng() * 3000),
  };
  return ride;
}

/** Each record misses a random subset of fields: dozens of layouts, so local message types are reused. */
function sparseRide(seed: number): Activity {
  const ride = generateRide({ seed, durationS: 400, pedalPhase: true });
  const rng = createRng(seed);
  for (const name of CHANNELS) {
    const values = ride.streams[name];
    if (!values) continue;
    for (let i = 0; i < values.length; i++) if (rng() < 0.3) values[i] = Number.NaN;
  }
  return ride;
}

/** Values outside what a field can hold: the SDK wraps them (value & mask); so must the fast writer. */
function outOfRangeRide(): Activity {
  const ride = generateRide({ seed: 77, durationS: 120 });
  const s = ride.streams;
  const set = (name: (typeof CHANNELS)[number], i: number, v: number) => {
    const values = s[name];
    if (values) values[i] = v;
  };
  set('powerW', 3, 70_000); // > uint16
  set('powerW', 4, -5);
  set('heartRateBpm', 5, 300); // > uint8
  set('temperatureC', 6, -40.6);
  set('temperatureC', 7, 200); // > sint8
  set('altitudeM', 8, -600); // below the enhanced_altitude offset: negative before the uint32
  set('speedMps', 9, 5_000_000); // 5e9 mm/s > uint32
  set('distanceM', 10, 1e300); // Infinity once scaled
  set('latDeg', 11, 1e300); // Infinity before the SDK sees it: the invalid value
  set('leftRightBalancePct', 12, 130); // a negative right share
  set('torqueEffectivenessLeftPct', 13, 0.26); // 0.52 → rounds to 1 half-percent
  ride.laps = [
    { startTimeS: 10, elapsedTimeS: Number.NaN, avgPowerW: Number.POSITIVE_INFINITY, maxPowerW: 1e12 },
  ];
  ride.deviceSummary = { distanceM: -1, intensityFactor: Number.NaN, workJ: 2 ** 33 + 0.9 };
  return ride;
}

describe('encodeFit (fast writer) ≡ the SDK Encoder', () => {
  const cases: Array<[string, () => Activity]> = [
    ...Array.from(
      { length: 28 },
      (_, k) => [`varied ride ${k + 1}`, () => variedRide(k + 1)] as [string, () => Activity],
    ),
    ['sparse ride 1', () => sparseRide(1)],
    ['sparse ride 2', () => sparseRide(2)],
    ['out-of-range values', outOfRangeRide],
    ['a ride of three seconds', () => generateRide({ seed: 5, durationS: 2 })],
  ];

  for (const [label, make] of cases) {
    it(`writes the same bytes and decodes to the same Activity: ${label}`, SLOW, () => {
      const ride = make();
      const fast = encodeFit(ride);
      const sdk = encodeFitWithSdk(ride);
      expect(firstDifferentByte(fast, sdk), 'first byte that differs').toBeUndefined();

      const check = sdkCheck(fast);
      expect(check.integrity).toBe(true);
      expect(check.errors).toEqual([]);
      expect(check.records).toBe(ride.streams.gapMask.reduce((n, g) => n + (g === 0 ? 1 : 0), 0));

      for (const fastPath of [true, false]) {
        const fromFast = decodeFit(fast, { fastPath });
        const fromSdk = decodeFit(sdk, { fastPath });
        expect(difference(fromFast, fromSdk), `fastPath ${fastPath}`).toBeUndefined();
      }
      expect(difference(decodeActivity(fast, 'ride.fit'), decodeActivity(sdk, 'ride.fit'))).toBeUndefined();
    });
  }

  it('uses more than 16 record layouts on the sparse rides (local message types reused)', () => {
    const bytes = encodeFit(sparseRide(1));
    let definitions = 0;
    // Definition messages for records: header bit 6, then reserved, architecture, global number 20.
    for (let i = 14; i + 4 < bytes.length; i++) {
      if ((bytes[i] ?? 0) & 0x40 && bytes[i + 1] === 0 && bytes[i + 2] === 0 && bytes[i + 3] === 20)
        definitions++;
    }
    expect(definitions).toBeGreaterThan(16);
  });

  it('refuses what the SDK Encoder refuses', () => {
    const ride = generateRide({ seed: 1, durationS: 10 });
    ride.sport = 'underwater hockey';
    expect(() => encodeFitWithSdk(ride)).toThrow();
    expect(() => encodeFit(ride)).toThrow(/underwater hockey/);
    const named = generateRide({ seed: 1, durationS: 10 });
    named.device = { name: 'x'.repeat(255) }; // 256 bytes with its terminator: more than a field holds
    expect(() => encodeFitWithSdk(named)).toThrow();
    expect(() => encodeFit(named)).toThrow(/too long/);
  });
});
