import { Profile } from '@garmin/fitsdk';

/** Seconds from the Unix epoch to the FIT epoch, 1989-12-31T00:00:00Z (FIT profile, type date_time). */
export const FIT_EPOCH_OFFSET_S = 631_065_600;

/**
 * date_time values below 0x10000000 are "system time" (seconds since the device powered on), not an
 * instant (FIT profile, date_time "min"); such files cannot be placed on the calendar.
 */
export const FIT_DATE_TIME_MIN = 0x10000000;

/** A finite number, or undefined for anything else the decoder may hand back (null, arrays, strings). */
export function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** FIT date_time (raw seconds, as decoded with convertDateTimesToDates off) to a JS Date. */
export function fitTimeToDate(fitSeconds: number): Date {
  return new Date((fitSeconds + FIT_EPOCH_OFFSET_S) * 1000);
}

/** Name of a FIT enum value ('cycling' for sport 2); numbers the profile does not know come back as text. */
export function enumName(type: string, value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const n = num(value);
  if (n === undefined) return undefined;
  return Profile.types[type]?.[n] ?? String(n);
}

/** Manufacturers whose product numbers are garmin_product values (FIT profile, file_id.product subfields). */
const GARMIN_PRODUCT_MANUFACTURERS = new Set([1, 13, 15, 89]);
const FAVERO = 263;

export function productName(manufacturer: unknown, product: unknown): string | undefined {
  const m = num(manufacturer);
  if (m !== undefined && GARMIN_PRODUCT_MANUFACTURERS.has(m)) return enumName('garminProduct', product);
  if (m === FAVERO) return enumName('faveroProduct', product);
  const p = num(product);
  return p === undefined ? undefined : String(p);
}

/**
 * device_info.device_type means different things by source_type (FIT profile subfields): ANT+ device type,
 * BLE device type or a local one. Files that omit source_type are old ANT+ recorders, so ANT+ is assumed.
 */
export function deviceTypeName(sourceType: unknown, deviceType: unknown): string | undefined {
  switch (num(sourceType)) {
    case 3:
      return enumName('bleDeviceType', deviceType);
    case 5:
      return enumName('localDeviceType', deviceType);
    case 0:
      return num(deviceType) === undefined ? undefined : String(deviceType);
    default:
      return enumName('antplusDeviceType', deviceType);
  }
}
