import { describe, expect, it } from 'vitest';
import { LiveSession, SensorFusion, zoneOf } from './liveSession';

const model = { cpW: 250, wPrimeJ: 20_000 };

describe('LiveSession', () => {
  it('3 s power is the mean of the last three recorded seconds with power', () => {
    const s = new LiveSession(model);
    expect(s.power3sW).toBeUndefined();
    s.addSecond({ powerW: 100 });
    expect(s.power3sW).toBe(100);
    s.addSecond({ powerW: 200 });
    s.addSecond({ powerW: 300 });
    s.addSecond({ powerW: 400 });
    expect(s.power3sW).toBe(300); // (200 + 300 + 400) / 3
    // A pause and a second without a reading do not count; the three before them do.
    s.addPausedSecond();
    s.addSecond({});
    expect(s.power3sW).toBe(300);
  });

  it('distance is the sum of speed × 1 s; a paused second adds nothing', () => {
    const s = new LiveSession(model);
    s.addSecond({ speedMps: 10 });
    s.addSecond({ speedMps: 8.5 });
    s.addPausedSecond();
    s.addSecond({ speedMps: 1.5 });
    expect(s.totalDistanceM).toBe(20);
    expect(s.distanceM).toEqual([10, 18.5, 18.5, 20]);
    expect(s.gapMask).toEqual([0, 0, 1, 0]);
    expect(s.elapsedS).toBe(4);
    expect(s.movingS).toBe(3);
  });

  it('W′ balance never shows below zero: the ride page correction (minimum CP) on the seconds so far', () => {
    // CP 200 W, W′ 10 kJ; a minute at 400 W would take the fitted balance to 10,000 − 60·200 = −2,000 J.
    // GoldenCheetah's rule raises CP in 3 W steps to the first that keeps it above zero: 233 W leaves
    // 10,000 − 60·167 = −20 J, 236 W leaves 10,000 − 60·164 = +160 J.
    const s = new LiveSession({ cpW: 200, wPrimeJ: 10_000 });
    for (let i = 0; i < 60; i++) s.addSecond({ powerW: 100 });
    for (let i = 0; i < 60; i++) s.addSecond({ powerW: 400 });
    expect(s.currentWPrimeBalanceJ).toBe(160);
    expect(s.wPrimeCorrection).toMatchObject({ status: 'cp-raised', cpW: 236, wPrimeJ: 10_000 });
    expect(Math.min(...s.wPrimeBalanceJ)).toBe(160);
    // The series already drawn is redrawn with the new CP: 30 s into the effort, 10,000 − 30·164.
    expect(s.wPrimeBalanceJ[89]).toBe(5_080);
    expect(s.wPrimeJ).toBe(10_000);
  });

  it('W′ balance is unknown, not negative, where no correction keeps it above zero', () => {
    // Ten minutes at 500 W spend 600·300 = 180 kJ above a 200 W CP: lower than −10 kJ, so CP is not
    // raised, and no W′ up to 50 kJ covers it.
    const s = new LiveSession({ cpW: 200, wPrimeJ: 10_000 });
    for (let i = 0; i < 600; i++) s.addSecond({ powerW: 500 });
    expect(s.wPrimeCorrection?.status).toBe('unsupported');
    expect(s.currentWPrimeBalanceJ).toBeUndefined();
    expect(s.wPrimeBalanceJ.every((j) => Number.isNaN(j))).toBe(true);
    s.addSecond({ powerW: 100 });
    expect(s.currentWPrimeBalanceJ).toBeUndefined();
  });

  it('W′ balance: 100 J spent per second at CP + 100 W, then back at rest (differential form)', () => {
    const s = new LiveSession(model);
    s.addSecond({ powerW: 350 });
    expect(s.currentWPrimeBalanceJ).toBe(19_900);
    s.addSecond({ powerW: 350 });
    expect(s.currentWPrimeBalanceJ).toBe(19_800);
    // At 150 W, 100 W below CP: +100·(20 000 − 19 800)/20 000 = +1 J.
    s.addSecond({ powerW: 150 });
    expect(s.currentWPrimeBalanceJ).toBe(19_801);
    // Paused: rest at 0 W, +250·(20 000 − 19 801)/20 000.
    s.addPausedSecond();
    expect(s.currentWPrimeBalanceJ).toBeCloseTo(19_801 + (250 * 199) / 20_000, 9);
    expect(s.wPrimeBalanceJ).toHaveLength(4);
  });

  it('elevation gain adds only the rises', () => {
    const s = new LiveSession(model);
    for (const altitudeM of [100, 102, 101, 105]) s.addSecond({ altitudeM });
    expect(s.elevationGainM).toBe(6);
  });

  it('averages skip pauses and missing values', () => {
    const s = new LiveSession(model);
    s.addSecond({ powerW: 200, heartRateBpm: 140 });
    s.addSecond({ powerW: 300 });
    s.addPausedSecond();
    expect(s.average('powerW')).toBe(250);
    expect(s.average('heartRateBpm')).toBe(140);
    expect(s.average('speedMps')).toBeUndefined();
  });
});

