// Web Bluetooth, only in this screen's chunk (issue 15): the three cycling sensor services, each
// connected from a button press (browsers ask the rider to pick the device), notifications handed on as
// the characteristic's bytes for gatt.ts to parse. The DOM library has no Web Bluetooth types; the few
// members used are declared here.
import type { ControlPointLink } from './ergControl';
import {
  FTMS,
  type IndoorBikeData,
  type PowerRange,
  parseIndoorBikeData,
  parseSupportedPowerRange,
} from './ftms';
import { GATT } from './gatt';

interface BluetoothCharacteristic extends EventTarget {
  readonly value?: DataView | null;
  startNotifications(): Promise<BluetoothCharacteristic>;
  readValue?(): Promise<DataView>;
  writeValueWithResponse?(value: BufferSource): Promise<void>;
  writeValue?(value: BufferSource): Promise<void>;
}
interface BluetoothService {
  getCharacteristic(uuid: number): Promise<BluetoothCharacteristic>;
}
interface BluetoothServer {
  getPrimaryService(uuid: number): Promise<BluetoothService>;
  disconnect(): void;
}
interface BluetoothDeviceLike extends EventTarget {
  readonly name?: string | null;
  readonly gatt?: { connect(): Promise<BluetoothServer>; disconnect(): void } | null;
}
interface BluetoothLike {
  requestDevice(options: { filters: { services: number[] }[] }): Promise<BluetoothDeviceLike>;
}

export type SensorKind = 'power' | 'heartRate' | 'speedCadence';
export const SENSOR_KINDS: readonly SensorKind[] = ['power', 'heartRate', 'speedCadence'];

const SERVICES: Record<SensorKind, { service: number; measurement: number }> = {
  power: { service: GATT.cyclingPowerService, measurement: GATT.cyclingPowerMeasurement },
  heartRate: { service: GATT.heartRateService, measurement: GATT.heartRateMeasurement },
  speedCadence: { service: GATT.cyclingSpeedCadenceService, measurement: GATT.cscMeasurement },
};

function bluetooth(): BluetoothLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { bluetooth?: BluetoothLike }).bluetooth;
}

/** Whether this browser offers Web Bluetooth (Chrome and Edge on desktop and Android; not Firefox, Safari). */
export function bluetoothSupported(): boolean {
  return bluetooth() !== undefined && typeof window !== 'undefined' && window.isSecureContext;
}

export interface ConnectedSensor {
  kind: SensorKind;
  name: string;
  disconnect: () => void;
}

/**
 * Asks the rider for a device offering `kind`'s service, connects, and calls `onValue` with each
 * measurement notification's bytes. Rejects when the rider cancels the browser's chooser.
 */
export async function connectSensor(
  kind: SensorKind,
  onValue: (value: DataView) => void,
  onDisconnect: () => void,
): Promise<ConnectedSensor> {
  const api = bluetooth();
  if (!api) throw new Error('Web Bluetooth is not available');
  const { service, measurement } = SERVICES[kind];
  const device = await api.requestDevice({ filters: [{ services: [service] }] });
  if (!device.gatt) throw new Error('The device offers no GATT server');
  const server = await device.gatt.connect();
  const characteristic = await (await server.getPrimaryService(service)).getCharacteristic(measurement);
  characteristic.addEventListener('characteristicvaluechanged', (event) => {
    const value = (event.target as BluetoothCharacteristic).value;
    if (value) onValue(value);
  });
  device.addEventListener('gattserverdisconnected', onDisconnect);
  await characteristic.startNotifications();
  return {
    kind,
    name: device.name || kind,
    disconnect: () => {
      device.removeEventListener('gattserverdisconnected', onDisconnect);
      device.gatt?.disconnect();
    },
  };
}

/** What the control point's and the status characteristic's messages are handed to. */
export interface TrainerListener {
  onIndication(value: DataView): void;
  onStatus(value: DataView): void;
}

export interface ConnectedTrainer {
  name: string;
  /** Supported Power Range (0x2AD8), when the trainer offers it. */
  range: PowerRange | undefined;
  /** The control point (0x2AD9); undefined when the trainer has none (it only reports data). */
  link: ControlPointLink | undefined;
  /** Who receives the control point's indications and the machine's status; one ride at a time. */
  listen(listener: TrainerListener | undefined): void;
  disconnect: () => void;
}

const eventValue = (event: Event) => (event.target as BluetoothCharacteristic).value;

/**
 * Asks the rider for a smart trainer offering the Fitness Machine Service (0x1826), subscribes to its
 * Indoor Bike Data, and to the control point's indications and the machine status when it has them:
 * a trainer without a control point still gives power, cadence and speed; the workout is then followed
 * on screen. Rejects when the rider cancels the browser's chooser.
 */
export async function connectTrainer(
  onData: (data: IndoorBikeData) => void,
  onDisconnect: () => void,
): Promise<ConnectedTrainer> {
  const api = bluetooth();
  if (!api) throw new Error('Web Bluetooth is not available');
  const device = await api.requestDevice({ filters: [{ services: [FTMS.service] }] });
  if (!device.gatt) throw new Error('The device offers no GATT server');
  const server = await device.gatt.connect();
  const service = await server.getPrimaryService(FTMS.service);
  const optional = (uuid: number) => service.getCharacteristic(uuid).catch(() => undefined);
  const bikeData = await service.getCharacteristic(FTMS.indoorBikeData);
  bikeData.addEventListener('characteristicvaluechanged', (event) => {
    const value = eventValue(event);
    if (value) onData(parseIndoorBikeData(value));
  });
  let listener: TrainerListener | undefined;
  const controlPoint = await optional(FTMS.controlPoint);
  const status = await optional(FTMS.status);
  const rangeCharacteristic = await optional(FTMS.supportedPowerRange);
  let range: PowerRange | undefined;
  try {
    const value = await rangeCharacteristic?.readValue?.();
    if (value && value.byteLength >= 6) range = parseSupportedPowerRange(value);
  } catch {
    // No range: targets are only kept at 0 W or more.
  }
  if (controlPoint) {
    controlPoint.addEventListener('characteristicvaluechanged', (event) => {
      const value = eventValue(event);
      if (value) listener?.onIndication(value);
    });
    // Indications: Web Bluetooth subscribes to them with the same call as to notifications.
    await controlPoint.startNotifications();
  }
  if (status) {
    status.addEventListener('characteristicvaluechanged', (event) => {
      const value = eventValue(event);
      if (value) listener?.onStatus(value);
    });
    await status.startNotifications().catch(() => undefined);
  }
  device.addEventListener('gattserverdisconnected', onDisconnect);
  await bikeData.startNotifications();
  const write = controlPoint?.writeValueWithResponse ?? controlPoint?.writeValue;
  return {
    name: device.name || 'FTMS',
    range,
    link:
      controlPoint && write
        ? { write: (bytes: Uint8Array) => write.call(controlPoint, bytes as BufferSource) }
        : undefined,
    listen: (next) => {
      listener = next;
    },
    disconnect: () => {
      device.removeEventListener('gattserverdisconnected', onDisconnect);
      device.gatt?.disconnect();
    },
  };
}
