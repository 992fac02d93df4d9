/**
 * Bluetooth GATT characteristic values of the three cycling sensor services, parsed from the bytes a
 * sensor notifies (little-endian, as every GATT field). Pure: no Web Bluetooth here, so the layouts are
 * tested on hand-built byte arrays. Layouts from the Bluetooth SIG's service specifications:
 * - Heart Rate Measurement 0x2A37 (Heart Rate Service 0x180D, HRS v1.0 §3.1): flags uint8, bit 0 value
 *   format (0 uint8, 1 uint16 bpm), bits 1–2 sensor contact status, bit 3 energy expended present
 *   (uint16 kJ), bit 4 RR-intervals present (uint16 each, 1/1024 s, to the end of the value).
 * - Cycling Power Measurement 0x2A63 (Cycling Power Service 0x1818, CPS v1.1 §3.2): flags uint16,
 *   instantaneous power sint16 W, then present in flag order: bit 0 pedal power balance (uint8, 1/2 %),
 *   bit 2 accumulated torque (uint16, 1/32 N·m), bit 4 wheel revolution data (uint32 cumulative
 *   revolutions, uint16 last wheel event time in 1/2048 s), bit 5 crank revolution data (uint16
 *   cumulative revolutions, uint16 last crank event time in 1/1024 s), bit 6 extreme force magnitudes
 *   (2 × sint16), bit 7 extreme torque magnitudes (2 × sint16), bit 8 extreme angles (2 × uint12 in 3
 *   bytes), bit 9 top and bit 10 bottom dead spot angle (uint16 each), bit 11 accumulated energy (uint16
 *   kJ). Bits 1 and 3 only qualify balance and torque; bit 12 is an offset-compensation indicator.
 * - CSC Measurement 0x2A5B (Cycling Speed and Cadence Service 0x1816, CSCS v1.0 §3.1): flags uint8,
 *   bit 0 wheel revolution data (uint32 cumulative revolutions, uint16 last wheel event time in
 *   1/1024 s), bit 1 crank revolution data (uint16 cumulative revolutions, uint16 last crank event time
 *   in 1/1024 s). Note the wheel's 1/1024 s here against 1/2048 s in the power service.
 */

/** Full 128-bit UUIDs of the 16-bit SIG numbers (Bluetooth Base UUID), as Web Bluetooth takes them. */
export const GATT = {
  heartRateService: 0x180d,
  heartRateMeasurement: 0x2a37,
  cyclingPowerService: 0x1818,
  cyclingPowerMeasurement: 0x2a63,
  cyclingSpeedCadenceService: 0x1816,
  cscMeasurement: 0x2a5b,
} as const;

/** A cumulative revolution count and the time of its last event, in the sensor's clock ticks. */
export interface RevolutionData {
  revolutions: number;
  eventTicks: number;
  /** Clock ticks per second of `eventTicks` (1024 or 2048). */
  ticksPerS: number;
  /** Where `revolutions` wraps (2³² for wheels, 2¹⁶ for cranks). */
  revolutionsModulo: number;
}

export interface HeartRateMeasurement {
  heartRateBpm: number;
  /** Undefined when the sensor does not report contact. */
  sensorContact?: boolean;
  energyExpendedKj?: number;
  /** Beat-to-beat intervals, seconds. */
  rrIntervalsS: number[];
}

export interface CyclingPowerMeasurement {
  powerW: number;
  pedalPowerBalancePct?: number;
  accumulatedTorqueNm?: number;
  wheel?: RevolutionData;
  crank?: RevolutionData;
  accumulatedEnergyKj?: number;
}

export interface CscMeasurement {
  wheel?: RevolutionData;
  crank?: RevolutionData;
}

const bit = (flags: number, n: number) => ((flags >> n) & 1) === 1;

export function parseHeartRateMeasurement(view: DataView): HeartRateMeasurement {
  const flags = view.getUint8(0);
  let at = 1;
  let heartRateBpm: number;
  if (bit(flags, 0)) {
    heartRateBpm = view.getUint16(at, true);
    at += 2;
  } else {
    heartRateBpm = view.getUint8(at);
    at += 1;
  }
  const out: HeartRateMeasurement = { heartRateBpm, rrIntervalsS: [] };
  // Bit 2: contact detection supported; bit 1 then says whether there is contact.
  if (bit(flags, 2)) out.sensorContact = bit(flags, 1);
  if (bit(flags, 3)) {
    out.energyExpendedKj = view.getUint16(at, true);
    at += 2;
  }
  if (bit(flags, 4)) {
    for (; at + 1 < view.byteLength; at += 2) out.rrIntervalsS.push(view.getUint16(at, true) / 1024);
  }
  return out;
}

export function parseCyclingPowerMeasurement(view: DataView): CyclingPowerMeasurement {
  const flags = view.getUint16(0, true);
  const out: CyclingPowerMeasurement = { powerW: view.getInt16(2, true) };
  let at = 4;
  if (bit(flags, 0)) {
    out.pedalPowerBalancePct = view.getUint8(at) / 2;
    at += 1;
  }
  if (bit(flags, 2)) {
    out.accumulatedTorqueNm = view.getUint16(at, true) / 32;
    at += 2;
  }
  if (bit(flags, 4)) {
    out.wheel = {
      revolutions: view.getUint32(at, true),
      eventTicks: view.getUint16(at + 4, true),
      ticksPerS: 2048,
      revolutionsModulo: 2 ** 32,
    };
    at += 6;
  }
  if (bit(flags, 5)) {
    out.crank = {
      revolutions: view.getUint16(at, true),
      eventTicks: view.getUint16(at + 2, true),
      ticksPerS: 1024,
      revolutionsModulo: 2 ** 16,
    };
    at += 4;
  }
  if (bit(flags, 6)) at += 4;
  if (bit(flags, 7)) at += 4;
  if (bit(flags, 8)) at += 3;
  if (bit(flags, 9)) at += 2;
  if (bit(flags, 10)) at += 2;
  if (bit(flags, 11)) out.accumulatedEnergyKj = view.getUint16(at, true);
  return out;
}

export function parseCscMeasurement(view: DataView): CscMeasurement {
  const flags = view.getUint8(0);
  const out: CscMeasurement = {};
  let at = 1;
  if (bit(flags, 0)) {
    out.wheel = {
      revolutions: view.getUint32(at, true),
      eventTicks: view.getUint16(at + 4, true),
      ticksPerS: 1024,
      revolutionsModulo: 2 ** 32,
    };
    at += 6;
  }
  if (bit(flags, 1)) {
    out.crank = {
      revolutions: view.getUint16(at, true),
      eventTicks: view.getUint16(at + 2, true),
      ticksPerS: 1024,
      revolutionsModulo: 2 ** 16,
    };
  }
  return out;
}

/**
 * Revolutions per second between two readings of the same counter, both counters allowed to wrap once
 * (the event time is a uint16 of ticks: it wraps every 32 or 64 s). Undefined when no new event came
 * (same event time): the caller decides how long to hold the last rate.
 */
export function revolutionsPerS(previous: RevolutionData, next: RevolutionData): number | undefined {
  const ticks = (next.eventTicks - previous.eventTicks + 0x10000) % 0x10000;
  if (ticks === 0) return undefined;
  const revolutions =
    (next.revolutions - previous.revolutions + next.revolutionsModulo) % next.revolutionsModulo;
  return revolutions / (ticks / next.ticksPerS);
}