describe('zoneOf', () => {
  const zones = [
    { zone: 1, minPower: 0, maxPower: 138 },
    { zone: 2, minPower: 138, maxPower: 188 },
    { zone: 3, minPower: 188, maxPower: null },
  ];
  it('finds the zone holding the power', () => {
    expect(zoneOf(100, zones)).toBe(1);
    expect(zoneOf(138, zones)).toBe(2);
    expect(zoneOf(900, zones)).toBe(3);
    expect(zoneOf(undefined, zones)).toBeUndefined();
  });
});

describe('SensorFusion', () => {
  const crank = (revolutions: number, eventTicks: number) => ({
    revolutions,
    eventTicks,
    ticksPerS: 1024,
    revolutionsModulo: 2 ** 16,
  });

  it('averages the second’s power readings and turns revolutions into cadence and speed', () => {
    const f = new SensorFusion(2.1);
    f.onPower({ powerW: 200, crank: crank(10, 0) }, 0);
    f.onPower({ powerW: 300, crank: crank(11, 683) }, 500); // 1 revolution in 683/1024 s ≈ 90 rpm
    f.onCsc({ wheel: { revolutions: 0, eventTicks: 0, ticksPerS: 1024, revolutionsModulo: 2 ** 32 } }, 0);
    f.onCsc(
      { wheel: { revolutions: 4, eventTicks: 1024, ticksPerS: 1024, revolutionsModulo: 2 ** 32 } },
      900,
    );
    f.onHeartRate({ heartRateBpm: 150, rrIntervalsS: [] }, 800);
    const second = f.takeSecond(1000);
    expect(second.powerW).toBe(250);
    expect(second.cadenceRpm).toBe(90);
    expect(second.speedMps).toBeCloseTo(8.4, 9); // 4 revolutions × 2.1 m in 1 s
    expect(second.heartRateBpm).toBe(150);
    // No reading in the next second: no power; the rates hold until 3 s after their last revolution.
    expect(f.takeSecond(2000).powerW).toBeUndefined();
    expect(f.takeSecond(3400).cadenceRpm).toBe(90);
    expect(f.takeSecond(4000)).toEqual({ cadenceRpm: 0, speedMps: 0 });
  });

  it('takes a smart trainer’s power only without a power meter, and its cadence and speed', () => {
    const alone = new SensorFusion(2.1);
    alone.onIndoorBike({ powerW: 200, cadenceRpm: 85.5, speedKmh: 36 }, 0, true);
    alone.onIndoorBike({ powerW: 220, cadenceRpm: 86, speedKmh: 36 }, 500, true);
    // Power: mean of the two readings; cadence: the latest, rounded; speed: 36 km/h = 10 m/s.
    expect(alone.takeSecond(1000)).toEqual({ powerW: 210, cadenceRpm: 86, speedMps: 10 });
    // Three seconds without data: the trainer reads as stopped.
    expect(alone.takeSecond(4000)).toEqual({ cadenceRpm: 0, speedMps: 0 });

    const withMeter = new SensorFusion(2.1);
    withMeter.onPower({ powerW: 300 }, 0);
    withMeter.onIndoorBike({ powerW: 200 }, 100, false);
    expect(withMeter.takeSecond(1000).powerW).toBe(300);
  });
});
