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

/**
 * ISO date of a day number (days since 1970-01-01). By integer arithmetic, Hinnant's civil_from_days
 * (https://howardhinnant.github.io/date_algorithms.html#civil_from_days), not through a Date and
 * toISOString: the daily series of a long history name every day, and the Date path was a tenth of the
 * server's CPU under load (issue 16). Outside years 0–9999 (which toISOString writes differently) and
 * for fractional days, the Date path.
 */
export function isoDateOf(day: number): string {
  if (!Number.isInteger(day) || day < -719_528 || day > 2_932_896) {
    return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
  }
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
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
