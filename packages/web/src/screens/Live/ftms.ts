/**
 * Bluetooth Fitness Machine Service (FTMS, service 0x1826): the bytes Vatio writes to a smart trainer's
 * control point and the bytes it reads back. Pure (no Web Bluetooth), so every layout is tested on
 * hand-built byte arrays. Source: Bluetooth SIG, Fitness Machine Service specification v1.0 (FTMS_v1.0,
 * 2017) and the GATT Specification Supplement, cross-read with open-source implementations of the same
 * service (paixaop/zwack's fitness-machine-control-point characteristic, incyclist/devices' ble/consts,
 * chinatsu/kondis' FTMSControlOpCode), all little-endian as every GATT field:
 *
 * - Fitness Machine Control Point 0x2AD9 (§4.16): write op code uint8 then its parameter. Request Control
 *   0x00 (no parameter), Reset 0x01, Set Target Power 0x05 (sint16, W, resolution 1), Start or Resume
 *   0x07, Stop or Pause 0x08 (uint8: 0x01 stop, 0x02 pause). The machine answers each write with an
 *   indication: Response Code 0x80, the request's op code, the result (0x01 success, 0x02 op code not
 *   supported, 0x03 invalid parameter, 0x04 operation failed, 0x05 control not permitted).
 * - Indoor Bike Data 0x2AD2 (§4.9): flags uint16, then in flag order: bit 0 "More Data" INVERTED (0 means
 *   instantaneous speed is present: uint16, 0.01 km/h), bit 1 average speed (uint16), bit 2 instantaneous
 *   cadence (uint16, 0.5 rpm), bit 3 average cadence (uint16), bit 4 total distance (uint24, m), bit 5
 *   resistance level (sint16), bit 6 instantaneous power (sint16, W), bit 7 average power (sint16), bit 8
 *   expended energy (uint16 total kcal, uint16 kcal/h, uint8 kcal/min), bit 9 heart rate (uint8 bpm),
 *   bit 10 metabolic equivalent (uint8), bit 11 elapsed time (uint16 s), bit 12 remaining time (uint16 s).
 * - Supported Power Range 0x2AD8 (§4.14): minimum sint16 W, maximum sint16 W, minimum increment uint16 W.
 * - Fitness Machine Status 0x2ADA (§4.17): op code uint8; 0x02 stopped or paused by the user (uint8
 *   0x01 stop, 0x02 pause), 0x04 started or resumed by the user, 0x08 target power changed (sint16 W),
 *   0xFF control permission lost; other codes are read as 'other'.
 */

export const FTMS = {
  service: 0x1826,
  indoorBikeData: 0x2ad2,
  supportedPowerRange: 0x2ad8,
  controlPoint: 0x2ad9,
  status: 0x2ada,
} as const;

export const FTMS_OP = {
  requestControl: 0x00,
  reset: 0x01,
  setTargetPower: 0x05,
  startOrResume: 0x07,
  stopOrPause: 0x08,
  responseCode: 0x80,
} as const;

export type FtmsResult = 'success' | 'notSupported' | 'invalidParameter' | 'failed' | 'notPermitted';

/** Result codes 0x01–0x05, in order (index = code − 1). */
const RESULTS: readonly FtmsResult[] = [
  'success',
  'notSupported',
  'invalidParameter',
  'failed',
  'notPermitted',
];

/** sint16 range of Set Target Power's parameter. */
const SINT16_MIN = -32768;
const SINT16_MAX = 32767;

export const requestControlBytes = (): Uint8Array => Uint8Array.of(FTMS_OP.requestControl);
export const startOrResumeBytes = (): Uint8Array => Uint8Array.of(FTMS_OP.startOrResume);
/** Stop (0x01) or pause (0x02) the machine's workout. */
export const stopOrPauseBytes = (pause: boolean): Uint8Array =>
  Uint8Array.of(FTMS_OP.stopOrPause, pause ? 0x02 : 0x01);

