import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../activity.ts';
import { generateRide, type SyntheticRideOptions } from './ride.ts';

/**
 * generateRide's output for a seed is part of its contract: demo riders, benchmarks and tests rebuild
 * the same rides from their seeds. These digests (FNV-1a over every stream value's float64 bits) and a
 * few plain values were taken before generateRide was made faster, and hold it to the same output.
 */

function digest(values: ArrayLike<number>): string {
  const bytes = new Uint8Array(Float64Array.from(values).buffer);
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

function digests(options: SyntheticRideOptions): Record<string, string> {
  const { streams } = generateRide(options);
  const out: Record<string, string> = { timeS: digest(streams.timeS), gapMask: digest(streams.gapMask) };
  // Channels a ride does not have are left out (the pedal-phase ones, off unless asked for).
  for (const name of CHANNELS) if (streams[name]) out[name] = digest(streams[name]);
  return out;
}

const WINDY_INTERVALS: SyntheticRideOptions = {
  seed: 20_240_601,
  durationS: 2 * 3600,
  ftpW: 260,
  windMps: 2.5,
  temperatureC: 27,
  startAltitudeM: 900,
  setup: { massKg: 72, cdaM2: 0.28 },
  intervals: { count: 6, workS: 120, restS: 180, intervalPct: 1.2 },
  leftBalancePct: 51,
};

describe('generateRide output for a seed (pinned)', () => {
  it('seed 7, one hour, defaults', () => {
    const ride = generateRide({ seed: 7, durationS: 3600 });
    const s = ride.streams;
    expect([s.powerW?.[900], s.heartRateBpm?.[900], s.cadenceRpm?.[900], s.speedMps?.[900]]).toEqual(
      PINNED.seed7.at900,
    );
    expect([s.distanceM?.[3600], s.altitudeM?.[3600], s.latDeg?.[3600], s.lngDeg?.[3600]]).toEqual(
      PINNED.seed7.atEnd,
    );
    expect(digests({ seed: 7, durationS: 3600 })).toEqual(PINNED.seed7.digests);
  });

  it('every option set, two hours', () => {
    expect(digests(WINDY_INTERVALS)).toEqual(PINNED.windyIntervals);
  });
});

const PINNED = {
  seed7: {
    at900: [159, 184, 80, 6.02],
    atEnd: [25927.47, 324.4, 45.35028484649956, 6.948779616504908],
    digests: {
      timeS: 'd4ba0dfc',
      gapMask: 'ed120b65',
      powerW: '23a0dc5b',
      heartRateBpm: '374487fb',
      cadenceRpm: '6a84e362',
      speedMps: '59978e53',
      distanceM: '8e3e4ce7',
      altitudeM: '4d00a3de',
      latDeg: 'a6215f52',
      lngDeg: '8f75b6da',
      temperatureC: 'af15dc07',
      leftRightBalancePct: '88baac3e',
      torqueEffectivenessPct: 'ae0072df',
      torqueEffectivenessLeftPct: '2981d953',
      torqueEffectivenessRightPct: 'a201f0e6',
      pedalSmoothnessPct: '6265858d',
      pedalSmoothnessLeftPct: 'e6f2d577',
      pedalSmoothnessRightPct: 'c9f50d07',
    },
  },
  windyIntervals: {
    timeS: '19ca1a6c',
    gapMask: 'd016a565',
    powerW: '31b6f2f5',
    heartRateBpm: '2ff56dde',
    cadenceRpm: '13ae493e',
    speedMps: '8b5dd2b5',
    distanceM: '2f798c3c',
    altitudeM: 'dc3f5b07',
    latDeg: '6863b101',
    lngDeg: 'e7ec88cc',
    temperatureC: '75ca3056',
    leftRightBalancePct: 'ea02dc26',
    torqueEffectivenessPct: 'e026b7a9',
    torqueEffectivenessLeftPct: 'e97f1e1d',
    torqueEffectivenessRightPct: 'b389df57',
    pedalSmoothnessPct: '367778ef',
    pedalSmoothnessLeftPct: '42895446',
    pedalSmoothnessRightPct: '2e681ba5',
  },
};
