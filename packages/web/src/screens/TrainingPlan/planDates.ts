// Calendar arithmetic on plain 'YYYY-MM-DD' days (the plan's days are calendar days, not instants):
// done at noon UTC so no time zone or daylight-saving change moves a day.

const DAY_MS = 86_400_000;

function toTime(day: string): number {
  return Date.parse(`${day}T12:00:00Z`);
}

function fromTime(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return fromTime(toTime(day) + days * DAY_MS);
}

/** ISO weekday, 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(toTime(day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The Monday of the day's week (plans and calendars start weeks on Monday, ISO 8601). */
export function weekStart(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** The seven days of the week that holds `day`, Monday first. */
export function weekDays(day: string): string[] {
  const start = weekStart(day);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** The first day of the day's month. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The same day `months` months on, clamped to the first of that month (the calendar pages by month). */
export function addMonths(day: string, months: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * The weeks a month page shows: from the Monday on or before the 1st to the Sunday on or after the
 * last day, so every row is a full week (4 to 6 rows).
 */
export function monthGrid(day: string): string[][] {
  const first = monthStart(day);
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  for (let start = weekStart(first); start <= last; start = addDays(start, 7)) {
    weeks.push(weekDays(start));
  }
  return weeks;
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toTime(b) - toTime(a)) / DAY_MS);
}

/** A day as a Date at noon UTC, for Intl formatting with timeZone 'UTC'. */
export function dayDate(day: string): Date {
  return new Date(toTime(day));
}
