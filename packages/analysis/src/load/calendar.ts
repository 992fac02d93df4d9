/**
 * Calendar days as ISO dates (`YYYY-MM-DD`) in the rider's own time zone, decided by the caller.
 * Arithmetic goes through UTC midnights, so it never depends on the host's zone or clock.
 */

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for an ISO date; throws on anything else. */
export function dayNumber(isoDate: string): number {
  const match = ISO_DATE.exec(isoDate);
  if (match === null) throw new RangeError(`not an ISO date: ${isoDate}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const day = ms / MS_PER_DAY;
  if (isoDateOf(day) !== isoDate) throw new RangeError(`not a calendar date: ${isoDate}`);
  return day;
}

/** ISO date of a day number. */
export function isoDateOf(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Whole days from `fromDate` to `toDate` (negative when `toDate` is earlier). */
export function daysBetween(fromDate: string, toDate: string): number {
  return dayNumber(toDate) - dayNumber(fromDate);
}

/**
 * One TSS per calendar day from `fromDate` to `toDate` inclusive: the sum of that day's activities,
 * 0 on rest days (the PMC counts rest days as zero load). Entries outside the range are ignored;
 * entries without a TSS should not be passed.
 */
export function dailyTssSeries(
  entries: ReadonlyArray<{ readonly date: string; readonly tss: number }>,
  range: { readonly fromDate: string; readonly toDate: string },
): { dates: string[]; tss: Float64Array } {
  const first = dayNumber(range.fromDate);
  const days = dayNumber(range.toDate) - first + 1;
  if (days < 0) throw new RangeError('toDate is before fromDate');
  const tss = new Float64Array(days);
  for (const entry of entries) {
    const k = dayNumber(entry.date) - first;
    if (k >= 0 && k < days && Number.isFinite(entry.tss)) tss[k]! += entry.tss;
  }
  const dates = Array.from({ length: days }, (_, k) => isoDateOf(first + k));
  return { dates, tss };
}
