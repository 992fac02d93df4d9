// Issue 16: out-of-range sample values (a GPX with power −1e308 failed every database insert) are
// dropped at decode, with a warning, by one step every decoder shares (finalize.ts, dropOutOfRange).
import { describe, expect, it } from 'vitest';
import type { ActivityStreams } from './activity.ts';
import { decodeActivity } from './decode.ts';
import { CHANNEL_BOUNDS, dropOutOfRange } from './finalize.ts';
import { encodeFit } from './fit/encode.ts';
import { generateRide } from './synthetic/ride.ts';
import { fixtureNames, readFixture } from './test-support/fixtures.ts';
import { sampleGpx, sampleTcx } from './test-support/samples.ts';

/** Replaces every `every`-th match of `pattern` (its first group is the number) with `value`. */
function corrupt(
  text: string,
  pattern: RegExp,
  every: number,
  value: string,
): { text: string; count: number } {
  let k = 0;
  let count = 0;
  const out = text.replace(pattern, (match, number: string) => {
    if (++k % every !== 3) return match;
    count++;
    return match.replace(number, value);
  });
  return { text: out, count };
}

const finiteIn = (values: Float64Array | undefined) => {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let n = 0;
  for (const v of values ?? []) {
    if (Number.isNaN(v)) continue;
    n++;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  return { min, max, n };
};

describe('dropOutOfRange', () => {
  it('turns values outside each channel’s bounds, and infinities, into no value, one warning per channel', () => {
    const streams: ActivityStreams = {
      timeS: Float64Array.from([0, 1, 2, 3, 4]),
      gapMask: new Uint8Array(5),
      powerW: Float64Array.from([200, -1e308, 250, Number.POSITIVE_INFINITY, Number.NaN]),
      heartRateBpm: Float64Array.from([120, 121, 999, 122, 123]),
      altitudeM: Float64Array.from([100, 100, 100, 100, 100]),
      temperatureC: Float64Array.from([20, Number.NEGATIVE_INFINITY, 20, 20, 20]),
      latDeg: Float64Array.from([40, 40, 91, 40, 40]),
    };
    const warnings: string[] = [];
    dropOutOfRange(streams, warnings);
    expect([...streams.powerW!]).toEqual([200, Number.NaN, 250, Number.NaN, Number.NaN]);
    expect([...streams.heartRateBpm!]).toEqual([120, 121, Number.NaN, 122, 123]);
    expect([...streams.altitudeM!]).toEqual([100, 100, 100, 100, 100]);
    expect(streams.temperatureC![1]).toBeNaN();
    expect(streams.latDeg![2]).toBeNaN();
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toBe('2 s of powerW outside 0…3000 (e.g. -1e+308) are impossible values; left out.');
    // The seconds stay recorded: nothing becomes a gap.
    expect([...streams.gapMask]).toEqual([0, 0, 0, 0, 0]);
  });

  it('keeps every real extreme', () => {
    const streams: ActivityStreams = {
      timeS: Float64Array.from([0, 1]),
      gapMask: new Uint8Array(2),
      powerW: Float64Array.from([0, 2999]),
      heartRateBpm: Float64Array.from([30, 230]),
      speedMps: Float64Array.from([0, 30]),
      altitudeM: Float64Array.from([-420, 5300]),
      temperatureC: Float64Array.from([-40, 50]),
    };
    const warnings: string[] = [];
    dropOutOfRange(streams, warnings);
    expect(warnings).toEqual([]);
    expect([...streams.altitudeM!]).toEqual([-420, 5300]);
  });

  it('documents a range for every channel but the position', () => {
    for (const [name, [min, max]] of Object.entries(CHANNEL_BOUNDS)) expect(min, name).toBeLessThan(max);
  });
});

describe('every decoder drops impossible values and keeps the ride', () => {
  it('GPX: power −1e308 and heart rate 1e308', () => {
    const original = sampleGpx(1200);
    const power = corrupt(original, /<power>(\d+)<\/power>/g, 100, '-1e308');
    const both = corrupt(power.text, /<gpxtpx:hr>(\d+)<\/gpxtpx:hr>/g, 150, '1e308');
    expect(power.count).toBeGreaterThan(5);
    const activity = decodeActivity(new TextEncoder().encode(both.text), 'bad.gpx');
    const p = finiteIn(activity.streams.powerW);
    expect(p.min).toBeGreaterThanOrEqual(0);
    expect(p.max).toBeLessThanOrEqual(3000);
    expect(p.n).toBeGreaterThan(1000);
    expect(p.min).toBe(200);
    expect(finiteIn(activity.streams.heartRateBpm).max).toBeLessThanOrEqual(300);
    expect(activity.warnings.join('\n')).toMatch(/s of powerW outside 0…3000 \(e\.g\. -1e\+308\)/);
    expect(activity.warnings.join('\n')).toMatch(/s of heartRateBpm outside 0…300/);
  });

  it('TCX: negative watts and an absurd speed', () => {
    const original = sampleTcx(600);
    const watts = corrupt(original, /<ns3:Watts>(\d+)<\/ns3:Watts>/g, 40, '-5');
    const speed = corrupt(watts.text, /<ns3:Speed>([\d.]+)<\/ns3:Speed>/g, 40, '1e300');
    expect(watts.count).toBeGreaterThan(2);
    const activity = decodeActivity(new TextEncoder().encode(speed.text), 'bad.tcx');
    expect(finiteIn(activity.streams.powerW).min).toBeGreaterThanOrEqual(0);
    expect(finiteIn(activity.streams.speedMps).max).toBeLessThanOrEqual(100);
    expect(activity.warnings.join('\n')).toMatch(/s of powerW outside/);
    expect(activity.warnings.join('\n')).toMatch(/s of speedMps outside/);
  });

  it('FIT: an altitude above any mountain and a temperature no air has (both fit FIT’s types)', () => {
    const ride = generateRide({ seed: 5, durationS: 600 });
    const altitude = ride.streams.altitudeM!;
    for (let i = 0; i < altitude.length; i++) altitude[i] = 11_000; // FIT's uint16 reaches 12,607 m
    ride.streams.temperatureC = new Float64Array(altitude.length).fill(20);
    for (let i = 100; i < 130; i++) ride.streams.temperatureC[i] = 120; // sint8 reaches 127 °C
    const activity = decodeActivity(encodeFit(ride), 'bad.fit');
    expect(finiteIn(activity.streams.altitudeM).n).toBe(0);
    expect(finiteIn(activity.streams.temperatureC).max).toBe(20);
    expect(finiteIn(activity.streams.powerW).n).toBeGreaterThan(500);
    expect(activity.warnings.join('\n')).toMatch(/601 s of altitudeM outside -500…9000/);
    expect(activity.warnings.join('\n')).toMatch(/30 s of temperatureC outside -90…80/);
  });
});

// Real rides (the vendored ones, and the shared corpus when present) lose nothing: no false positives.
it('real rides lose nothing', { timeout: 120_000 }, () => {
  for (const name of fixtureNames()) {
    const activity = decodeActivity(readFixture(name), name);
    expect(
      activity.warnings.filter((w) => w.includes('impossible values')),
      name,
    ).toEqual([]);
  }
});
