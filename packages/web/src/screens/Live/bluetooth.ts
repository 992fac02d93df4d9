// Web Bluetooth, only in this screen's chunk (issue 15): the three cycling sensor services, each
// connected from a button press (browsers ask the rider to pick the device), notifications handed on as
// the characteristic's bytes for gatt.ts to parse. The DOM library has no Web Bluetooth types; the few
// members used are declared here.
import { GATT } from './gatt';

interface BluetoothCharacteristic extends EventTarget {
  readonly value?: DataView | null;
  startNotifications(): Promise<BluetoothCharacteristic>;
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
