import { decodeFit } from '@vatio/formats';
import { describe, expect, it } from 'vitest';
import { LIVE_DEVICE_NAME, liveRideFit } from './fitExport';
import { fitCrc, fitString } from './fitWorkoutTag';
import { LiveSession } from './liveSession';

describe('liveRideFit', () => {
  it('writes the recorded seconds as a FIT file that decodes to the same ride, pauses as gaps', async () => {
    const session = new LiveSession({ cpW: 250, wPrimeJ: 20_000 });
    for (let i = 0; i < 30; i++)
      session.addSecond({ powerW: 200 + i, heartRateBpm: 140, cadenceRpm: 90, speedMps: 9 });
    for (let i = 0; i < 5; i++) session.addPausedSecond();
    for (let i = 0; i < 30; i++)
      session.addSecond({ powerW: 300, heartRateBpm: 150, cadenceRpm: 95, speedMps: 10 });
    const start = new Date('2030-01-16T09:00:00Z');
    const bytes = await liveRideFit(session, start);
    const ride = decodeFit(bytes);
    expect(ride.sport).toBe('cycling');
    expect(ride.startTime.toISOString()).toBe(start.toISOString());
    expect(ride.device.name).toBe(LIVE_DEVICE_NAME);
    const power = ride.streams.powerW!;
    expect(power[0]).toBe(200);
    expect(power[29]).toBe(229);
    expect(power[40]).toBe(300);
    expect([...ride.streams.gapMask.slice(30, 35)]).toEqual([1, 1, 1, 1, 1]);
    expect(ride.streams.gapMask[29]).toBe(0);
    expect(ride.streams.gapMask[35]).toBe(0);
    // 30 s at 9 m/s, then 30 s at 10 m/s.
    expect(ride.streams.distanceM![64]).toBeCloseTo(570, 1);
    expect(ride.streams.heartRateBpm![50]).toBe(150);
  });
});

describe('liveRideFit with a workout', () => {
  it('names the ride after the workout, keeps the reference and laps each step', async () => {
    const session = new LiveSession({ cpW: 250, wPrimeJ: 20_000 });
    for (let i = 0; i < 20; i++) session.addSecond({ powerW: 150 });
    for (let i = 0; i < 10; i++) session.addSecond({ powerW: 300 });
    const workout = { name: 'Umbral 2 × 20 min', ref: 'library:threshold-2x20', stepStartsElapsedS: [0, 20] };
    const bytes = await liveRideFit(session, new Date('2030-01-16T09:00:00Z'), workout);
    // The file's CRC (last two bytes) covers everything before it: the CRC of the whole file is 0.
    expect(fitCrc(bytes)).toBe(0);
    const ride = decodeFit(bytes);
    expect(ride.name).toBe('Umbral 2 × 20 min');
    expect(ride.streams.powerW!.length).toBe(30);
    expect(ride.laps.map((l) => [l.startTimeS, l.elapsedTimeS, l.avgPowerW])).toEqual([
      [0, 20, 150],
      [20, 10, 300],
    ]);
    const { Decoder, Stream } = await import('@garmin/fitsdk');
    const { messages } = new Decoder(Stream.fromByteArray([...bytes])).read();
    expect(messages.workoutMesgs?.[0]?.wktName).toBe('Umbral 2 × 20 min');
    expect(messages.workoutMesgs?.[0]?.wktDescription).toBe('vatio-workout:library:threshold-2x20');
  });

  it('cuts a long name on a character boundary', () => {
    const s = fitString('é'.repeat(150), 200);
    expect(s.length).toBe(199); // 99 two-byte characters and the NUL
    expect(new TextDecoder().decode(s.subarray(0, -1))).toBe('é'.repeat(99));
  });
});
