import { z } from 'zod';

// Issue 16: inputs PostgreSQL refuses must be refused at validation with a field message, not reach
// the database and come back as a 500. PostgreSQL text cannot hold U+0000 ("invalid byte sequence
// for encoding UTF8: 0x00"), and its dates have no year 0 (there is no year between 1 BC and AD 1).

/** True when a string holds U+0000, which no PostgreSQL text column can store. */
export const hasNul = (value: string): boolean => value.includes('\u0000');

/**
 * The path (`a.b.0`) of the first string holding U+0000 anywhere in a parsed JSON body or query,
 * keys included, or undefined. Servers check every request with it before their schemas.
 */
export function findNul(value: unknown, path: (string | number)[] = []): string | undefined {
  if (typeof value === 'string') return hasNul(value) ? path.join('.') || '_' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasNul(key)) return [...path, key.replaceAll('\u0000', '\\0')].join('.');
      const found = findNul(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Years a date filter or entry may name: four digits, and never year 0 (PostgreSQL refuses it). */
export const CALENDAR_YEAR_MIN = 1000;
export const CALENDAR_YEAR_MAX = 9999;

/**
 * A real calendar day as `YYYY-MM-DD` (2024-02-30 is refused, not rolled over to March) with a year
 * in [CALENDAR_YEAR_MIN, CALENDAR_YEAR_MAX]. Message key `date_invalid`.
 */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_invalid' })
  .refine(
    (v) => {
      const [year, month, day] = v.split('-').map(Number) as [number, number, number];
      if (year < CALENDAR_YEAR_MIN || year > CALENDAR_YEAR_MAX) return false;
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    },
    { message: 'date_invalid' },
  );
