import { describe, expect, test } from 'vitest';
import { dayNumber, isoDateOf } from './calendar.ts';

describe('isoDateOf', () => {
  test('names every day of years 0–9999 as toISOString does (integer arithmetic, no Date)', () => {
    const viaDate = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
    let mismatches = 0;
    // Every 7th day of the whole range, and every day around the leap-year and century edges.
    for (let day = -719_528; day <= 2_932_896; day += 7) if (isoDateOf(day) !== viaDate(day)) mismatches++;
    for (const year of [1900, 2000, 2024, 2100]) {
      const start = dayNumber(`${year}-02-20`);
      for (let day = start; day < start + 20; day++) if (isoDateOf(day) !== viaDate(day)) mismatches++;
    }
    expect(mismatches).toBe(0);
    expect(isoDateOf(0)).toBe('1970-01-01');
    expect(isoDateOf(dayNumber('2024-02-29'))).toBe('2024-02-29');
    expect(isoDateOf(-1)).toBe('1969-12-31');
  });

  test('outside years 0–9999 and for a fractional day, as toISOString', () => {
    expect(isoDateOf(-719_529)).toBe(new Date(-719_529 * 86_400_000).toISOString().slice(0, 10));
    expect(isoDateOf(2_932_897)).toBe(new Date(2_932_897 * 86_400_000).toISOString().slice(0, 10));
    expect(isoDateOf(1.5)).toBe('1970-01-02');
  });
});
