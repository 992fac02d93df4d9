import { z } from 'zod';

// Issue 16: inputs PostgreSQL refuses must be refused at validation with a field message, not reach
// the database and come back as a 500. PostgreSQL text cannot hold U+0000 ("invalid byte sequence
// for encoding UTF8: 0x00"), and its dates have no year 0 (there is no year between 1 BC and AD 1).

/** True when a string holds U+0000, which no PostgreSQL text column can store. */
export const hasNul = (value: string): boolean => value.includes('\u0000');

/** How deep a JSON body or query may nest; the deepest schema nests three levels (`points.hip.x`). */
export const INPUT_DEPTH_MAX = 32;

/**
 * The first problem anywhere in a parsed JSON body or query, with its path (`a.b.0`): a string
 * holding U+0000 (keys included), or nesting deeper than INPUT_DEPTH_MAX. Iterative, so 50,000
 * levels of `{"a":` in a 1 MB body cost one pass instead of overflowing the stack (a 500).
 */
export function findInputProblem(
  value: unknown,
): { path: string; problem: 'text_nul' | 'too_deep' } | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === 'string') {
      if (hasNul(item)) return { path: path.join('.') || '_', problem: 'text_nul' };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (path.length >= INPUT_DEPTH_MAX) return { path: path.join('.'), problem: 'too_deep' };
    const entries = Array.isArray(item) ? item.map((v, i) => [i, v] as const) : Object.entries(item);
    // Pushed in reverse, so the first field is looked at first (the path reported is the first one).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (typeof key === 'string' && hasNul(key))
        return { path: [...path, key.replaceAll('\u0000', '\\0')].join('.'), problem: 'text_nul' };
      stack.push({ value: child, path: [...path, key] });
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