/** Set Target Power: op 0x05 and the watts as sint16, little-endian, rounded to the 1 W resolution. */
export function setTargetPowerBytes(powerW: number): Uint8Array {
  const w = Math.min(SINT16_MAX, Math.max(SINT16_MIN, Math.round(powerW)));
  const out = new Uint8Array(3);
  const view = new DataView(out.buffer);
  view.setUint8(0, FTMS_OP.setTargetPower);
  view.setInt16(1, w, true);
  return out;
}

export interface ControlPointResponse {
  /** The op code the machine answers. */
  requestOp: number;
  result: FtmsResult | 'unknown';
}

/** A control point indication, or undefined when it is not a response (op code other than 0x80). */
export function parseControlPointResponse(view: DataView): ControlPointResponse | undefined {
  if (view.byteLength < 3 || view.getUint8(0) !== FTMS_OP.responseCode) return undefined;
  return { requestOp: view.getUint8(1), result: RESULTS[view.getUint8(2) - 1] ?? 'unknown' };
}

export interface IndoorBikeData {
  speedKmh?: number;
  cadenceRpm?: number;
  distanceM?: number;
  powerW?: number;
  heartRateBpm?: number;
  elapsedS?: number;
}

const bit = (flags: number, n: number) => ((flags >> n) & 1) === 1;

export function parseIndoorBikeData(view: DataView): IndoorBikeData {
  const flags = view.getUint16(0, true);
  const out: IndoorBikeData = {};
  let at = 2;
  const has = (bytes: number) => at + bytes <= view.byteLength;
  // Bit 0 is "More Data": when it is 0 this notification carries the instantaneous speed.
  if (!bit(flags, 0) && has(2)) {
    out.speedKmh = view.getUint16(at, true) / 100;
    at += 2;
  }
  if (bit(flags, 1)) at += 2;
  if (bit(flags, 2) && has(2)) {
    out.cadenceRpm = view.getUint16(at, true) / 2;
    at += 2;
  }
  if (bit(flags, 3)) at += 2;
  if (bit(flags, 4) && has(3)) {
    out.distanceM = view.getUint16(at, true) + view.getUint8(at + 2) * 0x10000;
    at += 3;
  }
  if (bit(flags, 5)) at += 2;
  if (bit(flags, 6) && has(2)) {
    out.powerW = view.getInt16(at, true);
    at += 2;
  }
  if (bit(flags, 7)) at += 2;
  if (bit(flags, 8)) at += 5;
  if (bit(flags, 9) && has(1)) {
    out.heartRateBpm = view.getUint8(at);
    at += 1;
  }
  if (bit(flags, 10)) at += 1;
  if (bit(flags, 11) && has(2)) out.elapsedS = view.getUint16(at, true);
  return out;
}

export interface PowerRange {
  minW: number;
  maxW: number;
  incrementW: number;
}

export function parseSupportedPowerRange(view: DataView): PowerRange {
  return { minW: view.getInt16(0, true), maxW: view.getInt16(2, true), incrementW: view.getUint16(4, true) };
}

/** A target the trainer can hold: inside its range, on its increment. */
export function clampToRange(powerW: number, range: PowerRange | undefined): number {
  const rounded = Math.round(powerW);
  if (!range) return Math.max(0, rounded);
  const step = range.incrementW > 0 ? range.incrementW : 1;
  const onStep = range.minW + Math.round((rounded - range.minW) / step) * step;
  return Math.min(range.maxW, Math.max(range.minW, onStep));
}

export type MachineStatus =
  | { kind: 'stoppedByUser'; pause: boolean }
  | { kind: 'startedByUser' }
  | { kind: 'targetPowerChanged'; powerW: number }
  | { kind: 'controlLost' }
  | { kind: 'other'; op: number };

export function parseMachineStatus(view: DataView): MachineStatus {
  const op = view.getUint8(0);
  if (op === 0x02) return { kind: 'stoppedByUser', pause: view.byteLength > 1 && view.getUint8(1) === 0x02 };
  if (op === 0x04) return { kind: 'startedByUser' };
  if (op === 0x08 && view.byteLength >= 3)
    return { kind: 'targetPowerChanged', powerW: view.getInt16(1, true) };
  if (op === 0xff) return { kind: 'controlLost' };
  return { kind: 'other', op };
}
