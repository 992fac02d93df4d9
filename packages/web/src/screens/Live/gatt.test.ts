import { describe, expect, it } from 'vitest';
import {
  parseCscMeasurement,
  parseCyclingPowerMeasurement,
  parseHeartRateMeasurement,
  revolutionsPerS,
} from './gatt';

/** A DataView over hand-written bytes, as a sensor notifies them (little-endian fields). */
const bytes = (...values: number[]) => new DataView(Uint8Array.from(values).buffer);

describe('Heart Rate Measurement (0x2A37)', () => {
  it('reads a uint8 heart rate with no other field', () => {
    expect(parseHeartRateMeasurement(bytes(0x00, 72))).toEqual({ heartRateBpm: 72, rrIntervalsS: [] });
  });

  it('reads a uint16 heart rate, contact, energy and two RR intervals', () => {
    // flags 0b1_1111: uint16 value, contact supported and detected, energy, RR intervals.
    const m = parseHeartRateMeasurement(bytes(0x1f, 0x2c, 0x01, 0x10, 0x00, 0x00, 0x04, 0x00, 0x02));
    expect(m.heartRateBpm).toBe(300); // 0x012C
    expect(m.sensorContact).toBe(true);
    expect(m.energyExpendedKj).toBe(16);
    expect(m.rrIntervalsS).toEqual([1, 0.5]); // 1024/1024 s, 512/1024 s
  });

  it('reports lost contact when the sensor supports detection', () => {
    expect(parseHeartRateMeasurement(bytes(0x04, 0)).sensorContact).toBe(false);
  });
});

describe('Cycling Power Measurement (0x2A63)', () => {
  it('reads instantaneous power alone (flags 0)', () => {
    expect(parseCyclingPowerMeasurement(bytes(0x00, 0x00, 0xfa, 0x00))).toEqual({ powerW: 250 });
  });

  it('reads power as sint16 (a negative value from a trainer braking)', () => {
    expect(parseCyclingPowerMeasurement(bytes(0x00, 0x00, 0xf6, 0xff)).powerW).toBe(-10);
  });

  it('skips balance and torque to reach wheel and crank revolution data', () => {
    // flags 0x0035: balance (bit 0), torque (bit 2), wheel (bit 4), crank (bit 5).
    const m = parseCyclingPowerMeasurement(
      bytes(
        0x35,
        0x00, // flags
        0x2c,
        0x01, // 300 W
        0x64, // balance 100 → 50 %
        0x40,
        0x06, // torque 1600/32 = 50 N·m
        0x10,
        0x27,
        0x00,
        0x00, // wheel revolutions 10 000
        0x00,
        0x08, // last wheel event 2048/2048 s
        0xe8,
        0x03, // crank revolutions 1000
        0x00,
        0x04, // last crank event 1024/1024 s
      ),
    );
    expect(m).toEqual({
      powerW: 300,
      pedalPowerBalancePct: 50,
      accumulatedTorqueNm: 50,
      wheel: { revolutions: 10_000, eventTicks: 2048, ticksPerS: 2048, revolutionsModulo: 2 ** 32 },
      crank: { revolutions: 1000, eventTicks: 1024, ticksPerS: 1024, revolutionsModulo: 2 ** 16 },
    });
  });

  it('skips extreme magnitudes, angles and dead spots to reach accumulated energy', () => {
    // flags 0x0FE0: crank (5), force (6), torque (7), angles (8), top (9), bottom (10), energy (11).
    const m = parseCyclingPowerMeasurement(
      bytes(
        0xe0,
        0x0f,
        0xc8,
        0x00, // 200 W
        0x05,
        0x00,
        0x10,
        0x00, // crank 5 revolutions at 16/1024 s
        1,
        2,
        3,
        4, // extreme forces
        5,
        6,
        7,
        8, // extreme torques
        9,
        10,
        11, // extreme angles (2 × 12 bits)
        12,
        13, // top dead spot
        14,
        15, // bottom dead spot
        0x7b,
        0x00, // 123 kJ
      ),
    );
    expect(m.powerW).toBe(200);
    expect(m.crank).toMatchObject({ revolutions: 5, eventTicks: 16 });
    expect(m.accumulatedEnergyKj).toBe(123);
  });
});

describe('CSC Measurement (0x2A5B)', () => {
  it('reads wheel and crank data, the wheel clock in 1/1024 s', () => {
    const m = parseCscMeasurement(bytes(0x03, 0x01, 0x00, 0x00, 0x00, 0x00, 0x04, 0x02, 0x00, 0x00, 0x02));
    expect(m.wheel).toEqual({
      revolutions: 1,
      eventTicks: 1024,
      ticksPerS: 1024,
      revolutionsModulo: 2 ** 32,
    });
    expect(m.crank).toEqual({ revolutions: 2, eventTicks: 512, ticksPerS: 1024, revolutionsModulo: 2 ** 16 });
  });

  it('reads crank data alone (a cadence-only sensor)', () => {
    const m = parseCscMeasurement(bytes(0x02, 0x0a, 0x00, 0x00, 0x08));
    expect(m.wheel).toBeUndefined();
    expect(m.crank).toMatchObject({ revolutions: 10, eventTicks: 2048 });
  });
});

describe('revolutionsPerS', () => {
  const crank = (revolutions: number, eventTicks: number) => ({
    revolutions,
    eventTicks,
    ticksPerS: 1024,
    revolutionsModulo: 2 ** 16,
  });

  it('gives 1.5 rev/s (90 rpm) for 3 revolutions in 2 s', () => {
    expect(revolutionsPerS(crank(100, 1024), crank(103, 3072))).toBe(1.5);
  });

  it('counts across the wrap of both the revolutions and the event time', () => {
    // 65 535 → 1 is 2 revolutions; 65 024 → 512 ticks is 1024 ticks, 1 s.
    expect(revolutionsPerS(crank(65_535, 65_024), crank(1, 512))).toBe(2);
  });

  it('is undefined when no new event came', () => {
    expect(revolutionsPerS(crank(5, 900), crank(5, 900))).toBeUndefined();
  });
});
