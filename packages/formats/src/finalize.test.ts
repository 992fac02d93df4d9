import { describe, expect, it } from 'vitest';
import type { ActivityStreams } from './activity.ts';
import { dropAllZeroChannels, dropImpossiblePower, MAX_PLAUSIBLE_POWER_W } from './finalize.ts';

function streamsOf(power: number[]): ActivityStreams {
  const n = power.length;
  return {
    timeS: Float64Array.from({ length: n }, (_, i) => i),
    gapMask: new Uint8Array(n),
    powerW: Float64Array.from(power),
  };
}

describe('dropImpossiblePower', () => {
  it('turns power above the plausible maximum into no value and says so', () => {
    const streams = streamsOf([200, 21_733, 21_733, 250, MAX_PLAUSIBLE_POWER_W]);
    const warnings: string[] = [];
    dropImpossiblePower(streams, warnings);
    expect(Array.from(streams.powerW ?? [])).toEqual([
      200,
      Number.NaN,
      Number.NaN,
      250,
      MAX_PLAUSIBLE_POWER_W,
    ]);
    expect(streams.gapMask.every((g) => g === 0)).toBe(true);
    expect(warnings).toEqual([
      `2 s of power above ${MAX_PLAUSIBLE_POWER_W} W (up to 21733 W) are sensor spikes; left out.`,
    ]);
  });

  it('leaves a ride without spikes untouched and silent', () => {
    const streams = streamsOf([0, 1_800, 2_400]);
    const warnings: string[] = [];
    dropImpossiblePower(streams, warnings);
    expect(Array.from(streams.powerW ?? [])).toEqual([0, 1_800, 2_400]);
    expect(warnings).toEqual([]);
  });

  it('lets a channel of zeros and spikes be recognised as no sensor afterwards', () => {
    const streams = streamsOf([0, 0, 65_000, 0]);
    const warnings: string[] = [];
    dropImpossiblePower(streams, warnings);
    dropAllZeroChannels(streams, warnings);
    expect(streams.powerW).toBeUndefined();
  });
});
