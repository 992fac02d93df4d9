import { describe, expect, it } from 'vitest';
import {
  clampToRange,
  parseControlPointResponse,
  parseIndoorBikeData,
  parseMachineStatus,
  parseSupportedPowerRange,
  requestControlBytes,
  setTargetPowerBytes,
  startOrResumeBytes,
  stopOrPauseBytes,
} from './ftms';

/** A DataView over hand-written bytes, as the trainer sends them (little-endian fields). */
const bytes = (...values: number[]) => new DataView(Uint8Array.from(values).buffer);

describe('Fitness Machine Control Point (0x2AD9) writes', () => {
  it('requests control, starts and pauses with the spec op codes', () => {
    expect([...requestControlBytes()]).toEqual([0x00]);
    expect([...startOrResumeBytes()]).toEqual([0x07]);
    expect([...stopOrPauseBytes(true)]).toEqual([0x08, 0x02]);
    expect([...stopOrPauseBytes(false)]).toEqual([0x08, 0x01]);
  });

  it('sets target power as sint16 little-endian watts', () => {
    // 200 W = 0x00C8 → C8 00; 1234 W = 0x04D2 → D2 04; 300 W = 0x012C → 2C 01.
    expect([...setTargetPowerBytes(200)]).toEqual([0x05, 0xc8, 0x00]);
    expect([...setTargetPowerBytes(1234)]).toEqual([0x05, 0xd2, 0x04]);
    expect([...setTargetPowerBytes(299.6)]).toEqual([0x05, 0x2c, 0x01]);
    // −1 W in two's complement: FF FF (the trainer would refuse it, but the encoding is sint16).
    expect([...setTargetPowerBytes(-1)]).toEqual([0x05, 0xff, 0xff]);
  });
});

describe('control point indications', () => {
  it('reads success and control-not-permitted answers', () => {
    expect(parseControlPointResponse(bytes(0x80, 0x00, 0x01))).toEqual({
      requestOp: 0x00,
      result: 'success',
    });
    expect(parseControlPointResponse(bytes(0x80, 0x05, 0x03))).toEqual({
      requestOp: 0x05,
      result: 'invalidParameter',
    });
    expect(parseControlPointResponse(bytes(0x80, 0x00, 0x05))).toEqual({
      requestOp: 0x00,
      result: 'notPermitted',
    });
    expect(parseControlPointResponse(bytes(0x80, 0x07, 0x09))?.result).toBe('unknown');
  });

  it('ignores what is not a response', () => {
    expect(parseControlPointResponse(bytes(0x05, 0xc8, 0x00))).toBeUndefined();
    expect(parseControlPointResponse(bytes(0x80, 0x00))).toBeUndefined();
  });
});

describe('Indoor Bike Data (0x2AD2)', () => {
  it('reads speed, cadence and power (flags 0x0044)', () => {
    // flags 0x0044: bit 0 = 0 (speed present), bit 2 cadence, bit 6 power.
    // speed 0x0BB8 = 3000 → 30.00 km/h; cadence 0x00B4 = 180 → 90 rpm; power 0x00FA = 250 W.
    expect(parseIndoorBikeData(bytes(0x44, 0x00, 0xb8, 0x0b, 0xb4, 0x00, 0xfa, 0x00))).toEqual({
      speedKmh: 30,
      cadenceRpm: 90,
      powerW: 250,
    });
  });

  it('skips average fields, reads distance, heart rate and elapsed time', () => {
    // flags 0x0A5F = 0b1010_0101_1111: More Data (no speed), average speed, cadence, average cadence,
    // distance, power, heart rate, elapsed time.
    const m = parseIndoorBikeData(
      bytes(
        0x5f,
        0x0a,
        0x10,
        0x27, // average speed (skipped)
        0xa5,
        0x00, // cadence 165 → 82.5 rpm
        0x00,
        0x01, // average cadence (skipped)
        0x40,
        0xe2,
        0x01, // distance 0x01E240 = 123 456 m
        0x2c,
        0x01, // power 300 W
        0x96, // heart rate 150
        0x10,
        0x0e, // elapsed 0x0E10 = 3600 s
      ),
    );
    expect(m).toEqual({
      cadenceRpm: 82.5,
      distanceM: 123_456,
      powerW: 300,
      heartRateBpm: 150,
      elapsedS: 3600,
    });
  });

  it('reads a negative power (sint16)', () => {
    expect(parseIndoorBikeData(bytes(0x41, 0x00, 0xf6, 0xff)).powerW).toBe(-10);
  });
});

describe('Supported Power Range (0x2AD8) and Fitness Machine Status (0x2ADA)', () => {
  it('reads min, max and increment', () => {
    // 0 W, 0x07D0 = 2000 W, 5 W.
    expect(parseSupportedPowerRange(bytes(0x00, 0x00, 0xd0, 0x07, 0x05, 0x00))).toEqual({
      minW: 0,
      maxW: 2000,
      incrementW: 5,
    });
  });

  it('puts a target inside the range and on its increment', () => {
    const range = { minW: 25, maxW: 1000, incrementW: 5 };
    expect(clampToRange(203, range)).toBe(205);
    expect(clampToRange(10, range)).toBe(25);
    expect(clampToRange(1500, range)).toBe(1000);
    expect(clampToRange(212.4, undefined)).toBe(212);
  });

  it('reads the status op codes', () => {
    expect(parseMachineStatus(bytes(0xff))).toEqual({ kind: 'controlLost' });
    expect(parseMachineStatus(bytes(0x02, 0x02))).toEqual({ kind: 'stoppedByUser', pause: true });
    expect(parseMachineStatus(bytes(0x04))).toEqual({ kind: 'startedByUser' });
    expect(parseMachineStatus(bytes(0x08, 0xc8, 0x00))).toEqual({ kind: 'targetPowerChanged', powerW: 200 });
    expect(parseMachineStatus(bytes(0x05))).toEqual({ kind: 'other', op: 5 });
  });
});
