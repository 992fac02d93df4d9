import { describe, expect, it } from 'vitest';
import { createActivityStreams, streamsFromSeconds } from '../streams/activity-streams.ts';
import {
  aerobicDecouplingPct,
  DECOUPLING_MIN_S,
  decouplingGap,
  decouplingHalves,
  heartRateDriftPct,
} from './decoupling.ts';
import { efficiencyFactor, wattsPerHeartbeat } from './efficiency-factor.ts';
import { averageHeartRateBpm, maxHeartRateBpm } from './heart-rate-summary.ts';

describe('heart-rate summary', () => {
  it('ignores zero readings, missing values and gaps', () => {
    const streams = createActivityStreams(
      Float64Array.from([0, 1, 2, 3, 4]),
      Uint8Array.from([0, 0, 0, 0, 1]),
      { heartRateBpm: Float64Array.from([120, 0, Number.NaN, 140, 200]) },
    );
    expect(averageHeartRateBpm(streams)).toBe(130);
    expect(maxHeartRateBpm(streams)).toBe(140);
  });
});

describe('aerobic decoupling and drift', () => {
  it('is zero for a ride with steady power and heart rate', () => {
    const streams = streamsFromSeconds({
      powerW: new Array(3600).fill(200),
      heartRateBpm: new Array(3600).fill(140),
    });
    expect(aerobicDecouplingPct(streams)).toBe(0);
    expect(heartRateDriftPct(streams)).toBe(0);
  });

  it('compares the efficiency of the two halves', () => {
    const hr = [...new Array(1800).fill(140), ...new Array(1800).fill(147)];
    const streams = streamsFromSeconds({ powerW: new Array(3600).fill(210), heartRateBpm: hr });
    // EF₁ = 1.5, EF₂ = 210/147 = 1.428571…, decoupling = 4.7619… %
    expect(aerobicDecouplingPct(streams)).toBeCloseTo((1 - 140 / 147) * 100, 9);
    expect(heartRateDriftPct(streams)).toBeCloseTo(5, 9);
  });

  it('is undefined without both power and heart rate', () => {
    expect(aerobicDecouplingPct(streamsFromSeconds({ powerW: [200, 200] }))).toBeUndefined();
    expect(decouplingGap(decouplingHalves(streamsFromSeconds({ powerW: [200, 200] })))).toBe(
      'no_power_or_heart_rate',
    );
  });

  it("needs an hour of power and heart rate (Friel; the ride page's own rule): 59:59 gives no figure", () => {
    expect(DECOUPLING_MIN_S).toBe(3600);
    // 46 minutes with heart rate rising 5 % between the halves: a figure of 4.76 % if it were given.
    const n = 46 * 60;
    const hr = Array.from({ length: n }, (_, i) => (i < n / 2 ? 140 : 147));
    const short = streamsFromSeconds({ powerW: new Array(n).fill(210), heartRateBpm: hr });
    const halves = decouplingHalves(short)!;
    expect(halves.seconds).toBe(2760);
    expect(decouplingGap(halves)).toBe('too_short');
    expect(aerobicDecouplingPct(short)).toBeUndefined();
    expect(heartRateDriftPct(short)).toBeUndefined();
    const justUnder = streamsFromSeconds({
      powerW: new Array(3599).fill(210),
      heartRateBpm: new Array(3599).fill(140),
    });
    expect(aerobicDecouplingPct(justUnder)).toBeUndefined();
    const hour = streamsFromSeconds({
      powerW: new Array(3600).fill(210),
      heartRateBpm: new Array(3600).fill(140),
    });
    expect(decouplingGap(decouplingHalves(hour))).toBeUndefined();
    expect(aerobicDecouplingPct(hour)).toBe(0);
  });
});

describe('efficiency factor and watts per heartbeat', () => {
  it('divides NP, or plain mean power, by mean heart rate', () => {
    const streams = streamsFromSeconds({
      powerW: new Array(600).fill(225),
      heartRateBpm: new Array(600).fill(150),
    });
    expect(efficiencyFactor(streams)).toBe(1.5);
    expect(wattsPerHeartbeat(streams)).toBe(1.5);
  });
});
